import { enrolmentActions, isExpiringSoon } from './enrolment-actions';

const NOW = new Date('2026-05-10T12:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

describe('enrolment actions by status', () => {
  it.each([
    ['not-started', null, { canEdit: true, canRemind: true, canViewCertificate: false, canReEnrol: false }],
    ['in-progress', null, { canEdit: false, canRemind: false, canViewCertificate: false, canReEnrol: false }],
    ['failed', null, { canEdit: false, canRemind: false, canViewCertificate: false, canReEnrol: false }],
    ['passed', inDays(300), { canEdit: false, canRemind: false, canViewCertificate: true, canReEnrol: false }],
    ['passed', inDays(8), { canEdit: false, canRemind: false, canViewCertificate: true, canReEnrol: false }],
    ['passed', inDays(7), { canEdit: false, canRemind: false, canViewCertificate: true, canReEnrol: true }],
    ['passed', inDays(1), { canEdit: false, canRemind: false, canViewCertificate: true, canReEnrol: true }],
    ['passed', inDays(-1), { canEdit: false, canRemind: false, canViewCertificate: false, canReEnrol: true }],
    ['passed', null, { canEdit: false, canRemind: false, canViewCertificate: true, canReEnrol: false }],
  ] as const)('%s expiring %s', (status, expires_at, expected) => {
    expect(enrolmentActions({ status, expires_at }, NOW)).toEqual(expected);
  });

  it('marks expiry red within 7 days or past, not beyond', () => {
    expect(isExpiringSoon(inDays(-30), NOW)).toBe(true);
    expect(isExpiringSoon(inDays(6.9), NOW)).toBe(true);
    expect(isExpiringSoon(inDays(7.1), NOW)).toBe(false);
    expect(isExpiringSoon(null, NOW)).toBe(false);
  });
});
