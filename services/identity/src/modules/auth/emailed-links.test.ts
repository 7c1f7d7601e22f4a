import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDENTITY_MESSAGES } from '@portal/contracts';
import { createMailer, hashToken, Job } from '@portal/service-kit';
import { createIdentityTestWorld, PASSWORD, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { UserToken } from '../../data/user-token.entity';
import { EMAILED_LINK_JOB } from './emailed-links';
import { Session } from '../../data/session.entity';

const APP_URL = 'http://portal.example.test';
let sink: SmtpSink;
let world: IdentityTestWorld;
let companyId: number;
/** A distinct address per test keeps the per-address mail limit out of the way. */
const from = () => ({ 'x-forwarded-for': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

beforeAll(async () => {
  sink = await startSmtpSink();
  world = await createIdentityTestWorld({
    env: { APP_URL },
    configure: (platform) => {
      platform.mailer = createMailer({ smtpUrl: sink.url, from: platform.env.MAIL_FROM, dataDir: platform.env.dataDir });
    },
  });
  companyId = (await world.makeCompany()).id;
});
afterAll(async () => {
  await world.close();
  await sink.close();
});

const post = (path: string, json: unknown, token?: string) => world.client(token).request(path, { method: 'POST', json, headers: from() });
const withClock = async <T>(offsetMs: number, run: () => Promise<T>) => {
  world.platform.now = () => new Date(Date.now() + offsetMs);
  try {
    return await run();
  } finally {
    world.platform.now = () => new Date();
  }
};

describe('emailed single-use sign-in link', () => {
  it('arrives over SMTP, signs in once, and then stops working', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    const response = await post('/api/auth/login-link', { email: user.email!.toUpperCase() });
    await world.platform.jobs.drain();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: IDENTITY_MESSAGES.loginLinkSent });

    const mail = await sink.waitForMailTo(user.email!);
    expect(mail.subject).toBe('Your sign-in link');
    const link = linkIn(mail, APP_URL);
    expect(link.pathname).toMatch(/^\/login\/link\/[A-Za-z0-9_-]{40,}$/);
    const token = link.pathname.split('/').pop()!;
    // Only the hash is stored.
    const em = world.em();
    expect(await em.count(UserToken, { tokenHash: token })).toBe(0);
    expect(await em.count(UserToken, { tokenHash: hashToken(token), purpose: 'login_link' })).toBe(1);

    const browser = world.client();
    const first = await browser.request('/api/auth/login-link/verify', { method: 'POST', json: { token } });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ user: { id: user.id }, redirect: '/' });
    expect((await browser.request('/api/shell')).status).toBe(200);

    const again = await post('/api/auth/login-link/verify', { token });
    expect(again.status).toBe(422);
    expect(((await again.json()) as { message: string }).message).toBe(IDENTITY_MESSAGES.loginLinkInvalid);
  });

  it('expires after 15 minutes', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    const sent = sink.messages.length;
    await post('/api/auth/login-link', { email: user.email });
    await world.platform.jobs.drain();
    const token = linkIn(await sink.waitForMailTo(user.email!, { after: sent }), APP_URL)
      .pathname.split('/')
      .pop()!;
    const late = await withClock(15 * 60 * 1000 + 1000, () => post('/api/auth/login-link/verify', { token }));
    expect(late.status).toBe(422);
    const inTime = await withClock(14 * 60 * 1000, () => post('/api/auth/login-link/verify', { token }));
    expect(inTime.status).toBe(200);
  });

  it('answers an unknown email exactly like a known one, doing the same work, and sends nothing', async () => {
    const known = await world.makeUser({ role: 'manager', companyId });
    const before = sink.messages.length;
    const send = vi.spyOn(world.platform.mailer, 'send');
    const jobsBefore = await world.em().count(Job, { name: EMAILED_LINK_JOB });
    const tokensBefore = await world.em().count(UserToken, {});
    const a = await post('/api/auth/login-link', { email: known.email });
    const b = await post('/api/auth/login-link', { email: `nobody-${unique()}@example.test` });
    const c = await post('/password/email', { email: `nobody-${unique()}@example.test` });
    expect(a.status).toBe(b.status);
    expect(await a.json()).toEqual(await b.json());
    expect(c.status).toBe(200);
    // Each request only queued one job: no lookup-dependent token or mail before answering.
    expect(await world.em().count(Job, { name: EMAILED_LINK_JOB })).toBe(jobsBefore + 3);
    expect(await world.em().count(UserToken, {})).toBe(tokensBefore);
    expect(send).not.toHaveBeenCalled();
    await world.platform.jobs.drain();
    expect(send.mock.calls.map(([message]) => message.to)).toEqual([known.email]);
    send.mockRestore();
    await sink.waitForMailTo(known.email!, { after: before });
    expect(sink.messages.length).toBe(before + 1);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password once, and ends the user’s other sessions', async () => {
    const user = await world.makeUser({ role: 'manager', companyId });
    const otherDevice = await world.signIn(user.id);
    const response = await post('/password/email', { email: user.email });
    await world.platform.jobs.drain();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Password reset link sent! Please check your email.' });

    const mail = await sink.waitForMailTo(user.email!);
    expect(mail.subject).toBe('Reset your password');
    const link = linkIn(mail, APP_URL);
    expect(link.pathname).toMatch(/^\/password\/reset\/[A-Za-z0-9_-]{40,}$/);
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.pathname.split('/').pop()!;
    expect(await world.em().count(UserToken, { tokenHash: hashToken(token), purpose: 'reset' })).toBe(1);

    const newPassword = 'Brand-New-Ladder-7';
    const reset = await post('/password/reset', { email: user.email, password: newPassword, password_confirmation: newPassword, token });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({
      success: true,
      message: 'Password reset successfully! You can now login with your new password.',
    });

    expect((await world.client(otherDevice).request('/api/shell')).status).toBe(401);
    expect(await world.em().count(Session, { userId: user.id })).toBe(0);
    const oldLogin = await post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(oldLogin.status).toBe(401);
    const newLogin = await post('/api/auth/login', { email: user.email, password: newPassword });
    expect(newLogin.status).toBe(200);

    const replay = await post('/password/reset', {
      email: user.email,
      password: 'Another-Ladder-8',
      password_confirmation: 'Another-Ladder-8',
      token,
    });
    expect(replay.status).toBe(422);
    expect(await replay.json()).toMatchObject({ errors: { token: [IDENTITY_MESSAGES.resetTokenInvalid] } });
  });

  it('expires after 60 minutes, refuses another account’s email and a mismatched confirmation', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    const sent = sink.messages.length;
    await post('/password/email', { email: user.email });
    await world.platform.jobs.drain();
    const token = linkIn(await sink.waitForMailTo(user.email!, { after: sent }), APP_URL)
      .pathname.split('/')
      .pop()!;
    const body = { email: user.email, password: 'Brand-New-Ladder-7', password_confirmation: 'Brand-New-Ladder-7', token };

    const mismatch = await post('/password/reset', { ...body, password_confirmation: 'Different-Ladder-7' });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.json()).toMatchObject({ errors: { password_confirmation: [IDENTITY_MESSAGES.passwordsDiffer] } });
    const short = await post('/password/reset', { ...body, password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([
      'The password must be at least 8 characters.',
    ]);

    const other = await world.makeUser({ role: 'learner', companyId });
    expect((await post('/password/reset', { ...body, email: other.email })).status).toBe(422);
    expect((await withClock(60 * 60 * 1000 + 1000, () => post('/password/reset', body))).status).toBe(422);
    expect((await withClock(59 * 60 * 1000, () => post('/password/reset', body))).status).toBe(200);
  });

  it('keeps the resetting browser’s own session and answers an unknown email like a known one', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    const here = await world.signIn(user.id);
    const elsewhere = await world.signIn(user.id);
    const sent = sink.messages.length;
    const known = await post('/password/email', { email: user.email });
    await world.platform.jobs.drain();
    const unknown = await post('/password/email', { email: `ghost-${unique()}@example.test` });
    await world.platform.jobs.drain();
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    const token = linkIn(await sink.waitForMailTo(user.email!, { after: sent }), APP_URL)
      .pathname.split('/')
      .pop()!;
    const reset = await post(
      '/password/reset',
      { email: user.email, password: 'Brand-New-Ladder-9', password_confirmation: 'Brand-New-Ladder-9', token },
      here,
    );
    expect(reset.status).toBe(200);
    expect((await world.client(here).request('/api/shell')).status).toBe(200);
    expect((await world.client(elsewhere).request('/api/shell')).status).toBe(401);
  });

  it('a newer reset link replaces the older one', async () => {
    const user = await world.makeUser({ role: 'learner', companyId });
    let sent = sink.messages.length;
    await post('/password/email', { email: user.email });
    await world.platform.jobs.drain();
    const first = linkIn(await sink.waitForMailTo(user.email!, { after: sent }), APP_URL)
      .pathname.split('/')
      .pop()!;
    sent = sink.messages.length;
    await post('/password/email', { email: user.email });
    await world.platform.jobs.drain();
    const second = linkIn(await sink.waitForMailTo(user.email!, { after: sent }), APP_URL)
      .pathname.split('/')
      .pop()!;
    const body = { email: user.email, password: 'Brand-New-Ladder-9', password_confirmation: 'Brand-New-Ladder-9' };
    expect((await post('/password/reset', { ...body, token: first })).status).toBe(422);
    expect((await post('/password/reset', { ...body, token: second })).status).toBe(200);
  });
});
