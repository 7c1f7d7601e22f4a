import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@portal/contracts';
import { verifyPassword } from '@portal/service-kit';
import { createIdentityTestWorld, PASSWORD, unique, type IdentityTestWorld } from '../../testing/identity-test-world';
import { makePng } from '../../testing/png';
import { User } from '../users/user.entity';
import { Company } from '../companies/company.entity';

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
      user: { id: managerA.id, name: 'Avery Manager', email: managerA.email },
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
    const response = await world.client(token).request('/account/login', { method: 'POST', json: { name: 'New Name', email, password: '' } });
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
    const response = await world.client(token).request('/account/login', { method: 'POST', json: { name: 'N', email: manager.email, password: 'Another-Ladder-5' } });
    expect(response.status).toBe(200);
    expect(await verifyPassword((await world.em().findOneOrFail(User, { id: manager.id })).passwordHash, 'Another-Ladder-5')).toBe(true);
    expect((await world.client(other).request('/api/shell')).status).toBe(401);
    expect((await world.client(token).request('/api/shell')).status).toBe(200);

    const taken = await world.client(token).request('/account/login', { method: 'POST', json: { name: 'N', email: managerA.email } });
    expect(taken.status).toBe(422);
    expect(await taken.json()).toMatchObject({ errors: { email: ['A user with this email already exists'] } });
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
    expect(await world.em().findOneOrFail(Company, { id: companyA })).toMatchObject({ sendCertificate: false, sendReport: true, sendExpiryReport: false });
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
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(((await (await asManager().request('/api/account')).json()) as { company: { logo_url: string } }).company.logo_url).toBe(body.logo_url);
  });

  it('refuses an image larger than 256 pixels either way, reading the real size', async () => {
    for (const [w, h] of [[257, 10], [10, 300]] as const) {
      const response = await upload(tokenA, new Blob([new Uint8Array(makePng(w, h))], { type: 'image/png' }), 'small.png');
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ errors: { logo: [`${ACCOUNT_MESSAGES.logoTooLarge} This image is ${w}x${h}.`] } });
    }
  });

  it('refuses a file that is not an image, whatever its name and type claim', async () => {
    const response = await upload(tokenA, new Blob(['<svg onload="alert(1)"></svg>'], { type: 'image/png' }), 'logo.png');
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { logo: [ACCOUNT_MESSAGES.logoNotImage] } });
    const svg = await upload(tokenA, new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'], { type: 'image/svg+xml' }), 'logo.svg');
    expect(svg.status).toBe(422);
    const missing = await world.client(tokenA).request('/account/logo', { method: 'POST', body: new FormData() });
    expect(missing.status).toBe(422);
  });
});

describe('account depots', () => {
  it('edits a depot’s name and email', async () => {
    const depot = await world.makeCompany({ name: 'Alpha East', parentId: companyA });
    const response = await asManager().request(`/account/depot/${depot.id}`, { method: 'POST', json: { name: 'Alpha East Yard', email: 'East@Alpha.test' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Depot updated successfully!', data: { id: depot.id, name: 'Alpha East Yard', email: 'east@alpha.test' } });
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
    expect(world.enrolment.calls).toEqual([
      { method: 'removeEnrollmentsOf', args: [{ userIds: [learner.id], companyIds: [depot.id] }] },
    ]);
  });

  it('will not treat the company itself as its depot', async () => {
    expect((await asManager().request(`/account/depot/${companyA}/delete`, { method: 'POST', json: {} })).status).toBe(404);
    expect(await world.em().count(Company, { id: companyA })).toBe(1);
  });
});
