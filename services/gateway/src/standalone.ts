import { runStandaloneService, type ServiceDeps } from '@portal/service-kit';
import { loadGatewayEnv } from './env';
import { createPlatform, scheduledTasks, SERVICES } from './platform';

/**
 * Runs one service alone: `tsx src/standalone.ts <identity|catalogue|enrolment|reporting>` (each
 * service's `npm start`). The gateway is the composition root because it is the only package
 * that may depend on every service: a service's own package cannot wire the others' ports
 * without a dependency cycle, which turbo refuses. Its ports are the same in-process adapters
 * as inside the gateway, on the shared database.
 */
const name = process.argv[2] ?? '';
const service = SERVICES.find((s) => s.name === name);
if (!service) {
  process.stderr.write(`Usage: standalone <${SERVICES.map((s) => s.name).join('|')}>\n`);
  process.exit(2);
}
const platform = await createPlatform(loadGatewayEnv());
const createApp = (deps: ServiceDeps) => service.app(deps, { scheduledTasks: () => scheduledTasks(deps) });
runStandaloneService({ name, deps: platform, createApp, close: platform.close });
