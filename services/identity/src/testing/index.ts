/** Identity's test factories, for its own tests and those of the services that depend on it. */
export { Company, type ICompany } from '../data/company.entity';
export { User, type IUser } from '../data/user.entity';
export { makeCompany, makeSession, makeUser, unique } from './factories';
export { Session } from '../data/session.entity';
