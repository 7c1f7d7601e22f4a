import { describe, expect, it } from 'vitest';
import { learnerCertificateState, verifyPath, type HeldCertificate } from './certificate-state';

const NOW = new Date('2027-03-10T12:00:00Z');
const held = (expiresAt: string | null, more: Partial<HeldCertificate> = {}): HeldCertificate => ({
  expiresAt: expiresAt ? new Date(expiresAt) : null,
  revokedAt: null,
  supersededBy: null,
  ...more,
});

describe('learnerCertificateState', () => {
  it.each([
    ['valid well before expiry', '2028-01-01T00:00:00Z', 'valid'],
    ['valid without an expiry', null, 'valid'],
    ['expiring soon 8 days out', '2027-03-18T12:00:00Z', 'valid'],
    ['expiring soon exactly 7 days out', '2027-03-17T12:00:00Z', 'expiring-soon'],
    ['expiring soon tomorrow', '2027-03-11T00:00:00Z', 'expiring-soon'],
    ['expired at this very moment', '2027-03-10T12:00:00Z', 'expired'],
    ['expired last year', '2026-03-10T12:00:00Z', 'expired'],
  ] as const)('%s', (_case, expiresAt, state) => {
    expect(learnerCertificateState(held(expiresAt), NOW)).toBe(state);
  });

  it('reads the certificate: revoked beats superseded, which beats expired', () => {
    const revoked = { revokedAt: new Date('2027-01-01T00:00:00Z') };
    expect(learnerCertificateState(held('2028-01-01T00:00:00Z', revoked), NOW)).toBe('revoked');
    expect(learnerCertificateState(held('2026-01-01T00:00:00Z', { ...revoked, supersededBy: 9 }), NOW)).toBe('revoked');
    expect(learnerCertificateState(held('2028-01-01T00:00:00Z', { supersededBy: 9 }), NOW)).toBe('superseded');
    expect(learnerCertificateState(held('2026-01-01T00:00:00Z', { supersededBy: 9 }), NOW)).toBe('superseded');
  });
});

describe('verifyPath', () => {
  it('is the public check with the code escaped', () => {
    expect(verifyPath('CERT-ABC')).toBe('/verify?code=CERT-ABC');
    expect(verifyPath('A B&C')).toBe('/verify?code=A%20B%26C');
  });
});
