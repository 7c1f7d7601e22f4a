import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, type Storage } from '@portal/service-kit';
import { installPackage, unpackPackage } from './course-package';
import { NS } from './manifest';
import { PackageError } from './safe-unzip';
import { SCORM_FIXTURES as FIXTURES } from './test-fixtures';

const tmpRoot = mkdtempSync(join(tmpdir(), 'catalogue-unpack-test-'));
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));

const MANIFEST = `<?xml version="1.0"?>
<manifest identifier="m" xmlns="${NS.imscp12}" xmlns:adlcp="${NS.adlcp12}">
  <organizations default="o"><organization identifier="o"><item identifier="i" identifierref="r"><title>T</title></item></organization></organizations>
  <resources><resource identifier="r" adlcp:scormtype="sco" href="index.html"/></resources>
</manifest>`;

const validFiles = (): Zippable => ({ 'imsmanifest.xml': strToU8(MANIFEST), 'index.html': strToU8('<p>Hello</p>') });

/** Unpacks and expects a refusal whose message matches; nothing may be left in the temp root. */
async function expectRefused(zip: Uint8Array, message: RegExp, limits?: { maxFiles: number; maxUnpackedBytes: number }) {
  const error = await unpackPackage(zip, limits, tmpRoot).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PackageError);
  expect((error as Error).message).toMatch(message);
  expect(readdirSync(tmpRoot)).toEqual([]);
}

describe('unpackPackage with the real packages', () => {
  it.each([
    ['RuntimeBasicCalls_SCORM12.zip', '1.2', 49],
    ['RuntimeBasicCalls_SCORM20043rdEdition.zip', '2004', 78],
    ['RuntimeMinimumCalls_SCORM12-mini.zip', '1.2', 31],
  ] as const)('unpacks %s (SCORM %s) and installs it into the course folder', async (zip, version, entries) => {
    const unpacked = await unpackPackage(readFileSync(FIXTURES + zip), undefined, tmpRoot);
    const storageRoot = mkdtempSync(join(tmpdir(), 'catalogue-storage-test-'));
    try {
      expect(unpacked.manifest.version).toBe(version);
      expect(unpacked.files.length).toBeGreaterThan(10);
      expect(unpacked.files.length).toBeLessThanOrEqual(entries);
      const storage = createLocalStorage(storageRoot);
      await installPackage(storage, 42, unpacked);
      const launch = unpacked.manifest.scos[0]!.href.split('?')[0]!;
      expect((await storage.get(`courses/42/package/${launch}`)).length).toBeGreaterThan(100);
      expect((await storage.get('courses/42/package/imsmanifest.xml')).toString()).toContain('<manifest');
    } finally {
      await unpacked.dispose();
      rmSync(storageRoot, { recursive: true, force: true });
    }
    expect(readdirSync(tmpRoot)).toEqual([]);
  });
});

describe('a large package (issue 13 item 7)', () => {
  it('is read from disk and installed file by file as streams: no file is ever held whole in memory', async () => {
    const size = 24 * 1024 * 1024;
    const zipPath = join(tmpRoot, 'large.zip');
    writeFileSync(zipPath, zipSync({ ...validFiles(), 'media/video.mp4': new Uint8Array(size).fill(7) }, { level: 1 }));
    const storageRoot = mkdtempSync(join(tmpdir(), 'catalogue-storage-test-'));
    const local = createLocalStorage(storageRoot);
    const buffered: number[] = [];
    // The real storage, noting every write handed over as bytes in memory.
    const storage: Storage = {
      ...local,
      put: (key, data) => (buffered.push(typeof data === 'string' ? data.length : data.byteLength), local.put(key, data)),
    };
    const unpacked = await unpackPackage(zipPath, undefined, tmpRoot);
    try {
      await installPackage(storage, 43, unpacked);
      expect(buffered).toEqual([]);
      expect((await storage.stat('courses/43/package/media/video.mp4'))?.size).toBe(size);
      expect((await storage.get('courses/43/package/index.html')).toString()).toBe('<p>Hello</p>');
    } finally {
      await unpacked.dispose();
      rmSync(storageRoot, { recursive: true, force: true });
      rmSync(zipPath, { force: true });
    }
  });
});

describe('unpackPackage refuses unsafe or broken packages and keeps nothing', () => {
  it('refuses an entry that escapes the folder with ../', async () => {
    await expectRefused(zipSync({ ...validFiles(), '../evil.html': strToU8('x') }), /outside its folder/);
  });

  it('refuses an entry that escapes in the middle of its path', async () => {
    await expectRefused(zipSync({ ...validFiles(), 'a/../../evil.html': strToU8('x') }), /outside its folder/);
  });

  it('refuses an absolute path', async () => {
    await expectRefused(zipSync({ ...validFiles(), '/etc/evil': strToU8('x') }), /absolute path/);
  });

  it('refuses a Windows drive path', async () => {
    await expectRefused(zipSync({ ...validFiles(), 'C:/evil.txt': strToU8('x') }), /absolute path/);
  });

  it('refuses a symbolic link entry', async () => {
    const zip = zipSync({ ...validFiles(), link: [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }] });
    await expectRefused(zip, /link/);
  });

  it('refuses more than 10,000 files', async () => {
    const files: Zippable = validFiles();
    for (let i = 0; i < 10_000; i++) files[`f/${i}.txt`] = new Uint8Array(0);
    await expectRefused(zipSync(files, { level: 0 }), /more than 10,000 files/);
  });

  it('refuses a package larger than the unpacked limit', async () => {
    const zip = zipSync({ ...validFiles(), 'big.bin': new Uint8Array(50_000) });
    await expectRefused(zip, /larger than 48.8 KB when unpacked/, { maxFiles: 100, maxUnpackedBytes: 50_000 });
  });

  it('refuses a package without imsmanifest.xml, or with it in a subfolder', async () => {
    await expectRefused(zipSync({ 'index.html': strToU8('x') }), /no imsmanifest\.xml/);
    await expectRefused(
      zipSync({ 'course/imsmanifest.xml': strToU8(MANIFEST), 'course/index.html': strToU8('x') }),
      /at the top of the zip, not in course\//,
    );
  });

  it('refuses a package whose launch file is missing', async () => {
    await expectRefused(zipSync({ 'imsmanifest.xml': strToU8(MANIFEST) }), /launch file index\.html is missing/);
  });

  it('refuses a file that is not a zip', async () => {
    await expectRefused(strToU8('not a zip at all'), /not a valid zip/);
  });

  it('accepts the crafted valid package (the refusals above are about their one bad entry)', async () => {
    const unpacked = await unpackPackage(zipSync(validFiles()), undefined, tmpRoot);
    expect(unpacked.files.sort()).toEqual(['imsmanifest.xml', 'index.html']);
    await unpacked.dispose();
  });
});

describe('unpackPackage of a package zipped on a Mac or Windows', () => {
  it('leaves out __MACOSX/, .DS_Store and Thumbs.db entries', async () => {
    const zip = zipSync({
      ...validFiles(),
      '__MACOSX/._index.html': strToU8('resource fork'),
      '__MACOSX/imsmanifest.xml': strToU8('not a manifest'),
      '.DS_Store': strToU8('finder'),
      'images/.DS_Store': strToU8('finder'),
      'images/Thumbs.db': strToU8('explorer'),
      'images/._logo.png': strToU8('apple double'),
      'images/logo.png': strToU8('png'),
    });
    const unpacked = await unpackPackage(zip, undefined, tmpRoot);
    expect(unpacked.files.sort()).toEqual(['images/logo.png', 'imsmanifest.xml', 'index.html']);
    expect(readdirSync(unpacked.dir).sort()).toEqual(['images', 'imsmanifest.xml', 'index.html']);
    await unpacked.dispose();
  });
});

describe('unpackPackage of a zip on disk (an upload the kit streamed to a temporary file)', () => {
  it('reads it in place and leaves the file to its owner', async () => {
    const owner = mkdtempSync(join(tmpdir(), 'catalogue-upload-test-'));
    try {
      const zipPath = join(owner, 'upload');
      writeFileSync(zipPath, zipSync(validFiles()));
      const unpacked = await unpackPackage(zipPath, undefined, tmpRoot);
      expect(unpacked.files.sort()).toEqual(['imsmanifest.xml', 'index.html']);
      await unpacked.dispose();
      expect(existsSync(zipPath)).toBe(true);
      expect(readdirSync(tmpRoot)).toEqual([]);
    } finally {
      rmSync(owner, { recursive: true, force: true });
    }
  });
});
