import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests of every frontend package (frontend-kit, shells, remotes): Testing Library in jsdom.
 * Tests wait for conditions, never for time, so generous limits cost nothing when all is well and
 * keep a busy machine (turbo running every suite beside other work) from failing them.
 */
export function frontendTestConfig() {
  return defineConfig({
    test: {
      environment: 'jsdom',
      // Globals let Testing Library register its automatic cleanup after each test.
      globals: true,
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [fileURLToPath(new URL('./src/testing/setup-testing-library.ts', import.meta.url))],
      testTimeout: 60_000,
    },
  });
}
