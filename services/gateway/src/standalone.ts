import type { Hono } from 'hono';
import { runStandaloneService, type AppEnv, type ServiceDeps } from '@portal/service-kit';
import { createIdentityApp } from '@portal/identity-service';
import { createCatalogueApp } from '@portal/catalogue-service';
import { createEnrolmentApp } from '@portal/enrolment-service';
import { createReportingApp } from '@portal/reporting-service';
import { loadGatewayEnv } from './env';
import { createPlatform } from './platform';

/**
 * Runs one service alone: `tsx src/standalone.ts <identity|catalogue|enrolment|reporting>` (each
 * service's `npm start`). The gateway is the composition root because it is the only package
 * that may depend on every service: a service's own package cannot wire the others' ports
 * without a dependency cycle, which turbo refuses. Its ports are the same in-process adapters
 * as inside the gateway, on the shared database.
 */
const APPS: Record<string, (deps: ServiceDeps) => Hono<AppEnv>> = {
  identity: createIdentityApp,
  catalogue: createCatalogueApp,
  enrolment: createEnrolmentApp,
  reporting: createReportingApp,
};

const name = process.argv[2] ?? '';
const createApp = APPS[name];
if (!createApp) {
  process.stderr.write(`Usage: standalone <${Object.keys(APPS).join('|')}>\n`);
  process.exit(2);
}
const platform = await createPlatform(loadGatewayEnv());
runStandaloneService({ name, deps: platform, createApp, close: platform.close });
