import type { AdminUser } from '@portal/contracts';
import { single, type Em } from '@portal/service-kit';
import type { IUser } from '../../data/user.entity';
import { companyNames } from '../../data/company.repository';

/** Users as the admin screens show them, with their company's name (one query for the lot). */
export async function toAdminUsers(em: Em, users: IUser[]): Promise<AdminUser[]> {
  const names = await companyNames(
    em,
    users.map((u) => u.companyId),
  );
  return users.map((u) => ({
    id: u.id,
    name: u.name,
    email: u.email ?? null,
    role: u.role,
    login_code: u.loginCode ?? null,
    company_id: u.companyId,
    company_name: names.get(u.companyId) ?? '',
    created_at: u.createdAt.toISOString(),
  }));
}

export async function toAdminUser(em: Em, user: IUser): Promise<AdminUser> {
  return single(await toAdminUsers(em, [user]), 'user view');
}
