import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * `npm run cluster:test`: the journeys and cluster.spec.ts through nginx in front of two instances
 * of everything (playwright.config.ts, E2E_CLUSTER). It needs Debian's nginx and a MariaDB
 * server (MYSQL_URL), as CI has them; without them it says what is missing and passes, so that
 * `npm test` on a laptop stays the two commands of the README.
 */
const missing = [
  ...(existsSync('/usr/sbin/nginx') ? [] : ['nginx (apt-get install nginx)']),
  ...(process.env.MYSQL_URL ? [] : ['MYSQL_URL (a MariaDB server)']),
];
if (missing.length > 0) {
  process.stdout.write(`cluster:test not run: it needs ${missing.join(' and ')}.\n`);
  process.exit(0);
}
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_CLUSTER: '1' },
});
process.exit(run.status ?? 1);
