import { logger } from '@portal/service-kit';
import { loadGatewayEnv } from './env';
import { createPlatform } from './platform';
import { seedDemoData } from './seed';

/**
 * Brings the database to the build's schema, once, before the instances of a release start
 * (`npm run setup-database -w @portal/gateway [-- --demo]`; docs/deploy.md): many instances
 * starting at once must not race to migrate. `--demo` also seeds the demo data into an empty
 * database.
 */
const env = loadGatewayEnv();
const platform = await createPlatform(env);
if (process.argv.includes('--demo') && (await seedDemoData(platform))) logger.info('demo data seeded');
await platform.close();
logger.info('database ready');
