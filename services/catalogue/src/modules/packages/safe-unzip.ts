import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { PACKAGE_LIMITS } from '@portal/contracts';

/** A package the server refuses; the message is shown under the form's `file` field. */
export class PackageError extends Error {}

export interface UnzipLimits {
  maxFiles: number;
  maxUnpackedBytes: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolvePromise, reject) => {
    // strictFileNames: we judge names ourselves to give a clear message; sizes are checked against the bytes.
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => {
        if (error || !zip) reject(new PackageError('The file is not a valid zip archive.'));
        else resolvePromise(zip);
      },
    );
  });
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolvePromise, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolvePromise(entries));
    zip.on('error', (error: Error) => reject(toPackageError(error)));
    zip.readEntry();
  });
}

function toPackageError(error: Error): PackageError {
  if (error instanceof PackageError) return error;
  const message = error.message ?? '';
  const path = /(?:invalid relative path|absolute path): (.*)$/i.exec(message)?.[1];
  if (/absolute path/i.test(message)) return new PackageError(`The package has a file with an absolute path (${path ?? message}).`);
  if (/invalid relative path|\.\./i.test(message))
    return new PackageError(`The package has a file that points outside its folder (${path ?? message}).`);
  if (/too many|too large|size/i.test(message)) return new PackageError(`The package's file sizes do not match its contents (${message}).`);
  return new PackageError(`The zip archive is damaged (${message}).`);
}

/** Why an entry name is refused, or null when it is a plain relative path. */
export function refusedEntryName(name: string): string | null {
  if (name.includes('\0')) return 'has a file name with a NUL character';
  const normalised = name.replace(/\\/g, '/');
  if (normalised.startsWith('/') || /^[a-zA-Z]:/.test(normalised)) return `has a file with an absolute path (${name})`;
  if (normalised.split('/').some((part) => part === '..')) return `has a file that points outside its folder (${name})`;
  return null;
}

/**
 * Files a Mac or Windows adds when it zips a folder (resource forks under __MACOSX/, Finder's
 * .DS_Store, Explorer's Thumbs.db): never part of the course, so they are left out of the package.
 */
export function isSystemJunk(name: string): boolean {
  const parts = name.replace(/\\/g, '/').split('/').filter(Boolean);
  const last = parts.at(-1)?.toLowerCase() ?? '';
  return parts[0] === '__MACOSX' || last === '.ds_store' || last === 'thumbs.db' || last.startsWith('._');
}

const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;
const isDirectory = (entry: Entry) => entry.fileName.endsWith('/') || ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFDIR;

/** Checks every entry from the central directory before a byte is written. */
export function checkEntries(entries: Entry[], limits: UnzipLimits): { files: Entry[]; declaredBytes: number } {
  const files: Entry[] = [];
  let declaredBytes = 0;
  for (const entry of entries) {
    const refused = refusedEntryName(entry.fileName);
    if (refused) throw new PackageError(`The package ${refused}.`);
    if (isSystemJunk(entry.fileName)) continue;
    if (isSymlink(entry)) throw new PackageError(`The package contains a link (${entry.fileName}); links are not allowed.`);
    if (isDirectory(entry)) continue;
    files.push(entry);
    if (files.length > limits.maxFiles) {
      throw new PackageError(`The package has more than ${limits.maxFiles.toLocaleString('en-GB')} files.`);
    }
    declaredBytes += entry.uncompressedSize;
    if (declaredBytes > limits.maxUnpackedBytes) throw new PackageError(tooLargeMessage(limits));
  }
  return { files, declaredBytes };
}

const tooLargeMessage = (limits: UnzipLimits) => `The package is larger than ${formatBytes(limits.maxUnpackedBytes)} when unpacked.`;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

function openReadStream(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolvePromise, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(toPackageError(error ?? new Error('no stream')));
      else resolvePromise(stream);
    });
  });
}

/**
 * Unpacks a zip into `destination` (an empty temporary folder): refuses names that escape, absolute
 * paths, links, more than `maxFiles` files or more than `maxUnpackedBytes` (counted on the real
 * bytes too, so a lying header cannot get past). Returns the relative paths written.
 */
export async function safeUnzip(zipPath: string, destination: string, limits: UnzipLimits = PACKAGE_LIMITS): Promise<string[]> {
  const zip = await openZip(zipPath);
  try {
    const { files } = checkEntries(await readEntries(zip), limits);
    const root = resolve(destination);
    let written = 0;
    const names: string[] = [];
    for (const entry of files) {
      const name = entry.fileName.replace(/\\/g, '/');
      const target = resolve(join(root, name));
      if (!target.startsWith(root + sep))
        throw new PackageError(`The package has a file that points outside its folder (${entry.fileName}).`);
      await mkdir(dirname(target), { recursive: true });
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          written += chunk.length;
          if (written > limits.maxUnpackedBytes) callback(new PackageError(tooLargeMessage(limits)));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(await openReadStream(zip, entry), counter, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new PackageError(`The package lists ${entry.fileName} twice.`);
        throw toPackageError(error as Error);
      }
      names.push(name);
    }
    return names;
  } finally {
    zip.close();
  }
}
