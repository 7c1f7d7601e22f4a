import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { IDENTITY_MESSAGES, LEARNER_ACCOUNT_MESSAGES, learnerAccountRoutes, USER_MESSAGES } from '@portal/contracts';
import { verifyPassword, type CataloguePort, type MailMessage } from '@portal/service-kit';
import { unwiredPort } from '@portal/service-kit/testing';
import { createIdentityTestWorld, PASSWORD, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { User } from '../../data/user.entity';
import { SignInRecord } from '../../data/sign-in-record.entity';
import { SIGN_INS_KEPT } from '../../data/sign-in-record.repository';

const APP_URL = 'http://portal.example.test';
let world: IdentityTestWorld;
let companyId: number;
/** A distinct client address per request keeps the per-address mail limit out of the way. */
const from = () => ({ 'x-forwarded-for': `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

beforeAll(async () => {
  world = await createIdentityTestWorld({
    env: { APP_URL },
    configure: (platform) => {
      // Course names for the data export: the only catalogue call identity makes here.
      platform.catalogue = {
        ...unwiredPort<CataloguePort>('catalogue'),
        coursesByIds: (ids) =>
          Promise.resolve(
            ids.map((id) => ({
              id,
              name: `Course ${id}`,
              description: '',
              wpLink: null,
              companyId: null,
              creditCost: 1,
              validityYears: 1,
              hasBridging: false,
            })),
          ),
      } as CataloguePort;
    },
  });
  companyId = (await world.makeCompany({ name: 'Harbour Works Ltd' })).id;
});
afterAll(() => world.close());

async function learnerWithEmail(extra: { wpUser?: boolean } = {}) {
  const user = await world.makeUser({ role: 'learner', companyId, loginCode: `E${unique().toUpperCase()}` });
  if (extra.wpUser) await world.em().nativeUpdate(User, { id: user.id }, { wpUser: true });
  return { ...user, email: user.email!, token: await world.signIn(user.id) };
}
async function codeOnlyLearner() {
  const loginCode = `C${unique().toUpperCase()}`;
  const user = await world.makeUser({ role: 'learner', companyId, email: null, password: null, loginCode });
  return { ...user, loginCode, token: await world.signIn(user.id) };
}
const get = (token: string, path: string) => world.client(token).request(path);
const post = (token: string | undefined, path: string, json: unknown = {}) =>
  world.client(token).request(path, { method: 'POST', json, headers: from() });
/** The newest mail to this address, delivered first (mail goes through the job queue). */
const mailTo = async (address: string): Promise<MailMessage | undefined> => {
  await world.platform.jobs.drain();
  return [...world.platform.sentMail].reverse().find((m) => m.to === address);
};
const stored = (id: number) => world.em().findOneOrFail(User, { id });

describe('the learner account routes', () => {
  it('act on the caller only: no route names a user, and each is for learners alone', () => {
    for (const route of learnerAccountRoutes) {
      expect(route.path, route.name).not.toMatch(/\{/);
      expect(route.access, route.name).toEqual(['learner']);
    }
  });

  it.each([
    ['GET', '/api/learner-account'],
    ['GET', '/api/learner-account/login-code'],
    ['GET', '/api/learner-account/data?format=json'],
    ['POST', '/api/learner-account/sign-in-link'],
  ])('refuse managers and admins with 403: %s %s', async (method, path) => {
    for (const role of ['manager', 'admin'] as const) {
      const user = await world.makeUser({ role, companyId });
      const response = await world
        .client(await world.signIn(user.id))
        .request(path, { method, ...(method === 'POST' ? { json: {} } : {}) });
      expect(response.status).toBe(403);
    }
  });
});

describe('GET /api/learner-account', () => {
  it('shows the learner’s own details and their latest sign-ins, newest first', async () => {
    const learner = await learnerWithEmail();
    const browser = world.client();
    expect(
      (await browser.request('/api/auth/login', { method: 'POST', json: { email: learner.email, password: PASSWORD }, headers: from() }))
        .status,
    ).toBe(200);
    const body: unknown = await (await browser.request('/api/learner-account')).json();
    expect(body).toEqual({
      name: learner.name,
      email: learner.email,
      has_password: true,
      has_login_code: true,
      is_purchased_account: false,
      purchase_history_url: null,
      recent_sign_ins: [{ at: expect.any(String) as string, method: 'password' }],
    });
  });

  it('gives a shop account its purchase history link; a code-only learner has no email or password', async () => {
    const shop = await learnerWithEmail({ wpUser: true });
    expect(await (await get(shop.token, '/api/learner-account')).json()).toMatchObject({
      is_purchased_account: true,
      purchase_history_url: '/purchase-history',
    });
    const coded = await codeOnlyLearner();
    expect(await (await get(coded.token, '/api/learner-account')).json()).toMatchObject({
      email: null,
      has_password: false,
      has_login_code: true,
      purchase_history_url: null,
    });
  });

  it('keeps the last sign-ins of each way in, up to the limit', async () => {
    const coded = await codeOnlyLearner();
    for (let i = 0; i < SIGN_INS_KEPT + 2; i++) {
      const response = await world
        .client()
        .request('/api/auth/login', { method: 'POST', json: { login_code: coded.loginCode.toLowerCase() }, headers: from() });
      expect(response.status).toBe(200);
    }
    expect(await world.em().count(SignInRecord, { userId: coded.id })).toBe(SIGN_INS_KEPT);
    const body = (await (await get(coded.token, '/api/learner-account')).json()) as { recent_sign_ins: { method: string }[] };
    expect(body.recent_sign_ins).toHaveLength(5);
    expect(body.recent_sign_ins.every((s) => s.method === 'login_code')).toBe(true);
  });
});

describe('GET /api/learner-account/login-code', () => {
  it('answers the caller’s own code, never cached', async () => {
    const coded = await codeOnlyLearner();
    const response = await get(coded.token, '/api/learner-account/login-code');
    expect(await response.json()).toEqual({ login_code: coded.loginCode });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('POST /api/learner-account/sign-in-details', () => {
  const path = '/api/learner-account/sign-in-details';

  it('asks for the current password, and refuses a wrong one', async () => {
    const learner = await learnerWithEmail();
    const missing = await post(learner.token, path, { email: `x-${unique()}@example.test` });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({ errors: { current_password: [LEARNER_ACCOUNT_MESSAGES.currentPasswordRequired] } });
    const wrong = await post(learner.token, path, { email: `x-${unique()}@example.test`, current_password: 'not-it-at-all' });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toMatchObject({ errors: { current_password: [LEARNER_ACCOUNT_MESSAGES.currentPasswordWrong] } });
    expect((await stored(learner.id)).email).toBe(learner.email);
  });

  it('changes the email (the old address is told) and leaves the password when it is blank', async () => {
    const learner = await learnerWithEmail();
    const email = `New-${unique()}@Example.test`;
    const response = await post(learner.token, path, { email, current_password: PASSWORD, password: '', password_confirmation: '' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: LEARNER_ACCOUNT_MESSAGES.detailsUpdated, email: email.toLowerCase() });
    const user = await stored(learner.id);
    expect(user.email).toBe(email.toLowerCase());
    expect(await verifyPassword(user.passwordHash, PASSWORD)).toBe(true);
    const notice = await mailTo(learner.email);
    expect(notice?.subject).toBe(LEARNER_ACCOUNT_MESSAGES.emailChangedSubject);
    expect(notice?.text).toContain(email.toLowerCase());
  });

  it('sets a confirmed new password and ends the learner’s other sessions, keeping this one', async () => {
    const learner = await learnerWithEmail();
    const other = await world.signIn(learner.id);
    const differ = await post(learner.token, path, {
      email: learner.email,
      current_password: PASSWORD,
      password: 'Fresh-Ladder-77',
      password_confirmation: 'Fresh-Ladder-78',
    });
    expect(await differ.json()).toMatchObject({ errors: { password_confirmation: [IDENTITY_MESSAGES.passwordsDiffer] } });
    const response = await post(learner.token, path, {
      email: learner.email,
      current_password: PASSWORD,
      password: 'Fresh-Ladder-77',
      password_confirmation: 'Fresh-Ladder-77',
    });
    expect(response.status).toBe(200);
    expect(await verifyPassword((await stored(learner.id)).passwordHash, 'Fresh-Ladder-77')).toBe(true);
    expect((await get(other, '/api/shell')).status).toBe(401);
    expect((await get(learner.token, '/api/shell')).status).toBe(200);
    // The account's address is told (issue 13 item 5), so its owner learns of a change they did not make.
    const notice = await mailTo(learner.email);
    expect(notice?.subject).toBe('Your password was changed');
  });

  it('answers 429 after 5 wrong current passwords in 15 minutes (a stolen session cannot guess the password)', async () => {
    const learner = await learnerWithEmail();
    for (let i = 0; i < 5; i++)
      expect(
        (
          await post(learner.token, path, {
            email: learner.email,
            current_password: `Wrong-${i}`,
            password: 'Fresh-Ladder-77',
            password_confirmation: 'Fresh-Ladder-77',
          })
        ).status,
      ).toBe(422);
    const limited = await post(learner.token, path, {
      email: learner.email,
      current_password: PASSWORD,
      password: 'Fresh-Ladder-77',
      password_confirmation: 'Fresh-Ladder-77',
    });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toBe(
      'Too many wrong current passwords. Please try again in 15 minutes.',
    );
  });

  it('refuses no change at all, a taken email, and a learner without a password', async () => {
    const learner = await learnerWithEmail();
    const taken = (await learnerWithEmail()).email;
    expect(await (await post(learner.token, path, { email: learner.email, current_password: PASSWORD })).json()).toMatchObject({
      errors: { email: [LEARNER_ACCOUNT_MESSAGES.nothingChanged] },
    });
    expect(await (await post(learner.token, path, { email: taken, current_password: PASSWORD })).json()).toMatchObject({
      errors: { email: [USER_MESSAGES.emailTaken] },
    });
    const coded = await codeOnlyLearner();
    const response = await post(coded.token, path, { email: `c-${unique()}@example.test`, current_password: 'anything' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { current_password: [LEARNER_ACCOUNT_MESSAGES.noPasswordYet] } });
  });
});

describe('a learner with only a login code adds an email and a password through a mailed link', () => {
  it('mails a link to the new address; the reset page with it saves the email and the password', async () => {
    const coded = await codeOnlyLearner();
    const elsewhere = await world.signIn(coded.id);
    const email = `Adds-${unique()}@example.test`;
    const response = await post(coded.token, '/api/learner-account/sign-in-set-up', { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: LEARNER_ACCOUNT_MESSAGES.setUpLinkSent });
    // Nothing changes until the link is used: the address is not proven theirs yet.
    expect((await stored(coded.id)).email).toBeNull();

    const mail = await mailTo(email.toLowerCase());
    expect(mail?.subject).toBe('Set up your email sign-in');
    const link = new URL(mail!.text!.match(/https?:\/\/\S+/)![0]);
    expect(link.origin).toBe(APP_URL);
    expect(link.searchParams.get('email')).toBe(email.toLowerCase());
    const token = link.pathname.split('/').pop()!;

    const wrongEmail = await post(undefined, '/password/reset', {
      email: `someone-${unique()}@example.test`,
      password: 'Chosen-Ladder-9',
      password_confirmation: 'Chosen-Ladder-9',
      token,
    });
    expect(wrongEmail.status).toBe(422);
    const done = await post(undefined, '/password/reset', {
      email,
      password: 'Chosen-Ladder-9',
      password_confirmation: 'Chosen-Ladder-9',
      token,
    });
    expect(done.status).toBe(200);
    const user = await stored(coded.id);
    expect(user.email).toBe(email.toLowerCase());
    expect(await verifyPassword(user.passwordHash, 'Chosen-Ladder-9')).toBe(true);
    expect(user.loginCode).toBe(coded.loginCode);
    // Adding a way in ends no session (a reset would end the others).
    expect((await get(elsewhere, '/api/shell')).status).toBe(200);
    // The link works once.
    expect(
      (await post(undefined, '/password/reset', { email, password: 'Other-Ladder-9', password_confirmation: 'Other-Ladder-9', token }))
        .status,
    ).toBe(422);
    const signIn = await world
      .client()
      .request('/api/auth/login', { method: 'POST', json: { email, password: 'Chosen-Ladder-9' }, headers: from() });
    expect(signIn.status).toBe(200);
  });

  it('refuses a taken address (asked, and again when the link is used) and a learner who has a password', async () => {
    const coded = await codeOnlyLearner();
    const taken = (await learnerWithEmail()).email;
    expect(await (await post(coded.token, '/api/learner-account/sign-in-set-up', { email: taken })).json()).toMatchObject({
      errors: { email: [USER_MESSAGES.emailTaken] },
    });

    const email = `race-${unique()}@example.test`;
    await post(coded.token, '/api/learner-account/sign-in-set-up', { email });
    const token = new URL((await mailTo(email))!.text!.match(/https?:\/\/\S+/)![0]).pathname.split('/').pop()!;
    await world.makeUser({ role: 'learner', companyId, email });
    const late = await post(undefined, '/password/reset', {
      email,
      password: 'Chosen-Ladder-9',
      password_confirmation: 'Chosen-Ladder-9',
      token,
    });
    expect(await late.json()).toMatchObject({ errors: { email: [USER_MESSAGES.emailTaken] } });
    expect((await stored(coded.id)).email).toBeNull();

    const learner = await learnerWithEmail();
    expect(
      await (await post(learner.token, '/api/learner-account/sign-in-set-up', { email: `y-${unique()}@example.test` })).json(),
    ).toMatchObject({
      errors: { email: [LEARNER_ACCOUNT_MESSAGES.hasPassword] },
    });
  });
});

describe('POST /api/learner-account/sign-in-link', () => {
  it('mails the sign-in link to the caller’s own address; using it is recorded as a sign-in', async () => {
    const learner = await learnerWithEmail();
    const response = await post(learner.token, '/api/learner-account/sign-in-link');
    expect(await response.json()).toEqual({ success: true, message: LEARNER_ACCOUNT_MESSAGES.signInLinkSent });
    const mail = await mailTo(learner.email);
    expect(mail?.subject).toBe('Your sign-in link');
    const token = mail!.text!.match(/\/login\/link\/([A-Za-z0-9_-]+)/)![1]!;
    const browser = world.client();
    expect((await browser.request('/api/auth/login-link/verify', { method: 'POST', json: { token } })).status).toBe(200);
    const body = (await (await browser.request('/api/learner-account')).json()) as { recent_sign_ins: { method: string }[] };
    expect(body.recent_sign_ins[0]?.method).toBe('login_link');
  });

  it('needs an email address', async () => {
    const coded = await codeOnlyLearner();
    const response = await post(coded.token, '/api/learner-account/sign-in-link');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ message: LEARNER_ACCOUNT_MESSAGES.noEmail });
  });
});

describe('GET /api/learner-account/data', () => {
  async function learnerWithRecords() {
    const learner = await learnerWithEmail();
    world.enrolment.setLearnerRecords(learner.id, {
      enrollments: [
        {
          id: 41,
          courseId: 7,
          companyId,
          status: 'passed',
          score: 90,
          enrolledAt: '2026-01-01T00:00:00.000Z',
          startedAt: null,
          passedAt: '2026-02-01T00:00:00.000Z',
          expiresAt: '2027-02-01T00:00:00.000Z',
        },
      ],
      results: [],
      scormLog: [],
      activities: [],
      certificates: [
        {
          enrollmentId: 41,
          courseId: 7,
          code: 'CERT-ABC',
          passedAt: '2026-02-01T00:00:00.000Z',
          expiresAt: '2027-02-01T00:00:00.000Z',
          state: 'valid',
          verifyPath: '/verify?code=CERT-ABC',
        },
      ],
    });
    return learner;
  }

  it('downloads everything about the caller as JSON: profile, enrolments with course names, certificates, sign-ins', async () => {
    const learner = await learnerWithRecords();
    const other = await learnerWithEmail();
    await world
      .client()
      .request('/api/auth/login', { method: 'POST', json: { email: learner.email, password: PASSWORD }, headers: from() });
    const response = await get(learner.token, '/api/learner-account/data?format=json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data.profile).toMatchObject({
      id: learner.id,
      name: learner.name,
      email: learner.email,
      has_password: true,
      company: 'Harbour Works Ltd',
      role: 'learner',
    });
    expect(data.enrolments).toEqual([expect.objectContaining({ id: 41, courseName: 'Course 7', score: 90 })]);
    expect(data.certificates).toEqual([expect.objectContaining({ code: 'CERT-ABC', courseName: 'Course 7', state: 'valid' })]);
    expect(data.signIns).toEqual([{ at: expect.any(String) as string, method: 'password' }]);
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(other.email);
    expect(world.enrolment.calls).toContainEqual({ method: 'learnerRecords', args: [learner.id] });
  });

  it('downloads the same as an .xlsx workbook, one sheet per part', async () => {
    const learner = await learnerWithRecords();
    const response = await get(learner.token, '/api/learner-account/data?format=xlsx');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Profile',
      'Enrolments',
      'Results',
      'SCORM log',
      'Activities',
      'Certificates',
      'Sign-ins',
    ]);
    const profile = workbook.getWorksheet('Profile')!;
    const rows = new Map<string, unknown>();
    profile.eachRow((row) => rows.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(rows.get('email')).toBe(learner.email);
    const certificates = workbook.getWorksheet('Certificates')!;
    expect(certificates.getRow(2).values).toEqual(expect.arrayContaining(['CERT-ABC', 'Course 7', 'valid']));
  });

  it('refuses an unknown format', async () => {
    const learner = await learnerWithEmail();
    expect((await get(learner.token, '/api/learner-account/data?format=csv')).status).toBe(422);
  });
});
