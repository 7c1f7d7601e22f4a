import { describe, expect, it } from 'vitest';
import { certificateStates, verifyPath, type HeldCertificate } from './certificate-state';

const NOW = new Date('2027-03-10T12:00:00Z');
const at = (iso: string) => new Date(iso);
const held = (id: number, courseId: number, passedAt: string, expiresAt: string | null): HeldCertificate => ({
  id,
  courseId,
  passedAt: at(passedAt),
  expiresAt: expiresAt ? at(expiresAt) : null,
});

describe('certificateStates', () => {
  it.each([
    ['valid well before expiry', '2028-01-01T00:00:00Z', 'valid'],
    ['valid without an expiry', null, 'valid'],
    ['expiring soon 8 days out', '2027-03-18T12:00:00Z', 'valid'],
    ['expiring soon exactly 7 days out', '2027-03-17T12:00:00Z', 'expiring-soon'],
    ['expiring soon tomorrow', '2027-03-11T00:00:00Z', 'expiring-soon'],
    ['expired at this very moment', '2027-03-10T12:00:00Z', 'expired'],
    ['expired last year', '2026-03-10T12:00:00Z', 'expired'],
  ] as const)('%s', (_case, expiresAt, state) => {
    expect(certificateStates([held(1, 5, '2025-01-01T00:00:00Z', expiresAt)], NOW).get(1)).toBe(state);
  });

  it('marks older certificates of a course superseded, expired or not, and leaves other courses alone', () => {
    const states = certificateStates(
      [
        held(1, 5, '2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z'),
        held(2, 5, '2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z'),
        held(3, 5, '2025-01-01T00:00:00Z', '2027-12-01T00:00:00Z'),
        held(4, 6, '2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z'),
      ],
      NOW,
    );
    expect(Object.fromEntries(states)).toEqual({ 1: 'superseded', 2: 'valid', 3: 'superseded', 4: 'expired' });
  });

  it('breaks a tie of pass dates by the later enrolment', () => {
    const states = certificateStates([held(8, 5, '2026-01-01T00:00:00Z', null), held(7, 5, '2026-01-01T00:00:00Z', null)], NOW);
    expect(Object.fromEntries(states)).toEqual({ 7: 'superseded', 8: 'valid' });
  });
});

describe('verifyPath', () => {
  it('is the public check with the code escaped', () => {
    expect(verifyPath('CERT-ABC')).toBe('/verify?code=CERT-ABC');
    expect(verifyPath('A B&C')).toBe('/verify?code=A%20B%26C');
  });
});
