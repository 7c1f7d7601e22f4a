import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { Company, makeCompany as makeCompanyRow, makeSession, makeUser } from '@portal/identity-service/testing';
import { createEnrolmentApp } from '../../app';
import { createEnrolmentTestPlatform } from '../../testing/test-platform';
import { makeCreditAccount } from '../../testing/factories';
import { CreditAccount } from './credit.entity';

let platform: TestPlatform;
let app: ReturnType<typeof createEnrolmentApp>;

async function makeCompany(em: Em, name: string, input: { parentId?: number; credits?: number } = {}) {
  const company = await makeCompanyRow(em, { name, parentId: input.parentId ?? null });
  if (input.credits !== undefined) await makeCreditAccount(em, company.id, input.credits);
  return company.id;
}
async function sessionFor(em: Em, role: Role, companyId: number) {
  const user = await makeUser(em, { role, companyId, name: `${role} of ${companyId}`, email: null });
  return makeSession(em, user.id);
}

const sessions = {} as Record<'manager' | 'depotManager' | 'otherManager' | 'managerWithoutAccount' | 'admin' | 'learner', string>;

beforeAll(async () => {
  platform = await createEnrolmentTestPlatform();
  app = createEnrolmentApp(platform);
  const em = platform.orm.em.fork();
  const company = await makeCompany(em, 'Roofers Ltd', { credits: 37 });
  const depot = await makeCompany(em, 'Roofers East', { parentId: company, credits: 4 });
  const other = await makeCompany(em, 'Plumbers Ltd', { credits: 900 });
  const noAccount = await makeCompany(em, 'New Customer Ltd');
  const platformCompany = await makeCompany(em, 'Portal', { credits: 12 });
  sessions.manager = await sessionFor(em, 'manager', company);
  sessions.depotManager = await sessionFor(em, 'manager', depot);
  sessions.otherManager = await sessionFor(em, 'manager', other);
  sessions.managerWithoutAccount = await sessionFor(em, 'manager', noAccount);
  sessions.admin = await sessionFor(em, 'admin', platformCompany);
  sessions.learner = await sessionFor(em, 'learner', company);
});
afterAll(() => platform.close());

const balance = (session?: string) => new TestClient(app, session ? { sessionToken: session } : {}).request('/api/credit-balance');
async function balanceOf(session: string): Promise<number> {
  const response = await balance(session);
  expect(response.status).toBe(200);
  return ((await response.json()) as { credit_balance: number }).credit_balance;
}

describe('GET /api/credit-balance', () => {
  it("gives each manager their own company's balance, a depot's manager the depot's", async () => {
    expect(await balanceOf(sessions.manager)).toBe(37);
    expect(await balanceOf(sessions.depotManager)).toBe(4);
    expect(await balanceOf(sessions.otherManager)).toBe(900);
  });

  it('is 0 for a company that never had credits', async () => {
    expect(await balanceOf(sessions.managerWithoutAccount)).toBe(0);
  });

  it("gives an admin the balance of the company they act for", async () => {
    expect(await balanceOf(sessions.admin)).toBe(12);
  });

  it('follows the ledger account as it changes', async () => {
    const em = platform.orm.em.fork();
    const account = await em.findOneOrFail(CreditAccount, { companyId: (await em.findOneOrFail(Company, { name: 'Plumbers Ltd' })).id });
    account.balance = 899;
    await em.flush();
    expect(await balanceOf(sessions.otherManager)).toBe(899);
  });

  it('refuses a learner with 403 and an anonymous caller with 401', async () => {
    expect((await balance(sessions.learner)).status).toBe(403);
    expect((await balance()).status).toBe(401);
  });
});
