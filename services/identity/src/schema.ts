import type { ServiceSchema } from '@portal/service-kit';
import { User } from './modules/users/user.entity';
import { Company } from './modules/companies/company.entity';
import { Session } from './modules/sessions/session.entity';
import { IdentityInitial } from './migrations/202611210010_identity_initial';

export const identitySchema: ServiceSchema = {
  entities: [User, Company, Session],
  migrations: [{ name: '202611210010_identity_initial', class: IdentityInitial }],
};
