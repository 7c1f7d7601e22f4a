import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '@portal/service-kit/testing';
import { contentTokenSecret, signContentToken } from '@portal/enrolment-service';
import { openAttempt, Enrolment } from '@portal/enrolment-service/testing';
import { hashToken } from '@portal/service-kit';
import { SERVICES } from '../src/platform';
import { contentFramePolicy, createContentOriginApp, injectRuntime } from '../src/content-origin';
import { createGatewayHarness, type GatewayHarness } from './fixtures/platform';
import { makeCompany, makeCourse, makeEnrolment, makeUser, signInAs } from './fixtures/factories';
import { makeSco } from '@portal/catalogue-service/testing';
import { Session } from '@portal/identity-service/testing';

/** Issue 13 item 2: package files only from the content origin, by attempt token, never by cookie. */
let platform: TestPlatform;
let app: ReturnType<typeof createContentOriginApp>;
let token: string;
const NOW = new Date('2026-06-15T12:00:00Z');

let attemptId = 0;
let courseId = 0;
beforeAll(async () => {
  platform = await createTestPlatform({ services: SERVICES, now: () => NOW });
  app = createContentOriginApp(platform);
  // A live attempt: a learner signed in, enrolled, the player opened (the token is good only while all of that holds).
  const em = platform.orm.em.fork();
  const company = await makeCompany(em);
  const learner = await makeUser(em, { role: 'learner', companyId: company.id });
  const session = await signInAs(em, learner.id);
  const course = await makeCourse(em);
  courseId = course.id;
  const enrolment = await makeEnrolment(em, { userId: learner.id, courseId, companyId: company.id });
  attemptId = (await openAttempt(em, { enrolmentId: enrolment.id, userId: learner.id, sessionId: hashToken(session), now: NOW })).id;
  await platform.storage.put(
    `courses/${courseId}/package/index.html`,
    new TextEncoder().encode('<!doctype html><html><head><title>SCO</title></head><body>Hi</body></html>'),
  );
  await platform.storage.put(`courses/${courseId}/package/media/clip.bin`, new Uint8Array([1, 2, 3, 4, 5]));
  await platform.storage.put(`courses/${courseId + 1}/package/index.html`, new TextEncoder().encode('<p>Other course</p>'));
  token = signContentToken(contentTokenSecret(platform.env), { attemptId, courseId, expiresAt: new Date(NOW.getTime() + 3600_000) });
});
afterAll(() => platform.close());

describe('the content origin', () => {
  it('serves the token’s course package, HTML with the SCORM bridge first in <head>, without reading cookies', async () => {
    const page = await app.request(`/c/${token}/index.html`, { headers: { Cookie: 'portal_session=whatever' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(
      new RegExp(
        `^<!doctype html><html><head><script src="/c/${token.replace(/\./g, '\\.')}/__portal/bridge.js"></script><title>SCO</title>`,
      ),
    );
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('set-cookie')).toBeNull();

    const range = await app.request(`/c/${token}/media/clip.bin`, { headers: { Range: 'bytes=1-2' } });
    expect(range.status).toBe(206);
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([2, 3]);
    // Streamed from storage with today's caching and an ETag to revalidate against (issue 21 item 2).
    expect(range.headers.get('cache-control')).toBe('private, max-age=300');
    const etag = range.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.request(`/c/${token}/media/clip.bin`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toContain('frame-ancestors');
    expect((await app.request(`/c/${token}/__portal/cross-frame-api.js`)).status).toBe(200);
    expect(await (await app.request(`/c/${token}/__portal/bridge.js`)).text()).toContain('__portalScorm');
    // The SCO shell (issue 20): the origin's own page, holding the API and framing the package.
    const shell = await app.request(`/c/${token}/__portal/sco.html`);
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-store');
    expect(await shell.text()).toMatch(/<script src="cross-frame-api\.js"><\/script><script src="shell\.js"><\/script>/);
    expect(await (await app.request(`/c/${token}/__portal/shell.js`)).text()).toContain('CrossFrameAPI');
    for (const name of ['__proto__', 'constructor', 'toString'])
      expect((await app.request(`/c/${token}/__portal/${name}`)).status).toBe(404);
  });

  it('answers 404 to a forged, expired or missing token, another course, escapes and the API', async () => {
    const expired = signContentToken(contentTokenSecret(platform.env), { attemptId, courseId, expiresAt: NOW });
    const otherCourse = token.replace(`${attemptId}.${courseId}.`, `${attemptId}.${courseId + 1}.`);
    // Signed for another course than the attempt's: the signature is right, the grant is not.
    const signedOther = signContentToken(contentTokenSecret(platform.env), {
      attemptId,
      courseId: courseId + 1,
      expiresAt: new Date(NOW.getTime() + 3600_000),
    });
    for (const path of [
      `/c/${expired}/index.html`,
      `/c/${otherCourse}/index.html`,
      `/c/${signedOther}/index.html`,
      `/c/nope/index.html`,
      `/c/${token}/%2e%2e/%2e%2e/${courseId + 1}/package/index.html`,
      `/c/${token}/missing.html`,
      '/api/admin/users',
      `/storage/courses/${courseId}/package/index.html`,
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('reads no other course’s file through a token, in any of a few hundred spellings (issue 31 item 5)', async () => {
    const other = courseId + 1;
    const dots = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e'];
    const separators = ['%2F', '%2f', '%5C', '%5c', '%252F', '/'];
    const spellings = new Set<string>();
    for (const dot of dots)
      for (const separator of separators)
        for (const depth of [1, 2, 3]) {
          const climb = Array.from({ length: depth }, () => `${dot}${separator}`).join('');
          spellings.add(`${climb}${other}${separator}package${separator}index.html`);
          spellings.add(`media/${climb}${climb}${other}${separator}package${separator}index.html`);
          spellings.add(`.${separator}${climb}${other}${separator}package${separator}index.html`);
        }
    for (const separator of separators) spellings.add(`media${separator}clip.bin`);
    expect(spellings.size).toBeGreaterThan(200);
    for (const spelling of spellings) {
      const answer = await app.request(`/c/${token}/${spelling}`);
      const body = await answer.text();
      expect(body, spelling).not.toContain('Other course');
      // Only the one spelling of a file of this package is served; every other spelling is missing.
      if (spelling !== 'media/clip.bin') expect(answer.status, spelling).toBe(404);
    }
    expect((await app.request(`/c/${token}/media/clip.bin`)).status).toBe(200);
  });

  it('offers the attempt’s files to its own service worker, scoped to the token’s folder only (issue 22 item 3)', async () => {
    const list = await app.request(`/c/${token}/__portal/files.json`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(await list.json()).toEqual({
      files: [
        '__portal/sco.html',
        '__portal/shell.js',
        '__portal/bridge.js',
        '__portal/cross-frame-api.js',
        'index.html',
        'media/clip.bin',
      ],
    });
    const worker = await app.request(`/c/${token}/__portal/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(worker.headers.get('service-worker-allowed')).toBe(`/c/${token}/`);
    expect(await worker.text()).toContain('request.url.indexOf(base) !== 0');
    expect(await (await app.request(`/c/${token}/__portal/shell.js`)).text()).toContain(
      "register(scope + '__portal/sw.js', { scope: scope })",
    );
    const expired = signContentToken(contentTokenSecret(platform.env), { attemptId, courseId, expiresAt: NOW });
    for (const path of [`/c/${expired}/__portal/files.json`, `/c/${expired}/__portal/sw.js`])
      expect((await app.request(path)).status, path).toBe(404);
  });

  it('lets only the portal frame its pages (CSP frame-ancestors), whatever it answers', async () => {
    const portal = contentFramePolicy(platform.env.appUrl);
    for (const path of [
      `/c/${token}/index.html`,
      `/c/${token}/media/clip.bin`,
      `/c/${token}/__portal/bridge.js`,
      `/c/${token}/missing.html`,
      '/elsewhere',
    ]) {
      expect((await app.request(path)).headers.get('content-security-policy'), path).toBe(portal);
    }
    expect(contentFramePolicy('https://training.example.com')).toBe("frame-ancestors 'self' https://training.example.com");
    expect(contentFramePolicy('http://localhost:3540/')).toBe("frame-ancestors 'self' http://localhost:3540 http://127.0.0.1:3540");
  });

  it('puts the bridge first wherever a page starts', () => {
    expect(injectRuntime('<HTML><HEAD lang="en"><title>x</title>', '/c/t/')).toMatch(
      /^<HTML><HEAD lang="en"><script src="\/c\/t\/__portal\/bridge\.js">/,
    );
    expect(injectRuntime('<!DOCTYPE html><p>bare', '/c/t/')).toMatch(/^<!DOCTYPE html><script /);
    expect(injectRuntime('<p>bare', '/c/t/')).toMatch(/^<script /);
  });
});

/**
 * Issue 25 D2: an attempt's content token stops working the moment its enrolment or learner is
 * deleted or the sign-in session that opened it ends (signed out, expired). Before, it worked for
 * its whole 8 hours whatever happened. Launched through the real player route.
 */
describe('an attempt’s content token is revoked with its enrolment and session', () => {
  let harness: GatewayHarness;
  let clock = new Date();
  let content: ReturnType<typeof createContentOriginApp>;
  let adminToken = '';
  beforeAll(async () => {
    harness = await createGatewayHarness({ now: () => clock });
    content = createContentOriginApp(harness.platform);
    const em = harness.platform.orm.em.fork();
    adminToken = await signInAs(em, (await makeUser(em, { role: 'admin', companyId: (await makeCompany(em)).id })).id);
  });
  afterAll(() => harness.close());

  /** A learner signed in and enrolled on a one-page course, and the player launched from `host`. */
  async function launched(host = 'localhost') {
    clock = new Date();
    const em = harness.platform.orm.em.fork();
    const company = await makeCompany(em);
    const learner = await makeUser(em, { role: 'learner', companyId: company.id });
    const session = await signInAs(em, learner.id);
    const course = await makeCourse(em, { package: { version: '1.2', scos: [makeSco('sco_1', { href: 'index.html' })] } });
    await harness.platform.storage.put(`courses/${course.id}/package/index.html`, new TextEncoder().encode('<p>Lesson</p>'));
    const enrolment = await makeEnrolment(em, { userId: learner.id, courseId: course.id, companyId: company.id });
    const response = await harness.client(session).request(`http://${host}/api/learn/${enrolment.id}/launch`, { method: 'POST' });
    expect(response.status, await response.clone().text()).toBe(200);
    const launch = (await response.json()) as { scos: { url: string }[] };
    const url = new URL(launch.scos[0]!.url);
    const status = async () => (await content.request(url.pathname)).status;
    return { learner, session, enrollment: enrolment, url, status };
  }

  it('works while the learner is enrolled and signed in', async () => {
    const { status } = await launched();
    expect(await status()).toBe(200);
  });

  it('stops when an admin deletes the learner', async () => {
    const { learner, status } = await launched();
    expect(await status()).toBe(200);
    expect((await harness.client(adminToken).request(`/api/user/${learner.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await status()).toBe(404);
  });

  it('stops when the enrolment alone is deleted', async () => {
    const { enrollment: enrolment, status } = await launched();
    await harness.platform.orm.em.fork().nativeDelete(Enrolment, { id: enrolment.id });
    expect(await status()).toBe(404);
  });

  it('stops when the learner signs out', async () => {
    const { session, status } = await launched();
    await harness.platform.identity.endSession(session);
    expect(await status()).toBe(404);
  });

  it('stops when the sign-in session expires, though the token itself has hours left', async () => {
    const { session, status } = await launched();
    // A session signed in hours before the launch: it ends an hour from now, the token in eight.
    await harness.platform.orm.em
      .fork()
      .nativeUpdate(Session, { id: hashToken(session) }, { expiresAt: new Date(clock.getTime() + 3600_000) });
    clock = new Date(clock.getTime() + 3600_000 - 60_000);
    expect(await status()).toBe(200);
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect(await status()).toBe(404);
  });

  it('frames from the other loopback name than the page was opened on, so portal and content are never one site', async () => {
    expect((await launched('localhost')).url.hostname).toBe('127.0.0.1');
    expect((await launched('127.0.0.1')).url.hostname).toBe('localhost');
    const url = (await launched('127.0.0.1:3000')).url;
    expect(url.hostname).toBe('localhost');
    expect(url.port).toBe(String(harness.platform.env.contentPort));
  });
});
