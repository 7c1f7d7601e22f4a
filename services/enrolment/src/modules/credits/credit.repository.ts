import { LockMode } from '@mikro-orm/core';
import type { ListQuery, Page } from '@portal/contracts';
import { inIdOrder, listPage, mapPage, type CreditActor, type Em } from '@portal/service-kit';
import { accountRowsOf, insertAccountsAtZero, ledgerIdsQuery, ledgerSumRow } from './credit.statements';
import { CreditAccount, CreditTransaction, type CreditKind, type ICreditAccount, type ICreditTransaction } from './credit.entity';

/** Every query about credit balances and the credit ledger. */

/** Who moved credits when nobody signed in did: the shop's webhook, migrations, cascades. */
export const SYSTEM_ACTOR: CreditActor = { userId: null, name: 'System' };
export const SHOP_ACTOR: CreditActor = { userId: null, name: 'Shop' };

export async function creditBalanceOf(em: Em, companyId: number): Promise<number> {
  const account = await em.findOne(CreditAccount, { companyId }, { refresh: true });
  return account?.balance ?? 0;
}

/** Balances by company id; a company without an account has none in the map. */
export async function creditBalancesOf(em: Em, companyIds: number[]): Promise<Map<number, number>> {
  const accounts = companyIds.length
    ? await em.find(CreditAccount, { companyId: { $in: [...new Set(companyIds)] } }, { refresh: true })
    : [];
  return new Map(accounts.map((a) => [a.companyId, a.balance]));
}

/**
 * Opens the accounts of these companies that have none (balance 0), inside the caller's
 * transaction. Only missing ones are inserted, as an upsert that changes nothing but updated_at
 * when another transaction opened the account meanwhile: on MariaDB that waits for an exclusive
 * lock on the row, where INSERT IGNORE would take a shared one — and two transactions upgrading
 * shared locks to the FOR UPDATE lock that follows deadlock each other.
 */
async function openMissingAccounts(tx: Em, companyIds: number[]): Promise<void> {
  const existing = await accountRowsOf(tx, companyIds);
  const have = new Set(
    existing.map((row) =>
      Number((row as { company_id?: number; companyId?: number }).company_id ?? (row as { companyId?: number }).companyId),
    ),
  );
  const missing = companyIds.filter((id) => !have.has(id));
  if (missing.length === 0) return;
  await insertAccountsAtZero(tx, missing);
}

/**
 * The accounts of these companies under a row lock until the transaction ends (SELECT … FOR
 * UPDATE), so no one else spends from them meanwhile. Locked in ascending company id in one
 * statement, so two transactions locking the same accounts never wait for each other in a circle.
 * With `open`, missing accounts are opened first (money coming in); without it a company without
 * an account is simply absent (it has nothing to spend). Always read fresh from the database.
 */
export async function lockCreditAccounts(
  tx: Em,
  companyIds: number[],
  options: { open?: boolean } = {},
): Promise<Map<number, ICreditAccount>> {
  const ids = [...new Set(companyIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  if (options.open) await openMissingAccounts(tx, ids);
  const accounts = await tx.find(
    CreditAccount,
    { companyId: { $in: ids } },
    { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { companyId: 'asc' }, refresh: true },
  );
  return new Map(accounts.map((a) => [a.companyId, a]));
}

/** One company's account of those `lockCreditAccounts(…, { open: true })` locked: that call opens every one it is asked for. */
export function openedAccountOf(accounts: Map<number, ICreditAccount>, companyId: number): ICreditAccount {
  const account = accounts.get(companyId);
  if (!account) throw new Error(`Company ${companyId}'s credit account was neither found nor opened.`);
  return account;
}

/** A company's account under a row lock until the transaction ends (null when it has none). */
export async function lockCreditAccount(tx: Em, companyId: number): Promise<ICreditAccount | null> {
  return (await lockCreditAccounts(tx, [companyId])).get(companyId) ?? null;
}

/** The ledger rows that paid for these enrolments, and those that gave their credits back. */
export async function enrolmentMovementsOf(em: Em, enrolmentIds: number[]): Promise<ICreditTransaction[]> {
  if (enrolmentIds.length === 0) return [];
  return em.find(
    CreditTransaction,
    { enrolmentId: { $in: enrolmentIds }, kind: { $in: ['enrolment', 're-enrolment', 'refund'] } },
    { orderBy: { id: 'asc' } },
  );
}

/** The ledger rows that paid for these enrolments. */
export async function enrolmentSpendsOf(em: Em, enrolmentIds: number[]): Promise<ICreditTransaction[]> {
  if (enrolmentIds.length === 0) return [];
  return em.find(CreditTransaction, { enrolmentId: { $in: enrolmentIds }, kind: { $in: ['enrolment', 're-enrolment'] } });
}

export interface LedgerEntry {
  companyId: number;
  delta: number;
  kind: CreditKind;
  enrolmentId?: number | null;
  orderId?: string | null;
  /** The reason shown in the ledger. */
  note?: string | null;
  actor?: CreditActor;
  counterpartyCompanyId?: number | null;
  /**
   * The company's balance after this row. Left out, it is read from the company's account as
   * this entity manager holds it — the caller has locked it and already changed its balance.
   */
  balanceAfter?: number;
  createdAt?: Date;
}

/** A ledger row, written with the entity manager's next flush; the balance changes with it, under its lock. */
export function addLedgerEntry(em: Em, entry: LedgerEntry): ICreditTransaction {
  const balanceAfter = entry.balanceAfter ?? em.getUnitOfWork().getById<ICreditAccount>('CreditAccount', entry.companyId)?.balance;
  if (balanceAfter === undefined)
    throw new Error(`A ledger row for company ${entry.companyId} needs its locked account or its balance after.`);
  const actor = entry.actor ?? SYSTEM_ACTOR;
  return em.create(CreditTransaction, {
    companyId: entry.companyId,
    delta: entry.delta,
    kind: entry.kind,
    balanceAfter,
    actorUserId: actor.userId,
    actorName: actor.name,
    counterpartyCompanyId: entry.counterpartyCompanyId ?? null,
    enrolmentId: entry.enrolmentId ?? null,
    orderId: entry.orderId ?? null,
    note: entry.note ?? null,
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
  });
}

/** Moves a locked account's balance and writes the ledger row that explains it. */
export function moveCredits(tx: Em, account: ICreditAccount, entry: Omit<LedgerEntry, 'companyId' | 'balanceAfter'>): ICreditTransaction {
  account.balance += entry.delta;
  return addLedgerEntry(tx, { ...entry, companyId: account.companyId, balanceAfter: account.balance });
}

/**
 * Changes a balance and writes its ledger row in one transaction (the caller's, when `em` is in
 * one), under a row lock; opens the account on its first change.
 */
export async function changeCredits(em: Em, entry: LedgerEntry): Promise<ICreditTransaction> {
  return em.transactional(async (tx) => {
    const account = openedAccountOf(await lockCreditAccounts(tx, [entry.companyId], { open: true }), entry.companyId);
    return moveCredits(tx, account, entry);
  });
}

/** Sum of a company's ledger rows (what its balance must always be). */
export async function ledgerSumOf(em: Em, companyId: number): Promise<number> {
  const row = await ledgerSumRow(em, companyId);
  return Number(row?.total ?? 0);
}

export type LedgerSort = 'created_at' | 'amount' | 'kind';

/** One page of a company's ledger; the search finds the reason, the order id and who did it. */
export async function listLedger(
  em: Em,
  companyId: number,
  query: ListQuery<LedgerSort> & { kind?: CreditKind },
  url: string,
): Promise<Page<ICreditTransaction>> {
  const base = ledgerIdsQuery(em, companyId, query.kind);
  const page = await listPage<{ id: number }, LedgerSort>(base, query, {
    search: ['t.note', 't.order_id', 't.actor_name'],
    sort: { created_at: 't.created_at', amount: 't.delta', kind: 't.kind' },
    id: 't.id',
    url,
  });
  return mapPage(page, async (rows) => {
    const ids = rows.map((r) => Number(r.id));
    return inIdOrder(ids, ids.length ? await em.find(CreditTransaction, { id: { $in: ids } }) : []);
  });
}
