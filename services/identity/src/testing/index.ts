/** Identity's test factories, for its own tests and those of the services that depend on it. */
export { Company, type ICompany } from '../modules/companies/company.entity';
export { User, type IUser } from '../modules/users/user.entity';
export { makeCompany, makeSession, makeUser, unique } from './factories';
export { Session } from '../modules/sessions/session.entity';
