import PDFDocument from 'pdfkit';
import { SIGN_IN_SLIPS_PER_PAGE, signInAddress } from '@portal/contracts';
import { drawQr, loadFonts } from '../certificates/certificate-pdf';
import type { SlipLearner } from './slip-learners';

// A4 portrait in points, 2 columns × 4 rows of slips inside a margin most printers can print to.
const PAGE = { width: 595.28, height: 841.89, margin: 20 };
const COLUMNS = 2;
const ROWS = SIGN_IN_SLIPS_PER_PAGE / COLUMNS;
const SLIP = { width: (PAGE.width - 2 * PAGE.margin) / COLUMNS, height: (PAGE.height - 2 * PAGE.margin) / ROWS, padding: 14 };
const QR_SIZE = 96;
const GREY = '#4b5563';

/**
 * Text as a slip prints it: control characters and bidi overrides become spaces, so a hostile name
 * can neither break the layout nor reorder what is printed after it.
 */
export const printable = (text: string) =>
  text
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The largest size (at most `max`) at which `text` fits on one line of `width`. */
function fittingSize(doc: PDFKit.PDFDocument, text: string, width: number, max: number, min: number): number {
  const at = doc.fontSize(max).widthOfString(text);
  return at <= width ? max : Math.max(min, Math.floor((max * width) / at));
}

/** A long name steps down from 13 to 8 points until it fits its box (below that it ends in an ellipsis). */
function fittingNameSize(doc: PDFKit.PDFDocument, name: string, width: number, height: number): number {
  for (let size = 13; size > 8; size--) if (doc.fontSize(size).heightOfString(name, { width, lineGap: 0 }) <= height) return size;
  return 8;
}

function drawSlip(doc: PDFKit.PDFDocument, learner: SlipLearner, appUrl: string, x: number, y: number) {
  const left = x + SLIP.padding;
  const top = y + SLIP.padding;
  const inner = SLIP.width - 2 * SLIP.padding;
  const textWidth = inner - QR_SIZE - 10;
  const oneBox = (height: number, width = textWidth) => ({ width, height, ellipsis: true, lineGap: 0 });

  drawQr(doc, signInAddress(appUrl, learner.loginCode), x + SLIP.width - SLIP.padding - QR_SIZE, top - 4, QR_SIZE);
  doc.fillColor(GREY).font('body').fontSize(8).text('Sign in to your training', left, top, oneBox(12));
  const name = printable(learner.name) || 'Learner';
  doc.fillColor('#111827').font('bold');
  doc.fontSize(fittingNameSize(doc, name, textWidth, 34)).text(name, left, top + 14, oneBox(34));
  doc
    .fillColor(GREY)
    .font('body')
    .fontSize(9.5)
    .text(printable(learner.companyName), left, top + 50, oneBox(24));
  doc.fontSize(8).text('Login code', left, top + 78, oneBox(12));
  doc.fillColor('#111827').font('bold');
  doc.fontSize(fittingSize(doc, learner.loginCode, textWidth, 18, 8)).text(learner.loginCode, left, top + 90, oneBox(24));

  // The way in, below the QR code and across the slip; an address of two lines pushes the last line down.
  doc
    .fillColor(GREY)
    .font('body')
    .fontSize(8)
    .text('Scan the QR code, or go to', left, top + 122, oneBox(12, inner));
  doc
    .fillColor('#111827')
    .font('bold')
    .fontSize(10)
    .text(`${appUrl}/login`, left, top + 134, oneBox(26, inner));
  doc
    .fillColor(GREY)
    .font('body')
    .fontSize(8)
    .text('choose “Login code” and enter the code above.', left, Math.min(doc.y + 2, top + 160), oneBox(12, inner));
}

/** Dashed lines around and between the slips, to cut along. */
function drawCutLines(doc: PDFKit.PDFDocument) {
  const { margin, width, height } = PAGE;
  doc.save().lineWidth(0.5).dash(4, { space: 3 }).strokeColor('#9ca3af');
  for (let column = 0; column <= COLUMNS; column++) {
    const x = margin + column * SLIP.width;
    doc.moveTo(x, margin).lineTo(x, height - margin);
  }
  for (let row = 0; row <= ROWS; row++) {
    const y = margin + row * SLIP.height;
    doc.moveTo(margin, y).lineTo(width - margin, y);
  }
  doc.stroke().undash().restore();
}

/** The slips PDF in memory (at most SIGN_IN_SLIPS_MAX slips: 125 pages, about 1.5 MB). */
export async function signInSlipsPdf(learners: SlipLearner[], appUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Sign-in slips', Author: 'Safety Training Portal' },
  });
  const { regular, bold } = loadFonts();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const address = appUrl.replace(/\/+$/, '');
  for (const [index, learner] of learners.entries()) {
    const slot = index % SIGN_IN_SLIPS_PER_PAGE;
    if (slot === 0) {
      // A page at a time: 1,000 slips take about 2 s of CPU, which other requests share this way.
      if (index > 0) await new Promise((resolve) => setImmediate(resolve));
      doc.addPage();
      drawCutLines(doc);
    }
    const x = PAGE.margin + (slot % COLUMNS) * SLIP.width;
    const y = PAGE.margin + Math.floor(slot / COLUMNS) * SLIP.height;
    drawSlip(doc, learner, address, x, y);
  }
  doc.end();
  return done;
}
