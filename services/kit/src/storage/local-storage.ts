import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import { normalizeKey, type Storage } from './storage';

/** The embedded default: files under one folder of the local disk (DATA_DIR/storage). */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const normal = normalizeKey(key);
    if (!normal) throw new Error('A storage key names a file, not the storage root');
    return join(base, normal);
  };
  /** Written beside the target and renamed: a reader never sees half a file. */
  async function writeVia(key: string, write: (temporary: string) => Promise<void>) {
    const full = pathOf(key);
    await mkdir(dirname(full), { recursive: true });
    const temporary = `${full}.${randomUUID()}.part`;
    try {
      await write(temporary);
      await rename(temporary, full);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
  return {
    put: (key, data) => writeVia(key, (temporary) => writeFile(temporary, data)),
    putFile: (key, sourcePath) => writeVia(key, (temporary) => pipeline(createReadStream(sourcePath), createWriteStream(temporary))),
    putStream: (key, body: Readable) => writeVia(key, (temporary) => pipeline(body, createWriteStream(temporary))),
    // async, so a refused key rejects like any other failure instead of throwing synchronously.
    get: async (key) => readFile(pathOf(key)),
    async stat(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${info.ino.toString(16)}"` };
    },
    async read(key, range) {
      const path = pathOf(key);
      const info = await stat(path);
      if (!info.isFile()) throw new Error(`No stored file ${key}`);
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async list(prefix) {
      const folder = pathOf(prefix);
      const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
        .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
        .sort();
    },
    async remove(prefix) {
      // Never the whole store: a blank or '.' prefix is a bug in the caller.
      if (!normalizeKey(prefix)) throw new Error('Refusing to remove the storage root');
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}
