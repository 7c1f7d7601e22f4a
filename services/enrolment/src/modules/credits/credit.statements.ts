import type { Em, Knex } from '@portal/service-kit';
import { CreditAccount } from './credit.entity';

// The credits' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** Which of these companies have an account: rows as the query builder answers them. */
export function accountRowsOf(tx: Em, companyIds: number[]) {
  return tx
    .createQueryBuilder(CreditAccount)
    .select('companyId')
    .where({ companyId: { $in: companyIds } })
    .execute('all', false);
}

/** Opens these companies' accounts at 0; an account opened meanwhile only has its updated_at touched (see openMissingAccounts). */
export async function insertAccountsAtZero(tx: Em, companyIds: number[]): Promise<void> {
  await tx
    .createQueryBuilder(CreditAccount)
    .insert(companyIds.map((companyId) => ({ companyId, balance: 0, updatedAt: new Date() })))
    .onConflict('companyId')
    .merge(['updatedAt'])
    .execute();
}

/** Sum of a company's ledger rows. */
export async function ledgerSumRow(em: Em, companyId: number): Promise<{ total: number | string | null } | undefined> {
  const [row] = await em
    .getKnex()('credit_transactions')
    .where('company_id', companyId)
    .sum<{ total: number | string | null }[]>({ total: 'delta' });
  return row;
}

/** The ids of a company's ledger rows (of one kind, when given): the list's base query. */
export function ledgerIdsQuery(em: Em, companyId: number, kind: string | undefined): Knex.QueryBuilder {
  const base = em.getKnex()('credit_transactions as t').where('t.company_id', companyId).select('t.id');
  if (kind) base.andWhere('t.kind', kind);
  return base;
}
