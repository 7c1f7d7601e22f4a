import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { logger } from '@portal/service-kit';

/** What a certificate prints, and nothing else. */
export interface CertificateFace {
  learnerName: string;
  courseName: string;
  companyName: string;
  passedAt: Date;
  expiresAt: Date | null;
  code: string;
  verifyUrl: string;
}

/** The admin's background (PNG or JPEG), stretched over the A4 landscape page. */
export interface CertificateBackground {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

const require = createRequire(import.meta.url);
/** pdfkit's own fontkit (the one it parses fonts with), so a parsed font can be handed to it. */
const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as { create(data: Uint8Array): PDFKit.Mixins.PDFFontSource };
let fonts: { regular: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | null = null;
/**
 * DejaVu (npm dejavu-fonts-ttf): Latin, accents, Greek, Cyrillic and more, embedded (subset) in each
 * PDF. Parsed once per process: pdfkit takes a parsed font, and parsing two 700 KB fonts for every
 * certificate was most of its cost. The sign-in slips print with them too.
 */
export function loadFonts() {
  fonts ??= {
    regular: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))),
    bold: fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'))),
  };
  return fonts;
}

/** Dates as en-GB print them: 15 June 2026. */
export const certificateDate = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `{course} - {learner}.pdf`, kept to characters every file system and browser takes. */
export function certificateFileName(face: Pick<CertificateFace, 'courseName' | 'learnerName'>): string {
  const letters: Record<string, string> = {
    Ł: 'L',
    ł: 'l',
    Ø: 'O',
    ø: 'o',
    Đ: 'D',
    đ: 'd',
    ß: 'ss',
    Æ: 'AE',
    æ: 'ae',
    Œ: 'OE',
    œ: 'oe',
    Þ: 'Th',
    þ: 'th',
  };
  const safe = (text: string) =>
    text
      .replace(/[ŁłØøĐđßÆæŒœÞþ]/g, (ch) => letters[ch] ?? ch)
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '')
      .trim()
      .replace(/\s+/g, ' ');
  return `${safe(face.courseName) || 'Course'} - ${safe(face.learnerName) || 'Learner'}.pdf`.slice(0, 180);
}

const WIDTH = 841.89;
const HEIGHT = 595.28;

/** Draws the QR code as vector squares (crisp at any zoom, and faster than embedding a PNG). */
export function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < count; row++) {
    let run = -1;
    for (let col = 0; col <= count; col++) {
      const dark = col < count && qr.modules.get(row, col) === 1;
      if (dark && run < 0) run = col;
      if (!dark && run >= 0) {
        doc.rect(x + (quiet + run) * cell, y + (quiet + row) * cell, (col - run) * cell + 0.05, cell + 0.05);
        run = -1;
      }
    }
  }
  doc.fill().restore();
}

/** Writes the certificate onto a pdfkit document (one A4 landscape page). */
function drawCertificate(doc: PDFKit.PDFDocument, face: CertificateFace, background: CertificateBackground | null) {
  const { regular, bold } = loadFonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  if (background) {
    doc.image(background.bytes, 0, 0, { width: WIDTH, height: HEIGHT });
  } else {
    doc.rect(0, 0, WIDTH, HEIGHT).fill('#f7f9fc');
    doc
      .lineWidth(6)
      .rect(24, 24, WIDTH - 48, HEIGHT - 48)
      .stroke('#1f4e79');
    doc
      .lineWidth(1.5)
      .rect(36, 36, WIDTH - 72, HEIGHT - 72)
      .stroke('#c9a227');
  }
  const centre = { width: WIDTH - 160, align: 'center' as const };
  doc.fillColor('#1f2937');
  doc.font('bold').fontSize(34).text('Certificate of Completion', 80, 88, centre);
  doc.font('body').fontSize(14).text('This is to certify that', 80, 150, centre);
  doc
    .font('bold')
    .fontSize(30)
    .text(face.learnerName, 80, 176, { ...centre, height: 80, ellipsis: true });
  doc
    .font('body')
    .fontSize(14)
    .text(`of ${face.companyName}`, 80, 222, { ...centre, height: 40, ellipsis: true });
  doc.text('has successfully completed', 80, 252, centre);
  doc
    .font('bold')
    .fontSize(22)
    .text(face.courseName, 80, 278, { ...centre, height: 60, ellipsis: true });

  doc.font('body').fontSize(12);
  doc.text(`Passed: ${certificateDate(face.passedAt)}`, 90, 400);
  doc.text(`Expires: ${face.expiresAt ? certificateDate(face.expiresAt) : 'Does not expire'}`, 90, 420);
  doc.text(`Certificate code: ${face.code}`, 90, 440);
  doc.fontSize(9).fillColor('#4b5563').text(`Check this certificate: scan the QR code or visit ${face.verifyUrl}`, 90, 470, { width: 480 });
  drawQr(doc, face.verifyUrl, WIDTH - 90 - 120, 380, 120);
}

function newDocument(face: CertificateFace) {
  return new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `Certificate: ${face.courseName} — ${face.learnerName}`, Subject: face.code, Author: 'Safety Training Portal' },
  });
}

/**
 * The certificate PDF in memory (for a mail attachment or one entry of a zip). A background that
 * cannot be drawn never fails a certificate: it is logged and the built-in design is used.
 */
export async function certificatePdf(face: CertificateFace, background: CertificateBackground | null): Promise<Buffer> {
  if (!background) return renderPdf(face, null);
  try {
    return await renderPdf(face, background);
  } catch (error) {
    logger.warn('the certificate background could not be drawn: the built-in design is used', {
      code: face.code,
      error: error instanceof Error ? error.message : String(error),
    });
    return renderPdf(face, null);
  }
}

function renderPdf(face: CertificateFace, background: CertificateBackground | null): Promise<Buffer> {
  const doc = newDocument(face);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawCertificate(doc, face, background);
  doc.end();
  return done;
}
