import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, CREDIT_MESSAGES, creditLedger, creditSources, creditTransfer, type LedgerEntry, type Page } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { TestClient, type TestPlatform } from '@portal/service-kit/testing';
import { createEnrolmentTestWorld, makeCreditAccount, type EnrolmentTestWorld } from '../../testing';
import { CreditAccount } from './credit.entity';
import { ledgerSumOf } from './credit.repository';

let world: EnrolmentTestWorld;
let platform: TestPlatform;
let app: EnrolmentTestWorld['app'];

async function makeCompany(em: Em, name: string, input: { parentId?: number; credits?: number } = {}) {
  const company = await world.identity.company({ name, parentId: input.parentId ?? null });
  if (input.credits !== undefined) await makeCreditAccount(em, company.id, input.credits);
  return company.id;
}
async function sessionFor(em: Em, role: Role, companyId: number) {
  const user = await world.identity.user({ role, companyId, name: `${role} of ${companyId}`, email: null });
  return world.identity.signIn(user.id);
}

const ids = {} as Record<'company' | 'depot' | 'other', number>;
const sessions = {} as Record<'manager' | 'depotManager' | 'otherManager' | 'managerWithoutAccount' | 'admin' | 'learner', string>;

beforeAll(async () => {
  world = await createEnrolmentTestWorld();
  platform = world.platform;
  app = world.app;
  const em = platform.orm.em.fork();
  const company = await makeCompany(em, 'Roofers Ltd', { credits: 37 });
  const depot = await makeCompany(em, 'Roofers East', { parentId: company, credits: 4 });
  const other = await makeCompany(em, 'Plumbers Ltd', { credits: 900 });
  Object.assign(ids, { company, depot, other });
  const noAccount = await makeCompany(em, 'New Customer Ltd');
  const platformCompany = await makeCompany(em, 'Portal', { credits: 12 });
  sessions.manager = await sessionFor(em, 'manager', company);
  sessions.depotManager = await sessionFor(em, 'manager', depot);
  sessions.otherManager = await sessionFor(em, 'manager', other);
  sessions.managerWithoutAccount = await sessionFor(em, 'manager', noAccount);
  sessions.admin = await sessionFor(em, 'admin', platformCompany);
  sessions.learner = await sessionFor(em, 'learner', company);
});
afterAll(() => world.close());

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

  it('gives an admin the balance of the company they act for', async () => {
    expect(await balanceOf(sessions.admin)).toBe(12);
  });

  it('follows the ledger account as it changes', async () => {
    const em = platform.orm.em.fork();
    const account = await em.findOneOrFail(CreditAccount, { companyId: ids.other });
    account.balance = 899;
    await em.flush();
    expect(await balanceOf(sessions.otherManager)).toBe(899);
  });

  it('refuses a learner with 403 and an anonymous caller with 401', async () => {
    expect((await balance(sessions.learner)).status).toBe(403);
    expect((await balance()).status).toBe(401);
  });
});

const as = (session: string) => new TestClient(app, { sessionToken: session });

describe('credits of a depot and its parent', () => {
  it('shows a depot what it can spend: its own balance, then its parent’s', async () => {
    const response = await as(sessions.manager).call(creditSources, { params: { companyId: ids.depot } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        company_id: ids.depot,
        company_name: 'Roofers East',
        balance: 4,
        parent: { id: ids.company, name: 'Roofers Ltd', balance: 37 },
        available: 41,
      },
    });
    const own = (await (await as(sessions.otherManager).call(creditSources, { params: { companyId: ids.other } })).json()) as {
      data: { parent: unknown; available: number };
    };
    expect(own.data.parent).toBeNull();
    expect((await as(sessions.otherManager).call(creditSources, { params: { companyId: ids.depot } })).status).toBe(403);
  });

  it('moves credits from a company to its own depot only, never below 0, as two ledger rows', async () => {
    const manager = as(sessions.manager);
    const refused = await manager.call(creditTransfer, { params: { companyId: ids.company }, body: { depot_id: ids.other, amount: 1 } });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors).toEqual({ depot_id: [CREDIT_MESSAGES.notADepot] });
    const tooMuch = await manager.call(creditTransfer, { params: { companyId: ids.company }, body: { depot_id: ids.depot, amount: 38 } });
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      amount: [CREDIT_MESSAGES.notEnoughToTransfer],
    });
    // A depot's manager cannot pull credits out of the parent.
    expect(
      (
        await as(sessions.depotManager).call(creditTransfer, {
          params: { companyId: ids.company },
          body: { depot_id: ids.depot, amount: 1 },
        })
      ).status,
    ).toBe(403);

    const moved = await manager.call(creditTransfer, {
      params: { companyId: ids.company },
      body: { depot_id: ids.depot, amount: 5, reason: 'For the east site' },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ success: true, message: CREDIT_MESSAGES.transferred, balance: 32, depot_balance: 9 });
    const em = platform.orm.em.fork();
    expect(await ledgerSumOf(em, ids.company)).toBe(32);
    expect(await ledgerSumOf(em, ids.depot)).toBe(9);
  });

  it('lists a ledger newest first, with search, kind filter, pages and the other company named', async () => {
    const manager = as(sessions.manager);
    const response = await manager.call(creditLedger, { params: { companyId: ids.depot } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as Page<LedgerEntry>;
    expect(page.total).toBe(2);
    expect(page.data[0]).toMatchObject({
      kind: 'transfer',
      amount: 5,
      balance_after: 9,
      actor_name: 'manager of ' + ids.company,
      reason: 'For the east site',
      counterparty_name: 'Roofers Ltd',
    });
    expect(page.data[1]).toMatchObject({ kind: 'purchase', amount: 4, balance_after: 4, counterparty_name: null });

    const search = (await (
      await manager.call(creditLedger, { params: { companyId: ids.company }, query: { search: 'east site' } })
    ).json()) as Page<LedgerEntry>;
    expect(search.data.map((row) => [row.kind, row.amount, row.counterparty_name])).toEqual([['transfer', -5, 'Roofers East']]);
    const byKind = (await (
      await manager.call(creditLedger, { params: { companyId: ids.company }, query: { kind: 'purchase', per_page: '1' } })
    ).json()) as Page<LedgerEntry>;
    expect(byKind).toMatchObject({ total: 1, per_page: 1, data: [{ kind: 'purchase', amount: 37 }] });
    const sorted = (await (
      await manager.call(creditLedger, { params: { companyId: ids.company }, query: { order_by: 'amount', order_dir: 'asc' } })
    ).json()) as Page<LedgerEntry>;
    expect(sorted.data.map((row) => row.amount)).toEqual([-5, 37]);
    expect((await manager.call(creditLedger, { params: { companyId: ids.company }, query: { kind: 'gift' } })).status).toBe(422);
  });

  it("refuses another company's ledger, and learners", async () => {
    expect((await as(sessions.otherManager).call(creditLedger, { params: { companyId: ids.company } })).status).toBe(403);
    expect((await as(sessions.depotManager).call(creditLedger, { params: { companyId: ids.company } })).status).toBe(403);
    expect((await as(sessions.learner).call(creditLedger, { params: { companyId: ids.company } })).status).toBe(403);
    expect((await as(sessions.admin).call(creditLedger, { params: { companyId: ids.company } })).status).toBe(200);
  });
});
