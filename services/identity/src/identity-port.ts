import type { IdentityPort } from '@portal/service-kit';
import { resolvePrincipal } from './modules/sessions/session.repository';
import { Company } from './modules/companies/company.entity';

/** Identity's in-process API that every service uses to authorise calls. */
export const identityPort: IdentityPort = {
  resolvePrincipal: (em, token) => resolvePrincipal(em, token),
  async companyParentId(em, companyId) {
    const company = await em.findOne(Company, { id: companyId }, { fields: ['parentId'] });
    return company ? (company.parentId ?? null) : undefined;
  },
};
