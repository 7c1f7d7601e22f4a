export { createIdentityApp } from './app';
export { identitySchema } from './schema';
export { identityPort } from './identity-port';
export { seedDemoIdentity, DEMO } from './seeders/demo-identity';
export * from './queries';
export { User } from './modules/users/user.entity';
export { Company } from './modules/companies/company.entity';
export { createSession, deleteSession as endSession } from './modules/sessions/session.repository';
