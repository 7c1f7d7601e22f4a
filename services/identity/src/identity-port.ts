import type { IdentityPort, PortContext } from '@portal/service-kit';
import { sessionPort } from './port/session-port';
import { companyPort } from './port/company-port';
import { userPort } from './port/user-port';
import { learnerPort } from './port/learner-port';

/** Identity's front door (kit `IdentityPort`), built from its parts: each call runs on its own entity manager. */
export function createIdentityPort(context: PortContext): IdentityPort {
  return { ...sessionPort(context), ...companyPort(context), ...userPort(context), ...learnerPort(context) };
}
