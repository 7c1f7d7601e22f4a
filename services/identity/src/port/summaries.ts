import type { Role } from '@portal/contracts';
import type { CompanySummary, UserSummary } from '@portal/service-kit';

export function toUserSummary(u: {
  id: number;
  name: string;
  email?: string | null;
  companyId: number;
  role: Role;
  wpUser: boolean;
}): UserSummary {
  return { id: u.id, name: u.name, email: u.email ?? null, companyId: u.companyId, role: u.role, purchasedAccount: u.wpUser };
}

export function toCompanySummary(company: { id: number; name: string; parentId?: number | null; email?: string | null }): CompanySummary {
  return { id: company.id, name: company.name, parentId: company.parentId ?? null, email: company.email ?? null };
}
