import { pathToFileURL } from 'node:url';
import { User } from '@portal/identity-service/testing';
import { makeCourse } from '@portal/catalogue-service/testing';
import { CertificateRecord, certificatePdf, Enrolment } from '@portal/enrolment-service/testing';
import { recordAloneRun, signedInManager, withBenchPortal } from './bench-portal';

/** Issue 11's goals: certificates rendered per second on one core, and a 1,000-certificate zip. */
export const CERTIFICATES_PER_SECOND_GOAL = 50;
export const ZIP_CERTIFICATES = 1_000;
export const ZIP_TARGET_SECONDS = 20;
export const ZIP_TARGET_PEAK_MB = 200;

export interface CertificateFigure {
  rendered: number;
  perSecond: number;
  zip: { certificates: number; seconds: number; bytes: number; peakRssMB: number; rssBeforeMB: number; database: string };
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Renders certificates one after another in this process (one core): the PDF with its QR and embedded font. */
async function renderRate(count: number): Promise<number> {
  const face = {
    learnerName: 'Zoë Łukasz-Åberg',
    courseName: 'Manual Handling Essentials',
    companyName: 'Demo Construction Ltd',
    passedAt: new Date(),
    expiresAt: new Date(Date.now() + 365 * 86_400_000),
    code: 'ABCD-EFGH-JKMN-PQRS',
    verifyUrl: 'https://portal.example/verify?code=ABCD-EFGH-JKMN-PQRS',
  };
  await certificatePdf(face, null); // the font is read once, as in the server
  const started = performance.now();
  for (let i = 0; i < count; i++) await certificatePdf({ ...face, code: `ABCD-EFGH-JKMN-${String(i).padStart(4, '0')}` }, null);
  return Number((count / ((performance.now() - started) / 1000)).toFixed(1));
}

/** POST /api/enrollments/downloadBulkCertificates for `count` passed enrolments, read to the end, with the process's peak memory. */
async function zipOf(count: number): Promise<CertificateFigure['zip']> {
  return withBenchPortal('certificates', async ({ baseUrl, em, database }) => {
    const { company, headers } = await signedInManager(em, 'Bench Certificates Ltd');
    const course = await makeCourse(em, { name: 'Bench Induction', validityPeriod: 3 });
    const passedAt = new Date();
    const expiresAt = new Date(passedAt.getTime() + 3 * 365 * 86_400_000);
    const learners = Array.from({ length: count }, (_, i) =>
      em.create(User, {
        name: `Bench Learner ${i + 1}`,
        email: null,
        passwordHash: null,
        loginCode: `BENCHCERT${i}`,
        companyId: company.id,
        role: 'learner',
        wpUser: false,
      }),
    );
    await em.flush();
    const enrolments = learners.map((learner) =>
      em.create(Enrolment, {
        userId: learner.id,
        courseId: course.id,
        companyId: company.id,
        status: 'passed',
        score: 100,
        certificateCode: null,
        startedAt: passedAt,
        passedAt,
        expiresAt,
      }),
    );
    await em.flush();
    enrolments.forEach((enrolment, i) => {
      const code = `BENCH-${String(i).padStart(6, '0')}`;
      enrolment.certificateCode = code;
      em.create(CertificateRecord, {
        code,
        enrolmentId: enrolment.id,
        userId: enrolment.userId,
        courseId: course.id,
        companyId: company.id,
        issuedAt: passedAt,
        expiresAt,
        revokedAt: null,
        revokedReason: null,
        revokedById: null,
        revokedBy: null,
        supersededBy: null,
        supersededAt: null,
      });
    });
    await em.flush();

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/enrollments/downloadBulkCertificates`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: enrolments.map((e) => e.id) }),
    });
    if (!response.ok || !response.body) throw new Error(`the zip answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
    const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { certificates: count, seconds, bytes, peakRssMB: mb(peak), rssBeforeMB: mb(rssBefore), database };
  });
}

export async function benchCertificates(): Promise<CertificateFigure> {
  const rendered = 200;
  const perSecond = await renderRate(rendered);
  const zip = await zipOf(ZIP_CERTIFICATES);
  return { rendered, perSecond, zip };
}

/**
 * What is wrong with a figure (empty when it meets issue 11's goals). Memory is the growth of the
 * one process (server and client) above what the platform held before the zip.
 */
export function certificateProblems(figure: CertificateFigure): string[] {
  const problems: string[] = [];
  if (figure.perSecond < CERTIFICATES_PER_SECOND_GOAL)
    problems.push(`certificates: ${figure.perSecond} rendered per second (goal ${CERTIFICATES_PER_SECOND_GOAL}).`);
  if (figure.zip.seconds > ZIP_TARGET_SECONDS)
    problems.push(
      `certificates: the ${figure.zip.certificates}-certificate zip took ${figure.zip.seconds} s (target ${ZIP_TARGET_SECONDS} s).`,
    );
  const growth = figure.zip.peakRssMB - figure.zip.rssBeforeMB;
  if (growth > ZIP_TARGET_PEAK_MB)
    problems.push(`certificates: memory grew by ${growth} MB while zipping (target ${ZIP_TARGET_PEAK_MB} MB).`);
  return problems;
}

export function certificateMarkdown(figure: CertificateFigure): string[] {
  return [
    `| certificates (${figure.zip.database}) | figure | goal |`,
    '| --- | ---: | ---: |',
    `| PDFs rendered per second, one core (${figure.rendered} in a row) | ${figure.perSecond} | ≥ ${CERTIFICATES_PER_SECOND_GOAL} |`,
    `| zip of ${figure.zip.certificates} certificates over HTTP, s (${mb(figure.zip.bytes)} MB) | ${figure.zip.seconds} | ≤ ${ZIP_TARGET_SECONDS} |`,
    `| memory growth while zipping, MB (process peak ${figure.zip.peakRssMB}, before ${figure.zip.rssBeforeMB}) | ${figure.zip.peakRssMB - figure.zip.rssBeforeMB} | ≤ ${ZIP_TARGET_PEAK_MB} |`,
  ];
}

/** Run alone (`npx tsx bench/certificates.ts`): measures, and writes the figure into bench-results/bench.json beside the others. */
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figure = await benchCertificates();
  recordAloneRun('certificates', figure, certificateProblems(figure), certificateMarkdown(figure));
}
