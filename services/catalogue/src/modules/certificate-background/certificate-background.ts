import { CERTIFICATE_BACKGROUND_MAX_BYTES, CERTIFICATE_MESSAGES } from '@portal/contracts';
import { validationError, type Storage } from '@portal/service-kit';

/**
 * The admin's certificate background: one image for every certificate, kept in storage as
 * `certificate-background/background` with a small JSON beside it (type, size, date). PNG or
 * JPEG only, told by the first bytes (never by the name or the browser's type), at most 5 MB.
 */
const IMAGE_KEY = 'certificate-background/background';
const META_KEY = 'certificate-background/background.json';

export type BackgroundType = 'image/png' | 'image/jpeg';
export interface BackgroundMeta {
  contentType: BackgroundType;
  size: number;
  updatedAt: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** PNG or JPEG by the magic bytes, or null. */
export function imageTypeOf(bytes: Uint8Array): BackgroundType | null {
  const starts = (magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  return null;
}

export async function saveBackground(storage: Storage, file: File, now: Date): Promise<BackgroundMeta> {
  if (file.size > CERTIFICATE_BACKGROUND_MAX_BYTES) throw validationError({ file: [CERTIFICATE_MESSAGES.backgroundTooLarge] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = imageTypeOf(bytes);
  if (!contentType) throw validationError({ file: [CERTIFICATE_MESSAGES.backgroundType] });
  const meta: BackgroundMeta = { contentType, size: bytes.length, updatedAt: now.toISOString() };
  await storage.put(IMAGE_KEY, bytes);
  await storage.put(META_KEY, JSON.stringify(meta));
  return meta;
}

export async function readBackgroundMeta(storage: Storage): Promise<BackgroundMeta | null> {
  try {
    return JSON.parse((await storage.get(META_KEY)).toString('utf8')) as BackgroundMeta;
  } catch {
    return null;
  }
}

export async function readBackground(storage: Storage): Promise<{ base64: string; contentType: BackgroundType } | null> {
  const meta = await readBackgroundMeta(storage);
  if (!meta) return null;
  try {
    const bytes = await storage.get(IMAGE_KEY);
    return { base64: bytes.toString('base64'), contentType: imageTypeOf(bytes) ?? meta.contentType };
  } catch {
    return null;
  }
}

export async function removeBackground(storage: Storage): Promise<void> {
  await storage.remove(META_KEY);
  await storage.remove(IMAGE_KEY);
}
