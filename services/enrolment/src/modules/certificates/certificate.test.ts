import { describe, expect, it } from 'vitest';
import { newCertificateCode } from './certificate';
import { addYears, isPastExpiry } from '../enrolments/validity';
import { normaliseCertificateCode } from './certificate-code';

const at = (iso: string) => new Date(iso);

describe('addYears', () => {
  it.each([
    ['2026-06-15T12:00:00.000Z', 1, '2027-06-15T12:00:00.000Z'],
    ['2026-06-15T12:00:00.000Z', 3, '2029-06-15T12:00:00.000Z'],
    ['2026-12-31T23:59:59.000Z', 1, '2027-12-31T23:59:59.000Z'],
    // There is no 29 February next year: the day after 28 February.
    ['2028-02-29T12:00:00.000Z', 1, '2029-03-01T12:00:00.000Z'],
  ])('%s plus %i years is %s', (from, years, expected) => {
    expect(addYears(at(from), years).toISOString()).toBe(expected);
  });
});

describe('isPastExpiry', () => {
  const now = at('2026-06-15T12:00:00.000Z');
  it.each([
    [null, false],
    [undefined, false],
    [at('2026-06-15T12:00:00.001Z'), false],
    [at('2026-06-15T12:00:00.000Z'), true],
    [at('2025-06-15T12:00:00.000Z'), true],
  ])('expiring %s is past: %s', (expiresAt, expected) => {
    expect(isPastExpiry(expiresAt, now)).toBe(expected);
  });
});

describe('newCertificateCode', () => {
  it('is 80 bits as four groups of four Crockford characters, new every time', () => {
    const codes = new Set(Array.from({ length: 20 }, () => newCertificateCode()));
    expect(codes.size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it('reads a typed code back: any case, spaces, no dashes, O for 0 and I or L for 1', () => {
    expect(normaliseCertificateCode(' 7kqm 2xd9-h4tb-0rwe ')).toBe('7KQM-2XD9-H4TB-0RWE');
    expect(normaliseCertificateCode('7KQM2XD9H4TBORWE')).toBe('7KQM-2XD9-H4TB-0RWE');
    expect(normaliseCertificateCode('cert-abc')).toBe('CERT-ABC');
  });
});
