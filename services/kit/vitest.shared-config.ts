import { defineConfig } from 'vitest/config';

/**
 * Every service's tests run on SQLite, and again on MySQL/MariaDB when MYSQL_URL is set
 * (DESIGN.md "Data"). Each project tells the test helpers its database through TEST_DATABASE.
 */
export function serviceTestConfig() {
  const projects = [{ extends: true as const, test: { name: 'sqlite', env: { TEST_DATABASE: 'sqlite' } } }];
  if (process.env.MYSQL_URL) projects.push({ extends: true as const, test: { name: 'mysql', env: { TEST_DATABASE: 'mysql' } } });
  return defineConfig({
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      fileParallelism: false,
      // One process for all the files: each file still gets its own database (createTestPlatform),
      // and importing the services once instead of once per file halves the gateway's suite.
      isolate: false,
      projects,
    },
  });
}
