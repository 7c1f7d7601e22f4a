import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { corruptJpegs, corruptPng, testImage } from '../testing/test-images';
import { isReadableImage, reencodeImage, UnreadableImageError } from './images';

const ALL = ['png', 'jpeg', 'gif', 'webp'] as const;

describe('reencodeImage', () => {
  it('takes a whole image of every accepted format and stores a fresh encoding of it, same format and size', async () => {
    for (const format of ALL) {
      const clean = await reencodeImage(await testImage(format, 40, 30), { formats: ALL });
      expect(clean).toMatchObject({ format, width: 40, height: 30 });
      const meta = await sharp(clean.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 40, 30]);
      expect(await isReadableImage(clean.bytes, ALL)).toBe(true);
    }
  });

  it('refuses the damaged PNG of the report (bad zlib checksum, no IEND) and damaged JPEGs', async () => {
    const png = corruptPng();
    expect(png.length).toBe(66);
    const { truncated, garbled } = await corruptJpegs();
    for (const [name, bytes] of [
      ['png', png],
      ['truncated jpeg', truncated],
      ['garbled jpeg', garbled],
    ] as const) {
      const refused = await reencodeImage(bytes, { formats: ALL }).catch((error: unknown) => error);
      expect(refused, name).toBeInstanceOf(UnreadableImageError);
      expect((refused as UnreadableImageError).reason, name).toBe('damaged');
      expect(await isReadableImage(bytes, ALL), name).toBe(false);
    }
  });

  it('refuses what is not an image, a format not accepted here, and too many pixels', async () => {
    const text = await reencodeImage(Buffer.from('%PDF-1.4 not an image'), { formats: ALL }).catch((error: unknown) => error);
    expect((text as UnreadableImageError).reason).toBe('format');
    const gif = await reencodeImage(await testImage('gif'), { formats: ['png', 'jpeg'] }).catch((error: unknown) => error);
    expect((gif as UnreadableImageError).reason).toBe('format');
    const big = await reencodeImage(await testImage('png', 400, 300), { formats: ALL, maxPixels: 1000 }).catch((error: unknown) => error);
    expect((big as UnreadableImageError).reason).toBe('too-large');
  });
});
