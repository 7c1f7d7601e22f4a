import { join } from 'node:path';
import type { Env } from '../env';
import { createLocalStorage } from './local-storage';
import type { Storage } from './storage';

/**
 * The storage STORAGE_URL names: `s3://bucket/prefix` for an S3-compatible bucket (the AWS SDK
 * reads AWS_ENDPOINT_URL, AWS_REGION and the credentials), else the local disk under
 * DATA_DIR/storage. The S3 adapter (and the SDK) is loaded only when asked for.
 */
export function createStorage(env: Pick<Env, 'STORAGE_URL' | 'dataDir'>): Storage {
  const url = env.STORAGE_URL;
  if (!url) return createLocalStorage(join(env.dataDir, 'storage'));
  if (url.startsWith('file:')) return createLocalStorage(new URL(url).pathname);
  const adapter = import('./s3-storage').then(({ createS3Storage, parseS3Url }) => createS3Storage(parseS3Url(url)));
  // Handled here so an unreachable SDK surfaces on first use, not as an unhandled rejection at start.
  adapter.catch(() => undefined);
  return {
    put: async (key, data) => (await adapter).put(key, data),
    putFile: async (key, path) => (await adapter).putFile(key, path),
    putStream: async (key, body) => (await adapter).putStream(key, body),
    get: async (key) => (await adapter).get(key),
    stat: async (key) => (await adapter).stat(key),
    read: async (key, range) => (await adapter).read(key, range),
    list: async (prefix) => (await adapter).list(prefix),
    remove: async (prefix) => (await adapter).remove(prefix),
  };
}
