import sharp from 'sharp';

/** The image formats the portal takes from uploads (each kept in its own format when re-encoded). */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

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

/** The format by the first bytes (what the decoder will be asked to read), or null. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  const starts = (magic: number[], at = 0) => bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Decodes an uploaded image fully (every pixel, every checksum: a warning counts as a failure, so a
 * bad zlib checksum, a missing end chunk or a JPEG cut short are refused) and encodes it again in
 * its own format, so what is stored is known to be drawable by anything that reads that format.
 * Libvips through sharp (prebuilt, from npm). Throws UnreadableImageError for anything else.
 */
export async function reencodeImage(bytes: Uint8Array, rules: ImageRules): Promise<CleanImage> {
  const maxPixels = rules.maxPixels ?? DEFAULT_MAX_PIXELS;
  // Told by the first bytes, so nothing else (SVG, PDF, HTML) ever reaches a decoder.
  const format = imageFormatOf(bytes);
  if (!format || !rules.formats.includes(format)) {
    throw new UnreadableImageError(`Not one of the accepted image formats (${rules.formats.join(', ')}).`, 'format');
  }
  let animated = false;
  try {
    const meta = await sharp(bytes, { failOn: 'warning', limitInputPixels: maxPixels }).metadata();
    if (meta.format !== format) throw new Error(`it reads as ${meta.format}, not ${format}`);
    animated = (meta.pages ?? 1) > 1;
  } catch (error) {
    throw unreadable(error);
  }
  try {
    // Every frame of an animated GIF or WebP; `rotate()` applies the EXIF orientation, which re-encoding drops.
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: maxPixels, animated }).rotate();
    const encoded =
      format === 'png'
        ? image.png()
        : format === 'jpeg'
          ? image.jpeg({ quality: 90 })
          : format === 'gif'
            ? image.gif()
            : image.webp({ quality: 90 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      format,
      contentType: IMAGE_CONTENT_TYPES[format],
      width: info.width,
      height: animated ? (info.pageHeight ?? info.height) : info.height,
    };
  } catch (error) {
    throw unreadable(error);
  }
}

/** Whether stored bytes decode whole as one of these formats (for images stored before uploads were checked). */
export async function isReadableImage(bytes: Uint8Array, formats: readonly ImageFormat[]): Promise<boolean> {
  const format = imageFormatOf(bytes);
  if (!format || !formats.includes(format)) return false;
  try {
    const meta = await sharp(bytes, { failOn: 'warning', limitInputPixels: DEFAULT_MAX_PIXELS }).metadata();
    if (meta.format !== format) return false;
    await sharp(bytes, { failOn: 'warning', limitInputPixels: DEFAULT_MAX_PIXELS }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

function unreadable(error: unknown): UnreadableImageError {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) return new UnreadableImageError('The image has too many pixels.', 'too-large');
  return new UnreadableImageError(`The image is damaged: ${text.split('\n')[0]}`, 'damaged');
}
