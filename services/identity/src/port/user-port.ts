import type { Role } from '@portal/contracts';
import { rowBoolean, type IdentityPort, type PortContext, type UserLabel } from '@portal/service-kit';
import { userLabelRows, usersWithIds } from '../data/user.statements';
import { Company } from '../data/company.entity';
import { User } from '../data/user.entity';
import { toUserSummary } from './summaries';

/** The identity port's user reads: by ids, by emails, as labels for exports, a company's managers. */
export function userPort({ orm }: PortContext): Pick<IdentityPort, 'usersByIds' | 'usersByEmails' | 'userLabels' | 'managersOf'> {
  return {
    // Plain rows: the learner dashboard asks on every visit.
    async usersByIds(ids) {
      if (ids.length === 0) return [];
      const users = await usersWithIds(orm, [...new Set(ids)]);
      return users.map((u) => ({
        ...toUserSummary({
          id: Number(u.id),
          name: u.name,
          email: u.email,
          companyId: Number(u.company_id),
          role: u.role,
          wpUser: rowBoolean(u.wp_user),
        }),
        anonymised: u.anonymised_at !== null && u.anonymised_at !== undefined,
      }));
    },
    async usersByEmails(companyId, emails) {
      const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
      if (addresses.length === 0) return [];
      const em = orm.em.fork();
      const depots = await em.find(Company, { parentId: companyId }, { fields: ['id'] });
      const companyIds = [companyId, ...depots.map((d) => d.id)];
      const users: { id: number; name: string; email?: string | null; companyId: number; role: Role; wpUser: boolean }[] = [];
      // In chunks: an IN list of 10,000 addresses is too long for some drivers.
      for (let i = 0; i < addresses.length; i += 1000) {
        users.push(
          ...(await em.find(
            User,
            { email: { $in: addresses.slice(i, i + 1000) }, companyId: { $in: companyIds } },
            { fields: ['id', 'name', 'email', 'companyId', 'role', 'wpUser'] },
          )),
        );
      }
      return users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email ?? null,
        companyId: u.companyId,
        role: u.role,
        purchasedAccount: u.wpUser,
      }));
    },
    // Plain rows: an export asks for 20,000 learners at a time.
    async userLabels(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const em = orm.em.fork();
      const labels: UserLabel[] = [];
      // In chunks: an IN list of 10,000 ids is too long for some drivers.
      for (let i = 0; i < unique.length; i += 5000) {
        const rows = await userLabelRows(em, unique.slice(i, i + 5000));
        for (const u of rows) labels.push({ id: Number(u.id), name: u.name, email: u.email ?? null, loginCode: u.login_code ?? null });
      }
      return labels;
    },
    async managersOf(companyIds) {
      const ids = [...new Set(companyIds)];
      const managers = await orm.em
        .fork()
        .find(
          User,
          { companyId: { $in: ids }, role: 'manager' },
          { fields: ['id', 'name', 'email', 'companyId', 'role', 'wpUser'], orderBy: { id: 'asc' } },
        );
      return managers.map(toUserSummary);
    },
  };
}
