import sharp from 'sharp';

/** The image formats the portal takes from uploads (each kept in its own format when re-encoded). */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** An upload that is not a whole, readable image of an accepted format. */
export class UnreadableImageError extends Error {
  constructor(
    message: string,
    /** `format` when it is an image, just not one of the accepted formats. */
    readonly reason: 'format' | 'damaged' | 'too-large',
  ) {
    super(message);
    this.name = 'UnreadableImageError';
  }
}

export interface CleanImage {
  /** The image decoded and encoded again: no byte of the upload itself, no metadata (EXIF, comments). */
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
  width: number;
  height: number;
}

export interface ImageRules {
  formats: readonly ImageFormat[];
  /** Most pixels (width × height) decoded: a larger image is refused before its pixels are read. */
  maxPixels?: number;
}

const DEFAULT_MAX_PIXELS = 40_000_000;

/**
 * Decodes an uploaded image fully (every pixel, every checksum: a warning counts as a failure, so a
 * bad zlib checksum, a missing end chunk or a JPEG cut short are refused) and encodes it again in
 * its own format, so what is stored is known to be drawable by anything that reads that format.
 * Libvips through sharp (prebuilt, from npm). Throws UnreadableImageError for anything else.
 */
export async function reencodeImage(bytes: Uint8Array, rules: ImageRules): Promise<CleanImage> {
  const maxPixels = rules.maxPixels ?? DEFAULT_MAX_PIXELS;
  let format: ImageFormat;
  let animated = false;
  try {
    const meta = await sharp(bytes, { failOn: 'warning', limitInputPixels: maxPixels }).metadata();
    format = meta.format as ImageFormat;
    animated = (meta.pages ?? 1) > 1;
  } catch (error) {
    throw unreadable(error);
  }
  if (!(rules.formats as readonly string[]).includes(format)) {
    throw new UnreadableImageError(`Not one of the accepted image formats (${rules.formats.join(', ')}).`, 'format');
  }
  try {
    // Every frame of an animated GIF or WebP; `rotate()` applies the EXIF orientation, which re-encoding drops.
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: maxPixels, animated }).rotate();
    const encoded = format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg({ quality: 90 }) : format === 'gif' ? image.gif() : image.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, format, contentType: IMAGE_CONTENT_TYPES[format], width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height };
  } catch (error) {
    throw unreadable(error);
  }
}

/** Whether stored bytes decode whole as one of these formats (for images stored before uploads were checked). */
export async function isReadableImage(bytes: Uint8Array, formats: readonly ImageFormat[]): Promise<boolean> {
  try {
    const meta = await sharp(bytes, { failOn: 'warning', limitInputPixels: DEFAULT_MAX_PIXELS }).metadata();
    if (!(formats as readonly string[]).includes(meta.format ?? '')) return false;
    await sharp(bytes, { failOn: 'warning', limitInputPixels: DEFAULT_MAX_PIXELS }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

function unreadable(error: unknown): UnreadableImageError {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) return new UnreadableImageError('The image has too many pixels.', 'too-large');
  if (/unsupported image format/i.test(text)) return new UnreadableImageError('Not an image in an accepted format.', 'format');
  return new UnreadableImageError(`The image is damaged: ${text.split('\n')[0]}`, 'damaged');
}
