import { randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE_ALPHABET } from '@portal/contracts';

/**
 * A certificate code: 80 random bits as 16 Crockford base32 characters, printed in four groups
 * (`7KQM-2XD9-H4TB-0RWE`). Stored and compared in that printed form.
 */
export function newCertificateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 0; i < 16; i++) {
    text = CERTIFICATE_CODE_ALPHABET.charAt(Number(bits & 31n)) + text;
    bits >>= 5n;
  }
  return groupCode(text);
}

const groupCode = (text: string) => (text.match(/.{1,4}/g) ?? []).join('-');

/**
 * A code as typed or scanned, in its stored form: upper case, spaces and dashes ignored, the
 * letters Crockford reads as digits (O→0, I and L→1) fixed. Legacy `CERT-…` codes stay as typed.
 */
export function normaliseCertificateCode(typed: string): string {
  const upper = typed.trim().toUpperCase();
  if (upper.startsWith('CERT-')) return upper;
  const compact = upper.replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return compact.length === 16 && [...compact].every((ch) => CERTIFICATE_CODE_ALPHABET.includes(ch)) ? groupCode(compact) : upper;
}
