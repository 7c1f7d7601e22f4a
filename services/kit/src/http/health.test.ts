import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../storage/s3-storage';
import { createTestPlatform, type TestPlatform } from '../testing';
import { healthHandler } from './health';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await createTestPlatform({});
});
afterAll(() => platform.close());

const healthOf = (deps: Parameters<typeof healthHandler>[0]) => new Hono().get('/health', healthHandler(deps)).request('/health');

describe('/health', () => {
  it('answers 200 when the database and the storage answer', async () => {
    const response = await healthOf(platform);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
  });

  it('answers 503 naming the storage when its store answers with errors', async () => {
    // A server that answers every S3 call with 500: the store is there but not usable.
    const broken = createServer((_request, response) => response.writeHead(500).end());
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
    const storage = createS3Storage({
      bucket: 'portal',
      prefix: '',
      client: { endpoint, region: 'us-east-1', maxAttempts: 1, credentials: { accessKeyId: 'x', secretAccessKey: 'y' } },
    });
    const response = await healthOf({ orm: platform.orm, storage });
    broken.close();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'unavailable', database: 'ok', storage: 'unreachable' });
  });

  it('answers 503 naming the database when it is closed', async () => {
    const other = await createTestPlatform({});
    await other.orm.close(true);
    const response = await healthOf(other);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { database: string }).database).toBe('unreachable');
    await other.close().catch(() => undefined);
  });
});
