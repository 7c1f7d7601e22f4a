import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { describe, expect, it } from 'vitest';
import { createS3Storage, parseS3Url } from './s3-storage';
import { createStorage } from './create-storage';
import { describeStorageContract } from './storage-contract';

/** A local S3-compatible server on a folder (npm s3rver), started by the test itself. */
async function startS3(bucket: string) {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const client = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    client,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

describeStorageContract('S3', async () => {
  const s3 = await startS3('portal');
  return { storage: createS3Storage({ bucket: 'portal', prefix: 'tenant-a/files', client: s3.client }), close: s3.close };
});

describe('the S3 adapter', () => {
  it('reads STORAGE_URL as bucket and prefix', () => {
    expect(parseS3Url('s3://portal-files/prod/eu')).toEqual({ bucket: 'portal-files', prefix: 'prod/eu' });
    expect(parseS3Url('s3://portal-files')).toEqual({ bucket: 'portal-files', prefix: '' });
    expect(() => parseS3Url('https://portal-files/x')).toThrow(/s3:\/\/bucket\/prefix/);
  });

  it('uploads a file larger than one part as a multipart stream, and keeps each prefix apart', async () => {
    const s3 = await startS3('portal');
    const scratch = mkdtempSync(join(tmpdir(), 'portal-s3-big-'));
    try {
      const a = createS3Storage({ bucket: 'portal', prefix: 'a', client: s3.client });
      const b = createS3Storage({ bucket: 'portal', prefix: 'b', client: s3.client });
      // 8 MB parts: 9 MB goes up in two.
      const bytes = Buffer.alloc(9 * 1024 * 1024, 3);
      bytes.write('end', bytes.length - 3);
      const path = join(scratch, 'video.mp4');
      writeFileSync(path, bytes);
      await a.putFile('courses/1/package/video.mp4', path);
      expect((await a.stat('courses/1/package/video.mp4'))?.size).toBe(bytes.length);
      expect(
        (await buffer(await a.read('courses/1/package/video.mp4', { start: bytes.length - 3, end: bytes.length - 1 }))).toString(),
      ).toBe('end');
      expect(await b.stat('courses/1/package/video.mp4')).toBeNull();
    } finally {
      await s3.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('is what STORAGE_URL=s3://… selects (the SDK loaded on first use)', async () => {
    const s3 = await startS3('chosen');
    const previous = { ...process.env };
    // The SDK's own variables, as production sets them.
    Object.assign(process.env, {
      AWS_ENDPOINT_URL: s3.client.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      const storage = createStorage({ STORAGE_URL: 's3://chosen/x', dataDir: '/nonexistent' });
      await storage.put('logos/1.png', 'png');
      expect((await storage.get('logos/1.png')).toString()).toBe('png');
    } finally {
      for (const name of ['AWS_ENDPOINT_URL', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
        if (previous[name] === undefined) delete process.env[name];
        else process.env[name] = previous[name];
      }
      await s3.close();
    }
  });
});
