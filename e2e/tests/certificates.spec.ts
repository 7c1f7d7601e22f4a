import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIResponse, type Browser, type Page } from '@playwright/test';
import { mailSinkPorts, type ReceivedMail } from '../support/mail-sink';
import { DEMO, signInWithCode, signInWithPassword } from '../support/personas';
import { apiAs, uniqueTag } from './identity-helpers';

/**
 * Certificates end to end (issue 11): a learner passes courses (admin force-enrol with a pass
 * date), downloads the certificate and it is checked outside the app with Debian's tools (qpdf,
 * pdftotext, pdftoppm + zbarimg); the QR code's address tells the truth for a valid, an expired, a
 * revoked (withdrawn by the admin) and a superseded (renewed) certificate; email to two addresses
 * carries the PDF; a manager's bulk zip holds one PDF per certificate; everyone else is refused.
 */

interface Course {
  id: number;
  name: string;
  validity_period: number;
}
interface Learner {
  id: number;
  name: string;
  loginCode: string;
}
interface World {
  companyName: string;
  courses: [Course, Course, Course];
  learner: Learner;
  otherLearner: Learner;
  manager: { email: string; password: string };
  otherManager: { email: string; password: string };
  /** Force-enrolled enrolments, by what they are for. */
  enrolments: { valid: Enrolment; expired: Enrolment; revoked: Enrolment; other: Enrolment };
}
interface Enrolment {
  id: number;
  code: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const enGb = (date: Date) => date.toLocaleDateString('en-GB', { timeZone: 'UTC' });
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const work = mkdtempSync(join(tmpdir(), 'certificates-e2e-'));

async function makeWorld(browser: Browser, baseURL: string): Promise<World> {
  const admin = await browser.newPage({ baseURL });
  await signInWithPassword(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  const call = (method: string, path: string, data?: unknown) => apiAs(admin.context(), baseURL, method, path, data);
  const tag = uniqueTag();

  async function company(name: string) {
    const email = `cert-manager-${tag}-${name.length}@e2e.test`;
    const response = await call('POST', '/api/company/createCompanyAndUser', {
      name,
      manager_name: `Mara ${tag}`,
      manager_email: email,
      credit_balance: 5,
    });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { password: string; data: { id: number } };
    return { id: body.data.id, email, password: body.password };
  }
  const companyName = `Certified Works ${tag}`;
  const home = await company(companyName);
  const other = await company(`Elsewhere Ltd ${tag}`);

  async function learner(name: string, companyId: number): Promise<Learner> {
    const response = await call('POST', '/api/user', { name, company_id: companyId, role: 'learner' });
    expect(response.status(), await response.text()).toBe(200);
    const data = ((await response.json()) as { data: { id: number; name: string; login_code: string } }).data;
    return { id: data.id, name: data.name, loginCode: data.login_code };
  }
  // Accented and non-English letters: the embedded font must print them.
  const main = await learner(`Zoë Łukasiewicz-Ångström ${tag.slice(0, 4)}`, home.id);
  const second = await learner(`Otto Other ${tag.slice(0, 4)}`, home.id);

  const listed = (await (await call('GET', '/api/courses?sortBy=id&sortDir=asc&page=1')).json()) as { data: Course[] };
  const courses = listed.data.slice(0, 3) as [Course, Course, Course];
  expect(courses).toHaveLength(3);

  async function pass(userId: number, courseId: number, day: Date): Promise<Enrolment> {
    const response = await call('POST', `/api/user/${userId}/enroll`, { course_id: courseId, force: true, pass_date: isoDay(day) });
    expect(response.status(), await response.text()).toBe(200);
    const data = ((await response.json()) as { data: { id: number; certificate_code: string | null } }).data;
    expect(data.certificate_code).toBeTruthy();
    return { id: data.id, code: data.certificate_code! };
  }
  const today = new Date();
  const longAgo = new Date(Date.UTC(today.getUTCFullYear() - courses[1].validity_period - 2, 2, 1));
  const enrolments = {
    valid: await pass(main.id, courses[0].id, today),
    expired: await pass(main.id, courses[1].id, longAgo),
    revoked: await pass(main.id, courses[2].id, today),
    other: await pass(second.id, courses[0].id, today),
  };
  await admin.close();
  return {
    companyName,
    courses,
    learner: main,
    otherLearner: second,
    manager: { email: home.email, password: home.password },
    otherManager: { email: other.email, password: other.password },
    enrolments,
  };
}

let world: World;
test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  world = await makeWorld(browser, baseURL!);
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${test.info().outputDir}/${name}.png`, fullPage: true });

/** What Debian's tools read from a certificate PDF: qpdf's verdict, its text and the QR code's address. */
function inspectPdf(bytes: Buffer, name: string) {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // qpdf exits non-zero (and execFileSync throws) on a damaged file.
  const check = execFileSync('qpdf', ['--check', file], { encoding: 'utf8' });
  expect(check).toMatch(/No syntax or stream encoding errors found/);
  const text = squash(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
  const pages = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(work, name)]);
  const png = join(work, `${name}.png`);
  const qr = execFileSync('zbarimg', ['-q', '--raw', png], { encoding: 'utf8' }).trim();
  return { text, qr, png, pages };
}

/** The QR code's address, opened on this test server (PUBLIC_URL may name another host). */
const pathOf = (address: string) => {
  const url = new URL(address);
  return url.pathname + url.search;
};

async function downloadFromCard(page: Page, courseName: string): Promise<Buffer> {
  const card = page.getByTestId('course-card').filter({ hasText: courseName });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: /^Download certificate/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return readFileSync((await download.path())!);
}

async function mailsTo(baseURL: string, page: Page, to: string): Promise<ReceivedMail[]> {
  const { http } = mailSinkPorts(Number(new URL(baseURL).port));
  return (await (await page.request.get(`http://127.0.0.1:${http}/messages?to=${encodeURIComponent(to)}`)).json()) as ReceivedMail[];
}

test('a valid certificate: downloaded, read by qpdf, pdftotext and zbarimg, and its QR code says it is valid', async ({
  page,
  browser,
  baseURL,
}) => {
  const course = world.courses[0];
  await signInWithCode(page, world.learner.loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  const card = page.getByTestId('course-card').filter({ hasText: course.name });
  await expect(card).toHaveAttribute('data-state', 'passed');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${test.info().outputDir}/passed-card.png` });

  const pdf = inspectPdf(await downloadFromCard(page, course.name), 'valid');
  expect(pdf.pages).toMatch(/Pages:\s+1/);
  expect(pdf.text).toContain(world.learner.name);
  expect(pdf.text).toContain(squash(course.name));
  expect(pdf.text).toContain(world.companyName);
  expect(pdf.text).toContain(world.enrolments.valid.code);
  expect(pdf.qr).toMatch(/\/verify\?code=/);
  expect(new URL(pdf.qr).searchParams.get('code')).toBe(world.enrolments.valid.code);

  // Anyone (no session) who scans it is told it is valid, with what it prints.
  const stranger = await browser.newPage({ baseURL: baseURL! });
  await stranger.goto(pathOf(pdf.qr));
  const result = stranger.getByTestId('verify-valid');
  await expect(result).toContainText('This is a valid certificate.');
  for (const text of [course.name, world.learner.name, world.companyName, enGb(new Date())]) await expect(result).toContainText(text);
  await shot(stranger, 'verify-valid');
  await stranger.close();

  // The activities page offers the same PDF.
  await page.goto(`/learn/${world.enrolments.valid.id}/activities`);
  const [fromActivities] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Course Certificate' }).click(),
  ]);
  expect(
    readFileSync((await fromActivities.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await shot(page, 'activities-download');
});

test('share: the verify link is copied (Copied!), and email to two addresses carries the PDF', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const course = world.courses[0];
  await signInWithCode(page, world.learner.loginCode);
  const card = page.getByTestId('course-card').filter({ hasText: course.name });
  await card.getByRole('button', { name: /^Copy link/ }).click();
  await expect(card.getByTestId('share-status')).toHaveText('Copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${new URL(baseURL!).origin}/verify?code=${encodeURIComponent(world.enrolments.valid.code)}`,
  );

  // Email: the server's field errors appear under the box; then two addresses at once.
  await card.getByRole('button', { name: /^Email certificate/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Email certificate' });
  const box = dialog.getByLabel('Email addresses');
  await box.fill('someone@e2e.test, not-an-address');
  await dialog.getByRole('button', { name: 'Send certificate' }).click();
  await expect(dialog.getByText(/not a valid email address/)).toBeVisible();
  await shot(page, 'email-field-error');
  const tag = uniqueTag();
  const first = `cert-a-${tag}@e2e.test`;
  const second = `cert-b-${tag}@e2e.test`;
  await box.fill(` ${first} ,${second}`);
  await expect(dialog.getByTestId('email-recipients')).toHaveText('To 2 addresses');
  await dialog.getByRole('button', { name: 'Send certificate' }).click();
  await expect(dialog.getByText('The certificate has been emailed.')).toBeVisible();
  await shot(page, 'email-sent');
  await dialog.getByRole('button', { name: 'Done' }).click();

  for (const address of [first, second]) {
    await expect.poll(async () => (await mailsTo(baseURL!, page, address)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [mail] = await mailsTo(baseURL!, page, address);
    const pdfs = mail!.attachments.filter((a) => a.isPdf);
    expect(pdfs, JSON.stringify(mail!.attachments)).toHaveLength(1);
    expect(pdfs[0]!.filename).toMatch(/\.pdf$/);
    expect(pdfs[0]!.contentType).toBe('application/pdf');
  }
});

test('an expired certificate still downloads, and its QR code says expired since its date', async ({ page, browser, baseURL }) => {
  await signInWithCode(page, world.learner.loginCode);
  await expect(page.getByTestId('learner-dashboard')).toBeVisible();
  const response = await page.request.get(`/api/enrollments/${world.enrolments.expired.id}/certificate`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-disposition']).toMatch(/filename=.*\.pdf/);
  const pdf = inspectPdf(await response.body(), 'expired');
  expect(pdf.text).toContain(world.learner.name);
  expect(pdf.text).toContain(squash(world.courses[1].name));

  const stranger = await browser.newPage({ baseURL: baseURL! });
  await stranger.goto(pathOf(pdf.qr));
  const result = stranger.getByTestId('verify-expired');
  await expect(result).toContainText('This certificate has expired.');
  await expect(result).toContainText(/Expired since \d{2}\/\d{2}\/\d{4}/);
  await expect(result).toContainText(world.courses[1].name);
  await expect(result).toContainText(world.learner.name);
  await expect(stranger.getByText('This is a valid certificate.')).toHaveCount(0);
  await shot(stranger, 'verify-expired');
  await stranger.close();
});

test('a certificate whose pass the admin withdrew says revoked', async ({ page, browser, baseURL }) => {
  // Its PDF, while it is still valid, to read the QR code from.
  const learner = await browser.newPage({ baseURL: baseURL! });
  await signInWithCode(learner, world.learner.loginCode);
  await expect(learner.getByTestId('learner-dashboard')).toBeVisible();
  const before = inspectPdf(
    await (await learner.request.get(`/api/enrollments/${world.enrolments.revoked.id}/certificate`)).body(),
    'revoked',
  );

  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto(`/admin/users/${world.learner.id}`);
  const enrolments = page.getByTestId('user-enrolments');
  await enrolments.getByRole('button', { name: `Withdraw the ${world.courses[2].name} pass` }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw pass' });
  await expect(dialog).toContainText('revoked');
  await dialog.getByRole('button', { name: 'Withdraw pass' }).click();
  await expect(dialog.getByText('Enter the reason for withdrawing the pass.')).toBeVisible();
  await dialog.getByLabel(/^Reason/).fill('Assessment found to be copied');
  await shot(page, 'withdraw-pass');
  await dialog.getByRole('button', { name: 'Withdraw pass' }).click();
  await expect(enrolments.getByText('The pass has been withdrawn and its certificate revoked.')).toBeVisible();
  // The admin's certificate list keeps it, revoked, with who, when and why.
  const certificates = page.getByTestId('user-certificates');
  const revokedRow = certificates.getByRole('row').filter({ hasText: world.enrolments.revoked.code });
  await expect(revokedRow.getByTestId('admin-certificate-status')).toHaveAttribute('data-status', 'revoked');
  await expect(revokedRow).toContainText(`Revoked by ${DEMO.admin.name} on ${enGb(new Date())}: Assessment found to be copied`);
  await certificates.scrollIntoViewIfNeeded();
  await shot(page, 'admin-user-certificates');

  const stranger = await browser.newPage({ baseURL: baseURL! });
  await stranger.goto(pathOf(before.qr));
  const result = stranger.getByTestId('verify-revoked');
  await expect(result).toContainText('This certificate has been revoked and is no longer valid.');
  await expect(stranger.getByText('This is a valid certificate.')).toHaveCount(0);
  await shot(stranger, 'verify-revoked');
  await stranger.close();

  // A revoked certificate no longer downloads.
  expect((await learner.request.get(`/api/enrollments/${world.enrolments.revoked.id}/certificate`)).status()).toBe(404);
  await learner.close();
});

test('a renewal supersedes the earlier certificate; both stay in the history with their true state', async ({ page, browser, baseURL }) => {
  const course = world.courses[0];
  const admin = await browser.newPage({ baseURL: baseURL! });
  await signInWithPassword(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin/);
  const renewed = await apiAs(admin.context(), baseURL!, 'POST', `/api/user/${world.learner.id}/enroll`, {
    course_id: course.id,
    force: true,
    pass_date: isoDay(new Date()),
  });
  expect(renewed.status(), await renewed.text()).toBe(200);
  const renewal = ((await renewed.json()) as { data: { id: number; certificate_code: string } }).data;
  expect(renewal.certificate_code).not.toBe(world.enrolments.valid.code);
  await admin.close();

  await page.goto(`/verify?code=${encodeURIComponent(world.enrolments.valid.code)}`);
  const result = page.getByTestId('verify-superseded');
  await expect(result).toContainText('This certificate has been replaced by a newer certificate for the same course.');
  await expect(result).toContainText(world.learner.name);
  await shot(page, 'verify-superseded');
  await page.goto(`/verify?code=${encodeURIComponent(renewal.certificate_code)}`);
  await expect(page.getByTestId('verify-valid')).toContainText('This is a valid certificate.');

  // The learner's card lists both, newest first.
  await signInWithCode(page, world.learner.loginCode);
  const card = page
    .getByTestId('course-card')
    .filter({ hasText: course.name })
    .filter({ has: page.getByRole('button', { name: /^Download certificate/ }) })
    .first();
  await card.getByText('Certificate history').click();
  const items = card.getByTestId('certificate-history-item');
  await expect(items).toHaveCount(2);
  expect(await items.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))).toEqual(['valid', 'superseded']);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: `${test.info().outputDir}/certificate-history.png` });
});

/** The names of the files in a zip (its central directory). */
function zipEntries(zip: Buffer): string[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

test('a manager downloads three certificates in one dated zip; ids without one or of another company are refused', async ({
  page,
  baseURL,
}) => {
  await signInWithPassword(page, world.manager);
  await expect(page.getByTestId('company-dashboard')).toBeVisible();
  const bulk = (ids: number[]) => apiAs(page.context(), baseURL!, 'POST', '/api/enrollments/downloadBulkCertificates', { ids });
  const ids = [world.enrolments.valid.id, world.enrolments.expired.id, world.enrolments.other.id];
  const response = await bulk(ids);
  expect(response.status(), response.status() === 200 ? '' : await response.text()).toBe(200);
  const now = new Date();
  const dated = `${String(now.getDate()).padStart(2, '0')}-${String(now.getMonth() + 1).padStart(2, '0')}-${now.getFullYear()}`;
  expect(response.headers()['content-disposition']).toContain(dated);
  const zip = await response.body();
  writeFileSync(join(work, 'bulk.zip'), zip);
  const names = zipEntries(zip);
  expect(names).toHaveLength(3);
  for (const name of names) expect(name).toMatch(/\.pdf$/);
  // Debian's unzip agrees, and each file is a sound PDF.
  expect(execFileSync('unzip', ['-t', join(work, 'bulk.zip')], { encoding: 'utf8' })).toMatch(/No errors detected/);
  for (const name of names) {
    const bytes = execFileSync('unzip', ['-p', join(work, 'bulk.zip'), name]);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }

  // The revoked one alone has no certificate to give.
  const none = await bulk([world.enrolments.revoked.id]);
  expect(none.status()).toBe(422);
  expect(await none.text()).toContain('No certificates available to download');
});

test('refusals: another company’s manager, another learner and anonymous callers', async ({ browser, baseURL, playwright }) => {
  const { valid } = world.enrolments;
  const routes = (userId: number) => [
    { method: 'GET', path: `/api/enrollments/${valid.id}/certificate` },
    { method: 'GET', path: `/api/users/${userId}/certificates` },
    {
      method: 'POST',
      path: `/api/course/${world.courses[0].id}/email-certificate`,
      data: { email: 'x@e2e.test', enrollment_id: valid.id },
    },
    { method: 'POST', path: '/api/enrollments/downloadBulkCertificates', data: { ids: [valid.id] } },
    { method: 'POST', path: `/api/enrollments/${valid.id}/withdraw-pass`, data: { reason: 'Not allowed' } },
    { method: 'POST', path: '/api/course/updateCertificateBG', data: {} },
    { method: 'GET', path: '/api/course/certificateBG' },
    { method: 'GET', path: '/api/certificates/preview' },
  ];
  const refused = (status: number) => [401, 403, 404, 419, 422].includes(status);
  const report = async (label: string, send: (r: { method: string; path: string; data?: unknown }) => Promise<APIResponse>) => {
    for (const route of routes(world.learner.id)) {
      const response = await send(route);
      expect(refused(response.status()), `${label}: ${route.method} ${route.path} answered ${response.status()}`).toBe(true);
    }
  };

  const otherManager = await browser.newPage({ baseURL: baseURL! });
  await signInWithPassword(otherManager, world.otherManager);
  await expect(otherManager.getByTestId('company-dashboard')).toBeVisible();
  await report('another company’s manager', (r) => apiAs(otherManager.context(), baseURL!, r.method, r.path, r.data));
  await otherManager.close();

  const otherLearner = await browser.newPage({ baseURL: baseURL! });
  await signInWithCode(otherLearner, world.otherLearner.loginCode);
  await expect(otherLearner.getByTestId('learner-dashboard')).toBeVisible();
  await report('another learner', (r) => apiAs(otherLearner.context(), baseURL!, r.method, r.path, r.data));
  await otherLearner.close();

  const anonymous = await playwright.request.newContext({ baseURL: baseURL! });
  await report('anonymous', (r) =>
    anonymous.fetch(r.path, { method: r.method, headers: { Accept: 'application/json' }, ...(r.data ? { data: r.data } : {}) }),
  );
  await anonymous.dispose();
});

test('admin Certificate tab: a background is uploaded with progress, a sample shows it, and it is removed again', async ({
  page,
  baseURL,
}) => {
  // A4-landscape PNG made by the browser itself: a framed, tinted page.
  const painter = await page.context().newPage();
  await painter.setViewportSize({ width: 1123, height: 794 });
  await painter.setContent(
    '<body style="margin:0"><div style="box-sizing:border-box;width:1123px;height:794px;border:28px double #1d4ed8;background:linear-gradient(135deg,#eff6ff,#fef3c7)"></div></body>',
  );
  const background = await painter.screenshot({ type: 'png' });
  await painter.close();

  await signInWithPassword(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin?tab=certificate');
  const panel = page.getByTestId('certificate-panel');
  await expect(panel.getByTestId('certificate-background-status')).toBeVisible();

  // The wrong type is refused before anything is sent.
  await panel
    .getByLabel('Choose a certificate background image')
    .setInputFiles({ name: 'background.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(panel.getByText('The background must be a PNG or JPEG image.')).toBeVisible();

  // A slow uplink, so the upload's progress in % can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: Math.max(16 * 1024, background.length / 3),
  });
  await panel
    .getByLabel('Choose a certificate background image')
    .setInputFiles({ name: 'background.png', mimeType: 'image/png', buffer: background });
  await expect(panel.getByTestId('certificate-upload-progress')).toContainText(/\d+%/);
  await shot(page, 'admin-certificate-uploading');
  await expect(panel.getByText('The certificate background has been updated.')).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(panel.getByTestId('certificate-background-status')).toContainText('uploaded PNG image');

  // The sample shows in the page, in the browser's PDF viewer: the portal's own CSP does not
  // block it (issue 24 item 6: no "This browser cannot show PDFs here", no CSP refusal).
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') refusals.push(message.text());
  });
  await panel.getByRole('button', { name: 'Preview sample certificate' }).click();
  await expect(panel.getByTestId('certificate-preview')).toBeVisible();
  await expect(panel.getByTestId('certificate-preview')).toHaveAttribute('src', '/api/certificates/preview');
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('chrome-extension://'))).toBe(true);
  expect(refusals).toEqual([]);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.getByTestId('certificate-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`certificate-preview-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'admin-certificate-tab');

  // The sample, rendered outside the app, is printed on that background.
  const sample = await apiAs(page.context(), baseURL!, 'GET', '/api/certificates/preview');
  expect(sample.status()).toBe(200);
  const pdf = inspectPdf(await sample.body(), 'sample');
  expect(pdf.text).toContain('Alex Sample');
  await test.info().attach('sample-certificate', { path: pdf.png, contentType: 'image/png' });

  await panel.getByRole('button', { name: 'Remove background' }).click();
  await page.getByRole('dialog', { name: 'Remove background' }).getByRole('button', { name: 'Remove background' }).click();
  await expect(panel.getByTestId('certificate-background-status')).toContainText('built-in design');
});
