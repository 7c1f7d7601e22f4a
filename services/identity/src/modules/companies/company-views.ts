import type { AdminCompany, Depot } from '@portal/contracts';
import type { Em, EnrolmentPort } from '@portal/service-kit';
import type { ICompany } from '../../data/company.entity';
import { depotAndUserCounts } from '../../data/company.repository';

/** Every company's balance from enrolment, in one call. */
async function balancesOf(enrolment: EnrolmentPort, companies: ICompany[]): Promise<Map<number, number>> {
  if (!companies.length) return new Map();
  return new Map((await enrolment.creditBalances(companies.map((c) => c.id))).map((b) => [b.companyId, b.balance]));
}

/** Companies as the admin screens show them: with depot and user counts and the credit balance. */
export async function toAdminCompanies(em: Em, enrolment: EnrolmentPort, companies: ICompany[]): Promise<AdminCompany[]> {
  const { depots, users } = await depotAndUserCounts(
    em,
    companies.map((c) => c.id),
  );
  const balances = await balancesOf(enrolment, companies);
  const result: AdminCompany[] = [];
  for (const c of companies) {
    result.push({
      id: c.id,
      name: c.name,
      email: c.email ?? null,
      manager_name: c.managerName ?? null,
      manager_email: c.managerEmail ?? null,
      parent_id: c.parentId ?? null,
      credit_balance: balances.get(c.id) ?? 0,
      depots_count: depots.get(c.id) ?? 0,
      users_count: users.get(c.id) ?? 0,
      created_at: c.createdAt.toISOString(),
    });
  }
  return result;
}

export async function toDepots(enrolment: EnrolmentPort, depots: ICompany[]): Promise<Depot[]> {
  const balances = await balancesOf(enrolment, depots);
  const result: Depot[] = [];
  for (const d of depots) {
    result.push({
      id: d.id,
      name: d.name,
      email: d.email ?? null,
      manager_name: d.managerName ?? null,
      manager_email: d.managerEmail ?? null,
      credit_balance: balances.get(d.id) ?? 0,
    });
  }
  return result;
}
