import { defineConfig, devices } from '@playwright/test';

/**
 * E2E in Debian's Chromium against the real portal: always on SQLite, and again on MariaDB when
 * MYSQL_URL is set (CI sets it). Each database gets its own server on its own port.
 */
const databases = process.env.MYSQL_URL ? (['sqlite', 'mysql'] as const) : (['sqlite'] as const);
// E2E_PORT_BASE lets several people run the suite on one machine without sharing a server.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3310);
const portOf = (database: string) => (database === 'sqlite' ? portBase : portBase + 1);

/**
 * `npm run cluster:test` (E2E_CLUSTER=1): the production shape behind Debian's nginx
 * (support/serve-cluster.ts), on MariaDB. It runs the journeys below through nginx, then
 * cluster.spec.ts's load with instances killed and restarted.
 */
const cluster = Boolean(process.env.E2E_CLUSTER);
const clusterPort = portBase + 40;
const CLUSTER_JOURNEYS =
  /each demo persona signs in|signing out ends the session|the wizard: a course, an existing|Storyline: index_lms|a valid certificate: downloaded|both exports download|many instances/;

const portalProjects = databases.map((database) => ({
  name: `chromium-${database}`,
  testIgnore: '**/cluster.spec.ts',
  use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${portOf(database)}` },
}));
const portalServers = databases.map((database) => ({
  command: `npx tsx support/serve-portal.ts ${database} ${portOf(database)}`,
  url: `http://127.0.0.1:${portOf(database)}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
}));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    },
  },
  projects: cluster
    ? [{ name: 'chromium-cluster', grep: CLUSTER_JOURNEYS, use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${clusterPort}` } }]
    : portalProjects,
  webServer: cluster
    ? [{ command: `npx tsx support/serve-cluster.ts ${clusterPort}`, url: `http://127.0.0.1:${clusterPort}/api/health`, reuseExistingServer: false, timeout: 300_000, stdout: 'ignore' as const, stderr: 'pipe' as const }]
    : portalServers,
});
