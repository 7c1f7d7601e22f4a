import type { Readable } from 'node:stream';
import { posix } from 'node:path';

/** What storage knows of one stored file: enough to answer HEAD, Range and If-None-Match without reading it. */
export interface StoredFile {
  size: number;
  /** A strong validator, quoted as HTTP wants it: changes whenever the content may have. */
  etag: string;
}

/** An inclusive byte range, as HTTP's Range header gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Files (course packages, certificate background, logos): the local disk in the embedded set-up,
 * an S3-compatible bucket when STORAGE_URL says so. Nothing reads a stored file by its path on
 * disk: every instance reaches the same files through this port.
 */
export interface Storage {
  put(key: string, data: Uint8Array | string): Promise<void>;
  /** Stores a file from local disk as a stream: its size never has to fit in memory (course packages). */
  putFile(key: string, sourcePath: string): Promise<void>;
  /** Stores a stream (multipart upload on S3): never whole in memory. */
  putStream(key: string, body: Readable): Promise<void>;
  get(key: string): Promise<Buffer>;
  /** Size and ETag of a stored file; null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes (or one range of them) as a stream; rejects when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The keys under a folder (`courses/9/package`), relative to it, sorted; [] when there are none. */
  list(prefix: string): Promise<string[]>;
  /** Removes a key and everything under it as a folder (`courses/9` never touches `courses/90`). */
  remove(prefix: string): Promise<void>;
}

/**
 * A key in its one normal form (no `.`, doubled or leading slashes); throws on any `..` segment,
 * never resolving it: `courses/2/package/../../3/x` is no spelling of `courses/3/x` (issue 31 item 5).
 */
export function normalizeKey(key: string): string {
  if (key.split(/[\\/]/).includes('..')) throw new Error(`Storage key escapes the storage root (a .. segment is never resolved): ${key}`);
  return posix.normalize(`/${key}`).replace(/^\/+/, '').replace(/\/+$/, '');
}
