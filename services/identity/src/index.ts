export { createIdentityApp } from './app';
export { identitySchema } from './schema';
export { createIdentityPort } from './identity-port';
export { seedDemoIdentity, DEMO } from './seeders/demo-identity';
export { removeExpiredSessionsAndTokens } from './modules/sessions/remove-expired';
export { emailedLinkJob } from './modules/auth/emailed-links';
export { identityService } from './service';
