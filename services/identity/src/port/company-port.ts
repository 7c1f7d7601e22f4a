import type { IdentityPort, PortContext } from '@portal/service-kit';
import { Company } from '../data/company.entity';
import { User } from '../data/user.entity';
import { toCompanySummary } from './summaries';

type CompanyCalls =
  'companyParentId' | 'companyById' | 'certificateRecipients' | 'companyByEmail' | 'companyDepots' | 'companiesWithSetting';

/** The identity port's companies: found by id or email, their depots, settings and certificate recipients. */
export function companyPort({ orm }: PortContext): Pick<IdentityPort, CompanyCalls> {
  return {
    async companyParentId(companyId) {
      const company = await orm.em.fork().findOne(Company, { id: companyId }, { fields: ['parentId'] });
      return company ? (company.parentId ?? null) : undefined;
    },
    async companyById(companyId) {
      const company = await orm.em.fork().findOne(Company, { id: companyId }, { fields: ['id', 'name', 'parentId', 'email'] });
      return company ? toCompanySummary(company) : null;
    },
    async certificateRecipients(companyId) {
      const em = orm.em.fork();
      const company = await em.findOne(Company, { id: companyId }, { fields: ['id', 'sendCertificate'] });
      if (!company) return { sendCertificate: false, managerEmails: [] };
      const managers = await em.find(User, { companyId, role: 'manager', email: { $ne: null } }, { fields: ['id', 'email'] });
      return { sendCertificate: company.sendCertificate, managerEmails: managers.flatMap((m) => (m.email ? [m.email] : [])) };
    },
    async companyByEmail(email) {
      const address = email.trim().toLowerCase();
      const em = orm.em.fork();
      const company =
        (await em.findOne(Company, { email: address }, { fields: ['id', 'name', 'parentId', 'email'] })) ??
        (await em.findOne(Company, { managerEmail: address }, { fields: ['id', 'name', 'parentId', 'email'] }));
      return company ? toCompanySummary(company) : null;
    },
    async companyDepots(companyId) {
      const depots = await orm.em
        .fork()
        .find(Company, { parentId: companyId }, { fields: ['id', 'name', 'parentId', 'email'], orderBy: { name: 'asc', id: 'asc' } });
      return depots.map(toCompanySummary);
    },
    async companiesWithSetting(setting) {
      const field = ({ send_certificate: 'sendCertificate', send_report: 'sendReport', send_expiry_report: 'sendExpiryReport' } as const)[
        setting
      ];
      const companies = await orm.em
        .fork()
        .find(Company, { [field]: true }, { fields: ['id', 'name', 'parentId', 'email'], orderBy: { id: 'asc' } });
      return companies.map(toCompanySummary);
    },
  };
}
