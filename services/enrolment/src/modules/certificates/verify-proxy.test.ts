import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnrolmentTestWorld, type EnrolmentTestWorld } from '../../testing';
import type { TestClient } from '@portal/service-kit/testing';
import { VERIFY_MISSES_MAX } from './verify-rate-limit';

/**
 * Behind a trusted proxy the caller is the last X-Forwarded-For hop (what the proxy saw); the
 * first hops are the client's to write. Certificate checks count that address (kit clientAddress).
 */
let world: EnrolmentTestWorld;
let client: TestClient;
beforeAll(async () => {
  world = await createEnrolmentTestWorld({ env: { TRUST_PROXY: 'true' } });
  client = world.client();
});
afterAll(() => world.close());

const verify = (code: string, forwardedFor: string) =>
  client.request(`/api/certificates/verify?${new URLSearchParams({ code })}`, { headers: { 'X-Forwarded-For': forwardedFor } });

describe('certificate checks behind a trusted proxy', () => {
  it('count unknown codes per address the proxy saw, whatever first hop the client writes', async () => {
    for (let i = 0; i < VERIFY_MISSES_MAX; i++)
      expect((await verify(`ZZZZ-ZZZZ-ZZZZ-${String(i).padStart(4, '0')}`, `198.51.100.${i}, 10.70.0.1`)).status).toBe(200);
    const refused = await verify('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '198.51.100.250, 10.70.0.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBeTruthy();
    expect((await verify('ZZZZ-ZZZZ-ZZZZ-ZZZZ', '198.51.100.250, 10.70.0.2')).status).toBe(200);
  });
});
