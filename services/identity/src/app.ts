import { Hono } from 'hono';
import type { AppEnv, ServiceDeps } from '@portal/service-kit';
import { authRoutes } from './modules/auth/auth.routes';
import { shellRoutes } from './modules/shell/shell.routes';
import { accountRoutes } from './modules/account/account.routes';
import { userRoutes } from './modules/users/users.routes';
import { companyRoutes } from './modules/companies/companies.routes';
import { employeeRoutes } from './modules/employees/employees.routes';
import { learnerAccountRoutes } from './modules/learner-account/learner-account.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { anonymiseRoutes } from './modules/anonymise/anonymise.routes';
import { moveRoutes } from './modules/moves/moves.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { peopleRoutes } from './modules/people/people.routes';

/** The identity service: sign-in, sessions, the account area, users, companies, the enrol wizard's employee pickers, the shell's menu. */
export function createIdentityApp(deps: ServiceDeps) {
  return new Hono<AppEnv>()
    .route('/', authRoutes(deps))
    .route('/', shellRoutes(deps))
    .route('/', accountRoutes(deps))
    .route('/', userRoutes(deps))
    .route('/', companyRoutes(deps))
    .route('/', employeeRoutes(deps))
    .route('/', learnerAccountRoutes(deps))
    .route('/', auditRoutes(deps))
    .route('/', anonymiseRoutes(deps))
    .route('/', moveRoutes(deps))
    .route('/', settingsRoutes(deps))
    .route('/', peopleRoutes(deps));
}
