import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { dirname, join, resolve, sep } from 'node:path';

/** Files (course packages, certificate background, logos): local disk now, S3-compatible at scale. */
export interface Storage {
  put(key: string, data: Uint8Array | string): Promise<void>;
  /** Stores a file from local disk as a stream: its size never has to fit in memory (course packages). */
  putFile(key: string, sourcePath: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  remove(prefix: string): Promise<void>;
  /** Absolute path of a key on local disk (for static serving); throws on keys that escape. */
  localPath(key: string): string;
}

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(join(base, key));
    if (full !== base && !full.startsWith(base + sep)) throw new Error(`Storage key escapes the storage root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, data);
    },
    async putFile(key, sourcePath) {
      const full = pathOf(key);
      await mkdir(dirname(full), { recursive: true });
      await pipeline(createReadStream(sourcePath), createWriteStream(full));
    },
    // async, so a refused key rejects like any other failure instead of throwing synchronously.
    get: async (key) => readFile(pathOf(key)),
    remove: async (prefix) => {
      const full = pathOf(prefix);
      // Never the whole store: a blank or '.' prefix is a bug in the caller.
      if (full === base) throw new Error('Refusing to remove the storage root');
      await rm(full, { recursive: true, force: true });
    },
    localPath: pathOf,
  };
}
