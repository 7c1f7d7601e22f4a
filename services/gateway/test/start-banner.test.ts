import { describe, expect, it } from 'vitest';
import { loadGatewayEnv, startModeOverrides } from '../src/env';
import { startBanner } from '../src/start-banner';

const SECRETS = { CONTENT_TOKEN_SECRET: 'c'.repeat(32), SHOP_WEBHOOK_SECRET: 's'.repeat(32) };

// Issue 24 item 19: the start banner tells the truth the README tells.
const envOf = (overrides: Record<string, string | undefined>) =>
  loadGatewayEnv({
    NODE_ENV: undefined,
    SHOP_WEBHOOK_SECRET: undefined,
    CONTENT_PORT: undefined,
    CONTENT_ORIGIN_URL: undefined,
    APP_URL: undefined,
    PORT: '3000',
    ...overrides,
  });

describe('npm start (the demo mode)', () => {
  it('serves in development unless NODE_ENV is set, so the shop dev secret applies', () => {
    expect(startModeOverrides(['node', 'main.ts', '--demo'], {})).toEqual({ NODE_ENV: 'development' });
    expect(startModeOverrides(['node', 'main.ts', '--demo'], { NODE_ENV: 'production' })).toEqual({});
    expect(startModeOverrides(['node', 'main.ts'], {})).toEqual({});
    const env = envOf(startModeOverrides(['--demo'], {}));
    expect(env.shopWebhookSecret).toBe('dev-shop-webhook-secret');
    expect(startBanner(env, 3000)).toContain(
      'Mode: demo (NODE_ENV=development), error details in answers; shop orders signed with the dev secret "dev-shop-webhook-secret" are accepted.',
    );
  });

  it('refuses production without its secrets, and says production checks shop orders against SHOP_WEBHOOK_SECRET', () => {
    expect(() => envOf({})).toThrow(/CONTENT_TOKEN_SECRET, SHOP_WEBHOOK_SECRET must be set when NODE_ENV=production/);
    expect(startBanner(envOf(SECRETS), 3000)).toContain(
      'Mode: production (NODE_ENV=production); shop orders are checked against SHOP_WEBHOOK_SECRET.',
    );
  });

  it('lists every demo sign-in the README lists, the depot learners’ codes included', () => {
    const banner = startBanner(envOf(SECRETS), 3000).join('\n');
    for (const text of [
      'admin@portal.test / Admin!2345',
      'manager@demo.test / Manager!2345',
      'learner@demo.test / Learner!2345',
      'DEMOCODE1',
      'DEMOCODE2 (North Depot)',
      'DEMOCODE3 (South Depot)',
    ]) {
      expect(banner).toContain(text);
    }
  });

  it('says the content origin opens a second port, PORT+1', () => {
    const env = envOf({ ...SECRETS, PORT: '4000' });
    expect(startBanner(env, 4000)).toContain(`Course content origin: ${env.contentOriginUrl} (a second port, 4001 = PORT+1).`);
  });
});
