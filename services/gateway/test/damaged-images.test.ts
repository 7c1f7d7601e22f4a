import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_MESSAGES } from '@portal/contracts';
import { isReadableImage } from '@portal/service-kit';
import { corruptJpegs, corruptPng, testImage } from '@portal/service-kit/testing';
import { issueCertificate } from '@portal/enrolment-service/testing';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { makeCompany, makeCourse, makeEnrolment, makeUser, signInAs } from './fixtures/factories';

/**
 * Issue 25 D4: one damaged image broke every certificate. Uploads are decoded whole (422 under
 * the field), and a background stored before that (or damaged in storage) is drawn as the
 * built-in design, logged, never a failure: downloads, the preview, the bulk zip and certificate mails.
 * (A damaged company logo is identity's alone: services/identity/src/modules/account/account.routes.test.ts.)
 */
let harness: GatewayHarness;
const sessions = {} as Record<'admin' | 'manager' | 'learner', string>;
const ids = {} as { enrollments: number[]; course: number };

beforeAll(async () => {
  harness = await createGatewayHarness();
  const em = harness.platform.orm.em.fork();
  const company = await makeCompany(em, { name: 'Images Ltd' });
  const admin = await makeUser(em, { role: 'admin', companyId: company.id });
  const manager = await makeUser(em, { role: 'manager', companyId: company.id, email: `boss-${company.id}@images.test` });
  const learner = await makeUser(em, {
    role: 'learner',
    companyId: company.id,
    email: `learner-${company.id}@images.test`,
    name: 'Ima Learner',
  });
  const course = await makeCourse(em, { name: 'Ladders' });
  ids.course = course.id;
  ids.enrollments = [];
  for (const [i, passedAt] of [new Date('2026-01-10'), new Date('2026-02-10'), new Date('2026-03-10')].entries()) {
    const user = i === 0 ? learner : await makeUser(em, { role: 'learner', companyId: company.id });
    const enrolment = await makeEnrolment(em, {
      userId: user.id,
      courseId: i === 0 ? course.id : (await makeCourse(em)).id,
      companyId: company.id,
      status: 'passed',
      passedAt,
      expiresAt: new Date('2029-01-01'),
    });
    await issueCertificate(em, harness.platform, enrolment, new Date('2026-04-01'));
    ids.enrollments.push(enrolment.id);
  }
  sessions.admin = await signInAs(em, admin.id);
  sessions.manager = await signInAs(em, manager.id);
  sessions.learner = await signInAs(em, learner.id);
});
afterAll(() => harness.close());

const as = (who: keyof typeof sessions) => harness.client(sessions[who]);
function uploadBackground(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return as('admin').request('/api/course/updateCertificateBG', { method: 'POST', body: form });
}
const isPdf = (bytes: Buffer) =>
  bytes.subarray(0, 5).toString('latin1') === '%PDF-' && bytes.subarray(-6).toString('latin1').includes('%%EOF');

/** Every way a certificate leaves the portal answers a whole PDF. */
async function expectCertificatesWork(label: string) {
  for (const id of ids.enrollments) {
    const response = await as('manager').request(`/api/enrollments/${id}/certificate`);
    expect(response.status, `${label}: download ${id}`).toBe(200);
    expect(isPdf(Buffer.from(await response.arrayBuffer())), `${label}: download ${id}`).toBe(true);
  }
  const preview = await as('admin').request('/api/certificates/preview');
  expect(preview.status, `${label}: preview`).toBe(200);
  expect(isPdf(Buffer.from(await preview.arrayBuffer())), `${label}: preview`).toBe(true);
  const zip = await as('manager').request('/api/enrollments/downloadBulkCertificates', { method: 'POST', json: { ids: ids.enrollments } });
  expect(zip.status, `${label}: zip`).toBe(200);
  const entries = Object.values(unzipSync(new Uint8Array(await zip.arrayBuffer())));
  expect(entries, `${label}: zip`).toHaveLength(ids.enrollments.length);
  for (const entry of entries) expect(isPdf(Buffer.from(entry)), `${label}: zip entry`).toBe(true);
  // The harness runs every job the gateway runs: the managers' certificate-issued mails go first.
  await harness.platform.jobs.drain();
  harness.platform.sentMail.length = 0;
  const mail = await as('learner').request(`/api/course/${ids.course}/email-certificate`, {
    method: 'POST',
    json: { email: 'colleague@images.test' },
  });
  expect(mail.status, `${label}: mail`).toBe(200);
  await harness.platform.jobs.drain();
  expect(harness.platform.sentMail, `${label}: mail`).toHaveLength(1);
  expect(isPdf(harness.platform.sentMail[0]!.attachments![0]!.content as Buffer), `${label}: mail attachment`).toBe(true);
  expect(await harness.platform.orm.em.fork().getConnection().execute('SELECT COUNT(*) AS n FROM failed_jobs')).toEqual([{ n: 0 }]);
}

describe('a damaged certificate background (issue 25 D4)', () => {
  it('is refused with 422 under the field, PNG or JPEG, and the stored background stays as it was', async () => {
    const good = await uploadBackground(await testImage('png', 842, 595), 'good.png', 'image/png');
    expect(good.status).toBe(200);
    const before = await harness.platform.storage.get('certificate-background/background');
    expect(await isReadableImage(before, ['png'])).toBe(true);
    const { truncated, garbled } = await corruptJpegs();
    for (const [name, bytes, type] of [
      ['broken.png', corruptPng(), 'image/png'],
      ['cut.jpg', truncated, 'image/jpeg'],
      ['garbled.jpg', garbled, 'image/jpeg'],
    ] as const) {
      const response = await uploadBackground(bytes, name, type);
      expect(response.status, name).toBe(422);
      expect(await response.json(), name).toMatchObject({ errors: { file: [CERTIFICATE_MESSAGES.backgroundUnreadable] } });
    }
    expect((await harness.platform.storage.get('certificate-background/background')).equals(before)).toBe(true);
    await expectCertificatesWork('with a good background');
  });

  it('stores a fresh encoding of a whole upload, so no byte of the upload itself is kept', async () => {
    const jpeg = await testImage('jpeg', 600, 424);
    const withTrailer = Buffer.concat([jpeg, Buffer.from('<script>trailing bytes</script>')]);
    const response = await uploadBackground(withTrailer, 'bg.jpg', 'image/jpeg');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { content_type: 'image/jpeg' } });
    const stored = await harness.platform.storage.get('certificate-background/background');
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(await isReadableImage(stored, ['jpeg'])).toBe(true);
  });

  it('stored before this fix, falls back to the built-in design: downloads, preview, zip and mail all work', async () => {
    const { truncated } = await corruptJpegs();
    for (const [bytes, type] of [
      [corruptPng(), 'image/png'],
      [truncated, 'image/jpeg'],
    ] as const) {
      // As an unchecked upload left it: the image and its JSON beside it.
      await harness.platform.storage.put('certificate-background/background', bytes);
      await harness.platform.storage.put(
        'certificate-background/background.json',
        JSON.stringify({ contentType: type, size: bytes.length, updatedAt: new Date().toISOString() }),
      );
      await expectCertificatesWork(`with a damaged ${type} stored`);
    }
  });
});
