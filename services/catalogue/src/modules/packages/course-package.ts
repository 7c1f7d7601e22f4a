import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Storage } from '@portal/service-kit';
import { PACKAGE_LIMITS } from '@portal/contracts';
import { hrefFilePath, ManifestError, parseManifest, type ParsedManifest } from './manifest';
import { PackageError, safeUnzip, type UnzipLimits } from './safe-unzip';

/** A package unpacked and read in a temporary folder, not yet in the course's storage folder. */
export interface UnpackedPackage {
  dir: string;
  files: string[];
  manifest: ParsedManifest;
  /** Removes the temporary folder (always call it, success or not). */
  dispose(): Promise<void>;
}

export const packageFolder = (courseId: number) => `courses/${courseId}/package`;
/** Where the browser fetches a course's package files (same origin as the player). */
export const packageBaseUrl = (courseId: number) => `/storage/${packageFolder(courseId)}/`;

/**
 * Unpacks and checks a SCORM zip in a temporary folder: safe entries only (see safe-unzip), an
 * imsmanifest.xml at the top, a SCORM 1.2 or 2004 manifest, and every launch file present.
 * `zip` is the path of a zip on disk (an upload's temporary file, read in place) or its bytes.
 * Throws PackageError with a message for the form's `file` field; nothing is kept on failure.
 */
export async function unpackPackage(
  zip: string | Blob | Uint8Array,
  limits: UnzipLimits = PACKAGE_LIMITS,
  tmpRoot = tmpdir(),
): Promise<UnpackedPackage> {
  const dir = await mkdtemp(join(tmpRoot, 'portal-package-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const zipPath = typeof zip === 'string' ? zip : join(dir, 'upload.zip');
    if (zip instanceof Uint8Array) await pipeline(Readable.from([zip]), createWriteStream(zipPath));
    else if (typeof zip !== 'string')
      await pipeline(Readable.fromWeb(zip.stream() as unknown as WebReadableStream), createWriteStream(zipPath));
    const contentDir = join(dir, 'content');
    const files = await safeUnzip(zipPath, contentDir, limits);
    if (typeof zip !== 'string') await rm(zipPath, { force: true });
    if (!files.includes('imsmanifest.xml')) {
      const nested = files.find((f) => f.endsWith('/imsmanifest.xml'));
      throw new PackageError(
        nested
          ? `imsmanifest.xml must be at the top of the zip, not in ${nested.slice(0, -'imsmanifest.xml'.length)}.`
          : 'The package has no imsmanifest.xml: it is not a SCORM package.',
      );
    }
    let manifest: ParsedManifest;
    try {
      manifest = parseManifest(await readFile(join(contentDir, 'imsmanifest.xml'), 'utf8'));
    } catch (error) {
      if (error instanceof ManifestError) throw new PackageError(error.message);
      throw error;
    }
    const present = new Set(files);
    for (const sco of manifest.scos) {
      const path = hrefFilePath(sco.href);
      if (/^[a-z][a-z0-9+.-]*:/i.test(path)) continue; // an external launch URL
      if (!present.has(path.replace(/^\.\//, ''))) throw new PackageError(`The package's launch file ${path} is missing from the zip.`);
    }
    return { dir: contentDir, files, manifest, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * Moves an unpacked package into the course's storage folder, replacing what was there. Each file
 * goes as a stream (issue 13 item 7): like the upload and the unzip, installing a 400 MB package
 * holds one buffer of each file at a time, never the file.
 */
export async function installPackage(storage: Storage, courseId: number, unpacked: UnpackedPackage): Promise<void> {
  const folder = packageFolder(courseId);
  await storage.remove(folder);
  try {
    for (const file of unpacked.files) await storage.putFile(`${folder}/${file}`, join(unpacked.dir, file));
  } catch (error) {
    await storage.remove(folder);
    throw error;
  }
}

/** The launch file of the first SCO (what `launch_path` has always held). */
export const launchPathOf = (manifest: ParsedManifest) => manifest.scos[0]?.href ?? null;
