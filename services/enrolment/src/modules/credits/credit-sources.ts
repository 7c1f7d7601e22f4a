import type { CreditSources, LedgerEntry as LedgerItem } from '@portal/contracts';
import { notFound, type Em, type IdentityPort, type Principal, type CreditActor } from '@portal/service-kit';
import type { ICreditTransaction } from './credit.entity';
import { creditBalancesOf } from './credit.repository';

/** The caller as the ledger names them. */
export const actorOf = (principal: Principal): CreditActor => ({ userId: principal.userId, name: principal.name });

/** What an enrolment for this company may spend: its own balance, then its parent's (a depot). */
export async function creditSourcesOf(em: Em, identity: Pick<IdentityPort, 'companyById'>, companyId: number): Promise<CreditSources> {
  const company = await identity.companyById(companyId);
  if (!company) throw notFound('That company');
  const parent = company.parentId != null ? await identity.companyById(company.parentId) : null;
  const balances = await creditBalancesOf(em, parent ? [company.id, parent.id] : [company.id]);
  const balance = balances.get(company.id) ?? 0;
  const parentBalance = parent ? (balances.get(parent.id) ?? 0) : 0;
  return {
    company_id: company.id,
    company_name: company.name,
    balance,
    parent: parent ? { id: parent.id, name: parent.name, balance: parentBalance } : null,
    available: balance + parentBalance,
  };
}

/** Ledger rows as the API shows them, with the names of the other companies (one port call per company). */
export async function toLedgerItems(identity: Pick<IdentityPort, 'companyById'>, rows: ICreditTransaction[]): Promise<LedgerItem[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.counterpartyCompanyId != null ? [row.counterpartyCompanyId] : [])))];
  const companies = await Promise.all(ids.map((id) => identity.companyById(id)));
  const names = new Map(companies.flatMap((company) => (company ? [[company.id, company.name] as const] : [])));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    amount: row.delta,
    balance_after: row.balanceAfter,
    actor_name: row.actorName,
    reason: row.note ?? null,
    enrollment_id: row.enrolmentId ?? null,
    order_id: row.orderId ?? null,
    counterparty_name: row.counterpartyCompanyId != null ? (names.get(row.counterpartyCompanyId) ?? null) : null,
  }));
}
