import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@portal/contracts';
import { isReadableImage, verifyPassword } from '@portal/service-kit';
import { corruptJpegs, corruptPng, testImage } from '@portal/service-kit/testing';
import { createIdentityTestWorld, PASSWORD, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { makePng } from '../../testing/png';
import { User } from '../../data/user.entity';
import { Company } from '../../data/company.entity';

let world: IdentityTestWorld;
let companyA: number;
let depotOfA: number;
let managerA: { id: number; email: string | null };
let tokenA: string;

beforeAll(async () => {
  world = await createIdentityTestWorld();
  companyA = (await world.makeCompany({ name: 'Alpha Ltd' })).id;
  depotOfA = (await world.makeCompany({ name: 'Alpha North', parentId: companyA })).id;
  managerA = await world.makeUser({ role: 'manager', companyId: companyA, name: 'Avery Manager' });
  tokenA = await world.signIn(managerA.id);
});
afterAll(() => world.close());

const asManager = () => world.client(tokenA);
function upload(token: string, file: Blob, name = 'logo.png') {
  const form = new FormData();
  form.append('logo', file, name);
  return world.client(token).request('/account/logo', { method: 'POST', body: form });
}

describe('GET /api/account', () => {
  it('shows login details, settings, depots and the company administrators (managers only)', async () => {
    await world.makeUser({ role: 'learner', companyId: companyA });
    await world.makeUser({ role: 'admin', companyId: companyA });
    const body: unknown = await (await asManager().request('/api/account')).json();
    expect(body).toEqual({
      user: { id: managerA.id, name: 'Avery Manager', email: managerA.email, has_password: true },
      company: { id: companyA, name: 'Alpha Ltd', logo_url: null },
      settings: { send_certificate: true, send_report: true, send_expiry_report: true },
      depots: [{ id: depotOfA, name: 'Alpha North', email: null }],
      company_managers: [{ id: managerA.id, name: 'Avery Manager', email: managerA.email }],
    });
  });

  it('is refused to learners', async () => {
    const learner = await world.makeUser({ role: 'learner', companyId: companyA });
    expect((await world.client(await world.signIn(learner.id)).request('/api/account')).status).toBe(403);
  });
});

describe('POST /account/login', () => {
  it('changes name and email; a blank password changes nothing', async () => {
    const manager = await world.makeUser({ role: 'manager', companyId: companyA });
    const token = await world.signIn(manager.id);
    const email = `Changed-${unique()}@Example.test`;
    const response = await world
      .client(token)
      .request('/account/login', { method: 'POST', json: { name: 'New Name', email, password: '', current_password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.loginUpdated });
    const stored = await world.em().findOneOrFail(User, { id: manager.id });
    expect(stored).toMatchObject({ name: 'New Name', email: email.toLowerCase() });
    expect(await verifyPassword(stored.passwordHash, PASSWORD)).toBe(true);
  });

  it('sets a new password and ends the other sessions; refuses a taken email', async () => {
    const manager = await world.makeUser({ role: 'manager', companyId: companyA });
    const token = await world.signIn(manager.id);
    const other = await world.signIn(manager.id);
    const response = await world.client(token).request('/account/login', {
      method: 'POST',
      json: { name: 'N', email: manager.email, password: 'Another-Ladder-5', current_password: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await verifyPassword((await world.em().findOneOrFail(User, { id: manager.id })).passwordHash, 'Another-Ladder-5')).toBe(true);
    expect((await world.client(other).request('/api/shell')).status).toBe(401);
    expect((await world.client(token).request('/api/shell')).status).toBe(200);

    const taken = await world
      .client(token)
      .request('/account/login', { method: 'POST', json: { name: 'N', email: managerA.email, current_password: 'Another-Ladder-5' } });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toMatchObject({ errors: { email: ['A user with this email already exists'] } });
  });
});

describe('POST /account/login: the current password (issue 13 item 5)', () => {
  const mailTo = async (address: string) => {
    await world.platform.jobs.drain();
    return world.platform.sentMail.filter((m) => m.to === address);
  };

  it.each(['manager', 'admin'] as const)(
    'a %s changes only the name without it; a new email or password needs it, errors under the field',
    async (role) => {
      const user = await world.makeUser({ role, companyId: companyA });
      const token = await world.signIn(user.id);
      const login = (json: Record<string, unknown>) =>
        world.client(token).request('/account/login', { method: 'POST', json: { name: 'Renamed', email: user.email, ...json } });
      expect((await login({})).status).toBe(200);
      for (const [json, message] of [
        [{ email: `new-${unique()}@example.test` }, ACCOUNT_MESSAGES.currentPasswordRequired],
        [{ password: 'Another-Ladder-5' }, ACCOUNT_MESSAGES.currentPasswordRequired],
        [{ password: 'Another-Ladder-5', current_password: 'Not-My-Password-1' }, ACCOUNT_MESSAGES.currentPasswordWrong],
      ] as const) {
        const refused = await login(json);
        expect(refused.status).toBe(422);
        expect(await refused.json()).toMatchObject({ errors: { current_password: [message] } });
      }
      const stored = await world.em().findOneOrFail(User, { id: user.id });
      expect(stored.email).toBe(user.email);
      expect(await verifyPassword(stored.passwordHash, PASSWORD)).toBe(true);
    },
  );

  it('tells the old address of a new email and the account’s address of a new password (queued mail)', async () => {
    const manager = await world.makeUser({ role: 'manager', companyId: companyA });
    const token = await world.signIn(manager.id);
    const newEmail = `moved-${unique()}@example.test`;
    expect(
      (
        await world
          .client(token)
          .request('/account/login', { method: 'POST', json: { name: 'N', email: newEmail, current_password: PASSWORD } })
      ).status,
    ).toBe(200);
    const toOld = await mailTo(manager.email!);
    expect(toOld.map((m) => m.subject)).toEqual(['Your email address was changed']);
    expect(toOld[0]!.text).toContain(newEmail);
    expect(await mailTo(newEmail)).toEqual([]);

    expect(
      (
        await world.client(token).request('/account/login', {
          method: 'POST',
          json: { name: 'N', email: newEmail, password: 'Another-Ladder-5', current_password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await mailTo(newEmail)).map((m) => m.subject)).toEqual(['Your password was changed']);
  });

  it('answers 429 after 5 wrong current passwords in 15 minutes, the right one included', async () => {
    const manager = await world.makeUser({ role: 'manager', companyId: companyA });
    const token = await world.signIn(manager.id);
    const change = (current: string) =>
      world.client(token).request('/account/login', {
        method: 'POST',
        json: { name: 'N', email: manager.email, password: 'Another-Ladder-5', current_password: current },
      });
    for (let i = 0; i < 5; i++) expect((await change(`Wrong-Ladder-${i}`)).status).toBe(422);
    const limited = await change(PASSWORD);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
    world.platform.now = () => new Date(Date.now() + 15 * 60 * 1000 + 1000);
    try {
      expect((await change(PASSWORD)).status).toBe(200);
    } finally {
      world.platform.now = () => new Date();
    }
  });

  it('an account with no password sets one through a mailed link, not with the form', async () => {
    const manager = await world.makeUser({ role: 'manager', companyId: companyA, password: null });
    const token = await world.signIn(manager.id);
    expect(await (await world.client(token).request('/api/account')).json()).toMatchObject({ user: { has_password: false } });
    const refused = await world.client(token).request('/account/login', {
      method: 'POST',
      json: { name: 'N', email: manager.email, password: 'Another-Ladder-5', current_password: 'x' },
    });
    expect(await refused.json()).toMatchObject({ errors: { current_password: [ACCOUNT_MESSAGES.noPasswordYet] } });

    const link = await world
      .client(token)
      .request('/account/password-link', { method: 'POST', json: {}, headers: { 'x-forwarded-for': '10.50.0.1' } });
    expect(link.status).toBe(200);
    expect(await link.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.passwordLinkSent });
    const [mail] = await mailTo(manager.email!);
    const url = /\/password\/reset\/([^?\s]+)/.exec(mail!.text)![1]!;
    const reset = await world.client().request('/password/reset', {
      method: 'POST',
      json: { token: url, email: manager.email, password: 'Chosen-Ladder-7', password_confirmation: 'Chosen-Ladder-7' },
    });
    expect(reset.status).toBe(200);
    expect(await verifyPassword((await world.em().findOneOrFail(User, { id: manager.id })).passwordHash, 'Chosen-Ladder-7')).toBe(true);
    // With a password now (the reset ended the other sessions), the link is refused: the password is changed with the current one.
    expect(
      (await world.client(await world.signIn(manager.id)).request('/account/password-link', { method: 'POST', json: {} })).status,
    ).toBe(422);
  });
});

describe('POST /account/notifications', () => {
  it('saves the three settings on the company', async () => {
    const response = await asManager().request('/account/notifications', {
      method: 'POST',
      json: { send_certificate: false, send_report: true, send_expiry_report: false },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: ACCOUNT_MESSAGES.notificationsUpdated });
    expect(await world.em().findOneOrFail(Company, { id: companyA })).toMatchObject({
      sendCertificate: false,
      sendReport: true,
      sendExpiryReport: false,
    });
    expect((await asManager().request('/account/notifications', { method: 'POST', json: { send_certificate: 'yes' } })).status).toBe(422);
  });
});

describe('POST /account/logo', () => {
  it('accepts an image up to 256x256 and serves it from storage', async () => {
    const png = makePng(256, 200);
    const response = await upload(tokenA, new Blob([new Uint8Array(png)], { type: 'image/png' }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; logo_url: string };
    expect(body.message).toBe(ACCOUNT_MESSAGES.logoUpdated);
    expect(body.logo_url).toMatch(new RegExp(`^/api/company/${companyA}/logo\\?v=`));
    const served = await asManager().request(body.logo_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=300');
    // What is stored is a fresh encoding of the upload: a whole PNG of the same size.
    const stored = Buffer.from(await served.arrayBuffer());
    expect(await isReadableImage(stored, ['png'])).toBe(true);
    expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([256, 200]);
    expect(((await (await asManager().request('/api/account')).json()) as { company: { logo_url: string } }).company.logo_url).toBe(
      body.logo_url,
    );
  });

  it('refuses an image larger than 256 pixels either way, reading the real size', async () => {
    for (const [w, h] of [
      [257, 10],
      [10, 300],
    ] as const) {
      const response = await upload(tokenA, new Blob([new Uint8Array(makePng(w, h))], { type: 'image/png' }), 'small.png');
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ errors: { logo: [`${ACCOUNT_MESSAGES.logoTooLarge} This image is ${w}x${h}.`] } });
    }
  });

  it('refuses a damaged PNG or JPEG with a message under the field, and keeps the logo it had (issue 25)', async () => {
    const good = await upload(tokenA, new Blob([new Uint8Array(await testImage('jpeg', 60, 40))], { type: 'image/jpeg' }), 'good.jpg');
    expect(good.status).toBe(200);
    const { logo_url: before } = (await good.json()) as { logo_url: string };
    const { truncated, garbled } = await corruptJpegs();
    for (const [name, bytes, type] of [
      ['broken.png', corruptPng(), 'image/png'],
      ['cut.jpg', truncated, 'image/jpeg'],
      ['garbled.jpg', garbled, 'image/jpeg'],
    ] as const) {
      const response = await upload(tokenA, new Blob([new Uint8Array(bytes)], { type }), name);
      expect(response.status, name).toBe(422);
      expect(await response.json(), name).toMatchObject({ errors: { logo: [ACCOUNT_MESSAGES.logoUnreadable] } });
    }
    const account = (await (await asManager().request('/api/account')).json()) as { company: { logo_url: string } };
    expect(account.company.logo_url).toBe(before);
    expect((await asManager().request(before)).status).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name and type claim', async () => {
    const response = await upload(tokenA, new Blob(['<svg onload="alert(1)"></svg>'], { type: 'image/png' }), 'logo.png');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { logo: [ACCOUNT_MESSAGES.logoNotImage] } });
    const svg = await upload(
      tokenA,
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'], { type: 'image/svg+xml' }),
      'logo.svg',
    );
    expect(svg.status).toBe(422);
    const missing = await world.client(tokenA).request('/account/logo', { method: 'POST', body: new FormData() });
    expect(missing.status).toBe(422);
  });
});

describe('account depots', () => {
  it('edits a depot’s name and email', async () => {
    const depot = await world.makeCompany({ name: 'Alpha East', parentId: companyA });
    const response = await asManager().request(`/account/depot/${depot.id}`, {
      method: 'POST',
      json: { name: 'Alpha East Yard', email: 'East@Alpha.test' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Depot updated successfully!',
      data: { id: depot.id, name: 'Alpha East Yard', email: 'east@alpha.test' },
    });
  });

  it('deletes a depot with its users, and their enrolments through the port', async () => {
    const depot = await world.makeCompany({ name: 'Alpha West', parentId: companyA });
    const learner = await world.makeUser({ role: 'learner', companyId: depot.id });
    world.enrolment.reset();
    const response = await asManager().request(`/account/depot/${depot.id}/delete`, { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Depot deleted successfully!' });
    expect(await world.em().count(Company, { id: depot.id })).toBe(0);
    expect(await world.em().count(User, { id: learner.id })).toBe(0);
    expect(world.enrolment.calls).toEqual([{ method: 'removeEnrolmentsOf', args: [{ userIds: [learner.id], companyIds: [depot.id] }] }]);
  });

  it('will not treat the company itself as its depot', async () => {
    expect((await asManager().request(`/account/depot/${companyA}/delete`, { method: 'POST', json: {} })).status).toBe(404);
    expect(await world.em().count(Company, { id: companyA })).toBe(1);
  });
});

describe('a damaged company logo (issue 25 D4)', () => {
  it('is refused with 422 under the field', async () => {
    for (const [name, bytes, type] of [
      ['broken.png', corruptPng(), 'image/png'],
      ['cut.jpg', (await corruptJpegs()).truncated, 'image/jpeg'],
    ] as const) {
      const form = new FormData();
      form.append('logo', new Blob([new Uint8Array(bytes)], { type }), name);
      const response = await asManager().request('/account/logo', { method: 'POST', body: form });
      expect(response.status, name).toBe(422);
      expect(await response.json(), name).toMatchObject({ errors: { logo: [ACCOUNT_MESSAGES.logoUnreadable] } });
    }
  });
});
