import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@portal/contracts';
import type { MailMessage } from '@portal/service-kit';
import { createIdentityTestWorld, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { User } from '../../data/user.entity';
import { LOGIN_CODE_ALPHABET } from '../credentials/login-codes';

const APP_URL = 'http://portal.example.test';
const CODE = new RegExp(`^[${LOGIN_CODE_ALPHABET}]{10}$`);
let world: IdentityTestWorld;
let mail: MailMessage[];

beforeAll(async () => {
  world = await createIdentityTestWorld({ env: { APP_URL } });
  mail = world.platform.sentMail;
});
afterAll(() => world.close());

/** The mail queued for this address, delivered first (mail goes through the job queue). */
const mailTo = async (email: string) => {
  await world.platform.jobs.drain();
  return mail.filter((m) => m.to === email);
};
const tokenIn = (message: MailMessage) => new RegExp(`${APP_URL}/login/link/([A-Za-z0-9_-]+)`).exec(message.text)?.[1];

describe('identity port createLearners', () => {
  it('creates learners with readable unique codes; a used email, a repeat, a blank name or a bad email fails alone', async () => {
    const company = await world.makeCompany();
    const other = await world.makeCompany();
    const elsewhere = await world.makeUser({ role: 'learner', companyId: other.id });
    const tag = unique();
    const results = await world.platform.identity.createLearners(company.id, [
      { name: ' Ada One ', email: `Ada-${tag}@Example.test` },
      { name: 'Bo Two', email: null },
      { name: 'Taken', email: elsewhere.email!.toUpperCase() },
      { name: 'Repeat', email: `ada-${tag}@example.test` },
      { name: '  ', email: `blank-${tag}@example.test` },
      { name: 'Bad Mail', email: 'not-an-email' },
      { name: 'Cy Three', email: '' },
    ]);

    expect(results.map((r) => r.ok)).toEqual([true, true, false, false, false, false, true]);
    expect(results[2]).toEqual({ ok: false, name: 'Taken', email: elsewhere.email, reason: USER_MESSAGES.emailTaken });
    expect(results[3]).toMatchObject({ ok: false, reason: USER_MESSAGES.emailRepeated });
    expect(results[4]).toMatchObject({ ok: false, reason: 'Name is required' });
    expect(results[5]).toMatchObject({ ok: false, name: 'Bad Mail', email: 'not-an-email' });
    const created = results.flatMap((r) => (r.ok ? [r.user] : []));
    expect(created.map((u) => [u.name, u.email, u.companyId, u.role, u.purchasedAccount])).toEqual([
      ['Ada One', `ada-${tag}@example.test`, company.id, 'learner', false],
      ['Bo Two', null, company.id, 'learner', false],
      ['Cy Three', null, company.id, 'learner', false],
    ]);
    for (const user of created) expect(user.loginCode).toMatch(CODE);
    expect(new Set(created.map((u) => u.loginCode)).size).toBe(3);

    const stored = await world.em().find(User, { companyId: company.id }, { orderBy: { id: 'asc' } });
    expect(stored.map((u) => [u.id, u.loginCode, u.role, u.wpUser, u.passwordHash ?? null])).toEqual(
      created.map((u) => [u.id, u.loginCode, 'learner', false, null]),
    );

    // The code signs in.
    const signIn = await world.client().request('/api/auth/login', { method: 'POST', json: { login_code: created[1]!.loginCode } });
    expect(signIn.status).toBe(200);
  });

  it('marks purchased accounts and welcomes a learner with an email: a sign-in link that works', async () => {
    const company = await world.makeCompany();
    const email = `buyer-${unique()}@example.test`;
    const [result] = await world.platform.identity.createLearners(company.id, [{ name: 'Bea Buyer', email }], { purchased: true });
    expect(result).toMatchObject({ ok: true, user: { purchasedAccount: true } });
    const user = await world.em().findOneOrFail(User, { email });
    expect(user.wpUser).toBe(true);

    expect(await mailTo(email)).toHaveLength(1);
    const [welcome] = await mailTo(email);
    expect(welcome!.subject).toBe('Your training account is ready');
    expect(welcome!.text).toContain(user.loginCode!);
    const token = tokenIn(welcome!);
    expect(token).toBeTruthy();
    const verify = await world.client().request('/api/auth/login-link/verify', { method: 'POST', json: { token } });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ user: { id: user.id } });
  });

  it('refuses an unknown company', async () => {
    await expect(world.platform.identity.createLearners(999_999, [{ name: 'Nobody', email: null }])).rejects.toThrow(/company/i);
  });

  it('creates 10,000 learners in one call, each with its own code, and mails those with an email', async () => {
    const company = await world.makeCompany();
    const tag = unique();
    const taken = await world.makeUser({ role: 'learner', companyId: company.id, email: `row-5-${tag}@example.test` });
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Bulk ${tag} ${i}`,
      email: i % 10 === 5 ? `row-${i}-${tag}@example.test` : null,
    }));
    const sentBefore = mail.length;

    const results = await world.platform.identity.createLearners(company.id, rows);

    expect(results).toHaveLength(10_000);
    expect(results[5]).toMatchObject({ ok: false, reason: USER_MESSAGES.emailTaken });
    const created = results.flatMap((r, i) => (r.ok ? [{ i, ...r.user }] : []));
    expect(created).toHaveLength(9_999);
    expect(created.every((u) => u.name === rows[u.i]!.name && u.email === rows[u.i]!.email)).toBe(true);
    expect(new Set(created.map((u) => u.loginCode)).size).toBe(9_999);
    expect(created.every((u) => CODE.test(u.loginCode))).toBe(true);
    expect(new Set(created.map((u) => u.id)).size).toBe(9_999);

    const em = world.em();
    expect(await em.count(User, { companyId: company.id, role: 'learner' })).toBe(10_000);
    const stored = await em.find(User, { id: { $in: created.slice(0, 1000).map((u) => u.id) } }, { fields: ['id', 'name', 'loginCode'] });
    const byId = new Map(stored.map((u) => [u.id, u]));
    expect(created.slice(0, 1000).every((u) => byId.get(u.id)?.loginCode === u.loginCode && byId.get(u.id)?.name === u.name)).toBe(true);

    // 999 new learners have an email (row 5 was taken): each gets one welcome mail.
    await world.platform.jobs.drain();
    expect(mail.length - sentBefore).toBe(999);
    expect(await mailTo(taken.email!)).toHaveLength(0);
  }, 60_000);
});
