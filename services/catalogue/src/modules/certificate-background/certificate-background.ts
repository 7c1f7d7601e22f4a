import { createHash } from 'node:crypto';
import { CERTIFICATE_BACKGROUND_MAX_BYTES, CERTIFICATE_MESSAGES } from '@portal/contracts';
import { isReadableImage, logger, reencodeImage, UnreadableImageError, validationError, type Storage } from '@portal/service-kit';

/**
 * The admin's certificate background: one image for every certificate, kept in storage as
 * `certificate-background/background` with a small JSON beside it (type, size, date). PNG or
 * JPEG only, told by the first bytes (never by the name or the browser's type), at most 5 MB,
 * decoded whole before it is taken and stored as a fresh encoding (issue 25: one damaged upload
 * broke every certificate).
 */
const IMAGE_KEY = 'certificate-background/background';
const META_KEY = 'certificate-background/background.json';

export type BackgroundType = 'image/png' | 'image/jpeg';
export interface BackgroundMeta {
  contentType: BackgroundType;
  size: number;
  updatedAt: string;
}

/** Most pixels a background may have (an A4 page at 300 dpi is under 9 million). */
const BACKGROUND_MAX_PIXELS = 40_000_000;

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
  if (!imageTypeOf(bytes)) throw validationError({ file: [CERTIFICATE_MESSAGES.backgroundType] });
  let clean: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    clean = await reencodeImage(bytes, { formats: ['png', 'jpeg'], maxPixels: BACKGROUND_MAX_PIXELS });
  } catch (error) {
    if (!(error instanceof UnreadableImageError)) throw error;
    const message =
      error.reason === 'too-large'
        ? CERTIFICATE_MESSAGES.backgroundTooManyPixels
        : error.reason === 'format'
          ? CERTIFICATE_MESSAGES.backgroundType
          : CERTIFICATE_MESSAGES.backgroundUnreadable;
    throw validationError({ file: [message] });
  }
  const contentType = clean.contentType as BackgroundType;
  const meta: BackgroundMeta = { contentType, size: clean.bytes.length, updatedAt: now.toISOString() };
  await storage.put(IMAGE_KEY, clean.bytes);
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

/** Whether the stored background decodes, by its bytes' digest: decoded once per image and process. */
let checked: { digest: string; readable: boolean } | null = null;

/**
 * The background for a certificate, or null for the built-in design: also when the stored image
 * cannot be decoded (one stored before uploads were checked, or damaged in storage), which is
 * logged, so a certificate never fails because of it.
 */
export async function readBackground(storage: Storage): Promise<{ base64: string; contentType: BackgroundType } | null> {
  const meta = await readBackgroundMeta(storage);
  if (!meta) return null;
  let bytes: Buffer;
  try {
    bytes = await storage.get(IMAGE_KEY);
  } catch {
    return null;
  }
  const contentType = imageTypeOf(bytes);
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (checked?.digest !== digest) {
    checked = { digest, readable: !!contentType && (await isReadableImage(bytes, ['png', 'jpeg'])) };
    if (!checked.readable)
      logger.warn('the certificate background cannot be drawn: certificates use the built-in design until it is uploaded again', {
        updatedAt: meta.updatedAt,
        size: bytes.length,
      });
  }
  return checked.readable && contentType ? { base64: bytes.toString('base64'), contentType } : null;
}

export async function removeBackground(storage: Storage): Promise<void> {
  await storage.remove(META_KEY);
  await storage.remove(IMAGE_KEY);
}
