import { createReadStream } from 'node:fs';
import { type Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { normalizeKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Folder in the bucket under which every key lives (no leading or trailing slash), '' for the bucket's root. */
  prefix: string;
  /** The SDK reads AWS_ENDPOINT_URL, AWS_REGION and the AWS_ credentials itself; tests pass them here. */
  client?: S3ClientConfig;
}

/** Parts of 8 MB, 4 in flight: a 500 MB package uploads with about 32 MB in memory at most. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Files in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix): shared by every instance. */
export function createS3Storage(options: S3StorageOptions): Storage {
  // Path-style addressing works on every S3-compatible store (a bucket name as a host name needs DNS for it).
  const client = new S3Client({ forcePathStyle: true, ...options.client });
  const Bucket = options.bucket;
  const root = options.prefix.replace(/^\/+|\/+$/g, '');
  const keyOf = (key: string) => {
    const normal = normalizeKey(key);
    if (!normal) throw new Error('A storage key names a file, not the storage root');
    return root ? `${root}/${normal}` : normal;
  };

  async function upload(key: string, body: Readable) {
    await new Upload({ client, params: { Bucket, Key: keyOf(key), Body: body }, partSize: PART_SIZE, queueSize: PARTS_IN_FLIGHT }).done();
  }
  async function deleteKeys(keys: string[]) {
    // DeleteObjects takes at most 1000 keys.
    for (let i = 0; i < keys.length; i += 1000) {
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  }

  return {
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: typeof data === 'string' ? Buffer.from(data) : data }));
    },
    putFile: async (key, sourcePath) => upload(key, createReadStream(sourcePath)),
    putStream: async (key, body) => upload(key, body),
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
      if (!answer.Body) throw new Error(`S3 answered GetObject for ${key} without a body.`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${head.LastModified?.getTime() ?? 0}"` };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      const answer = await client.send(
        new GetObjectCommand({ Bucket, Key: keyOf(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return answer.Body as Readable;
    },
    async list(prefix) {
      const folder = `${keyOf(prefix)}/`;
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key.slice(folder.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async remove(prefix) {
      const normal = normalizeKey(prefix);
      if (!normal) throw new Error('Refusing to remove the storage root');
      const exact = keyOf(normal);
      const keys = [exact];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${exact}/`, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      await deleteKeys(keys);
    },
  };
}

/** `s3://bucket/prefix` as STORAGE_URL gives it. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error(`STORAGE_URL must look like s3://bucket/prefix, not ${url}`);
  return { bucket: parsed.hostname, prefix: decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '') };
}
