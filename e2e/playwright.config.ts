import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium';
import { resolveSameSiteHostsToLoopback, SAME_SITE_HOSTS, sameSiteMissing, sameSiteTls } from './support/same-site-tls';

/**
 * E2E in Debian's Chromium against the real portal, every journey on SQLite (the database of
 * `npm start`). MariaDB gets its browser journeys behind nginx in `npm run cluster:test`, the shape
 * production runs it in (CLUSTER_JOURNEYS below); every route already runs on both databases in the
 * unit suites. E2E_DATABASES=sqlite,mysql runs every journey on both (with MYSQL_URL), each
 * database on its own server and port. Why not both by default: docs/decisions.md, "Tests".
 */
const databases = (process.env.E2E_DATABASES ?? 'sqlite').split(',').map((name) => {
  if (name !== 'sqlite' && name !== 'mysql') throw new Error(`E2E_DATABASES: unknown database "${name}"`);
  if (name === 'mysql' && !process.env.MYSQL_URL) throw new Error('E2E_DATABASES=mysql needs MYSQL_URL');
  return name;
});
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
const CLUSTER_JOURNEYS = new RegExp(
  [
    'each demo persona signs in',
    'signing out ends the session',
    'the wizard: a course, an existing',
    'Storyline: index_lms',
    'a valid certificate: downloaded',
    'both exports download',
    'many instances',
    // Journeys that write and read much on MariaDB: lists, credits, commits, answers, renewals.
    'filters, search, sort and pages round-trip',
    'remind one and all, edit, delete with refund',
    'a learner closes the tab mid-course',
    'two tabs: the server’s order decides',
    'the Bulk export carries an Answers sheet',
    'force-enrol, enrol paid, manual pass',
    'an enrolment shows in the ledger',
    'a renewal supersedes the earlier certificate',
  ].join('|'),
);

/**
 * Spec files can run side by side (E2E_WORKERS=2 or more; the tests of one file in order). The
 * default is 1: on this 2-core machine, with both databases' servers and Chromium sharing the
 * cores, two workers made each journey slower than its own time limit (docs/benchmarks.md). Specs seed their own rows (support/seed.ts) or only read the demo rows. These do
 * not: they change what every other spec sees (the site settings) or the demo rows others read
 * (the demo company's credits and course selection, the demo learner's name). They run in a
 * project of their own, one at a time, after the parallel one on the same database.
 */
const ALONE = ['**/site-settings.spec.ts', '**/enrol-wizard.spec.ts', '**/identity-learner-name.spec.ts'];
const workers = Number(process.env.E2E_WORKERS ?? 1);

/**
 * Issue 31 item 7: course content from a sibling host of the portal (same site, another origin),
 * the production set-up that keeps courses on the device where third-party storage is blocked
 * (this Chromium's default). Behind Debian's nginx with TLS (support/serve-same-site.ts), on
 * SQLite; where nginx or openssl is missing the journeys say so and do not run.
 */
const SAME_SITE = ['**/player-same-site.spec.ts'];
/** Journeys that run in the same-site set-up as well: a package's script still cannot act as its viewer. */
const ALSO_SAME_SITE = ['**/player-sandbox.spec.ts'];
const sameSitePort = portBase + 60;
const sameSiteLacks = cluster ? null : sameSiteMissing();
if (sameSiteLacks) console.warn(`e2e: player-same-site.spec.ts needs ${sameSiteLacks}; its journeys do not run here.`);
const sameSite = cluster || sameSiteLacks ? null : sameSiteTls(portBase);
if (sameSite) resolveSameSiteHostsToLoopback();

const portalProjects = databases.flatMap((database) => {
  const use = { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${portOf(database)}` };
  return [
    { name: `chromium-${database}`, testIgnore: ['**/cluster.spec.ts', ...ALONE, ...SAME_SITE], use },
    { name: `chromium-${database}-alone`, testMatch: ALONE, dependencies: [`chromium-${database}`], workers: 1, use },
  ];
});
const sameSiteProjects = sameSite
  ? [
      {
        name: 'chromium-same-site',
        testMatch: [...SAME_SITE, ...ALSO_SAME_SITE],
        use: {
          ...devices['Desktop Chrome'],
          baseURL: `https://${SAME_SITE_HOSTS.portal}:${sameSitePort}`,
          // The test runner's own requests (page.request): Chromium trusts the certificate by its key (below).
          ignoreHTTPSErrors: true,
          launchOptions: {
            executablePath: CHROMIUM,
            args: [
              ...CHROMIUM_ARGS,
              `--host-resolver-rules=MAP ${SAME_SITE_HOSTS.portal} 127.0.0.1, MAP ${SAME_SITE_HOSTS.content} 127.0.0.1`,
              `--ignore-certificate-errors-spki-list=${sameSite.spki}`,
            ],
          },
        },
      },
    ]
  : [];
const sameSiteServers = sameSite
  ? [
      {
        command: `npx tsx support/serve-same-site.ts ${sameSitePort} ${portBase}`,
        url: `https://127.0.0.1:${sameSitePort}/api/health`,
        ignoreHTTPSErrors: true,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
      },
    ]
  : [];

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
  // The cluster run stays one test at a time (its journeys include the demo-changing wizard).
  workers: cluster ? 1 : workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A journey signs in, seeds its rows and walks several pages: a minute leaves room on a busy 2-core CI machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: cluster
    ? [
        {
          name: 'chromium-cluster',
          grep: CLUSTER_JOURNEYS,
          use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${clusterPort}` },
        },
      ]
    : [...portalProjects, ...sameSiteProjects],
  webServer: cluster
    ? [
        {
          command: `npx tsx support/serve-cluster.ts ${clusterPort}`,
          url: `http://127.0.0.1:${clusterPort}/api/health`,
          reuseExistingServer: false,
          timeout: 300_000,
          stdout: 'ignore' as const,
          stderr: 'pipe' as const,
        },
      ]
    : [...portalServers, ...sameSiteServers],
});
