import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Images for upload tests, made here: whole ones, and the damaged kinds an outside test sent
 * (issue 25 D4) — a PNG whose zlib checksum is wrong and that has no end chunk, and JPEGs cut short
 * or with broken entropy data. Each damaged one still starts with its format's magic bytes.
 */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A whole image of the given format and size, in one colour. */
export function testImage(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 31, g: 78, b: 121 } } })
    .toFormat(format)
    .toBuffer();
}

/**
 * A 7×38 PNG with valid chunk CRCs whose zlib stream ends in a wrong Adler-32 checksum, and no IEND
 * chunk: 66 bytes, as in the report.
 */
export function corruptPng(): Buffer {
  const [width, height] = [7, 38];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const stride = 1 + width * 3;
  const rows = Buffer.alloc(height * stride, 0x7f);
  for (let row = 0; row < height; row++) rows[row * stride] = 0; // filter type none
  const data = Buffer.from(deflateSync(rows));
  data[data.length - 1]! ^= 0xff; // the Adler-32 checksum's last byte
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', data)]);
}

/** JPEGs that start right and break later: cut off half-way (no EOI), and with broken entropy-coded data. */
export async function corruptJpegs(): Promise<{ truncated: Buffer; garbled: Buffer }> {
  const whole = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .composite([{ input: await testImage('png', 32, 24), left: 5, top: 7 }])
    .jpeg({ quality: 90 })
    .toBuffer();
  const truncated = whole.subarray(0, Math.floor(whole.length * 0.8));
  const garbled = Buffer.from(whole);
  // Past the headers (the last SOS marker), every 5th byte of the scan becomes 0xFF.
  const scan = garbled.lastIndexOf(Buffer.from([0xff, 0xda]));
  for (let i = scan + 20; i < garbled.length - 2; i += 5) garbled[i] = 0xff;
  return { truncated: Buffer.from(truncated), garbled };
}
