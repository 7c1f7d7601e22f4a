import { Hono } from 'hono';
import type { AppEnv, ServiceDeps } from '@portal/service-kit';
import { authRoutes } from './modules/auth/auth.routes';
import { shellRoutes } from './modules/shell/shell.routes';

/** The identity service: sign-in, sessions, users, companies, the shell's menu. */
export function createIdentityApp(deps: ServiceDeps) {
  return new Hono<AppEnv>().route('/', authRoutes(deps)).route('/', shellRoutes(deps));
}
