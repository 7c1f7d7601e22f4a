import { describe, expect, it } from 'vitest';
import { verificationView } from './verification-view';

const base = {
  code: '7KQM-2XD9-ABCD-EFGH-JKMN',
  companyName: 'Harbour Works Ltd',
  courseName: 'Working at Height',
  learnerName: 'Zoë Ångström',
  passed: true,
  passed_at: '2020-03-01T00:00:00.000Z',
  expired_at: '2023-03-01T00:00:00.000Z',
  error: null,
};

describe('verificationView', () => {
  it('a valid certificate: the sentence and what it prints, dates en-GB', () => {
    const view = verificationView({ ...base, state: 'valid', message: 'x', valid: true, expired: false });
    expect(view.headline).toBe('This is a valid certificate.');
    expect(view.facts).toEqual([
      { label: 'Course', value: 'Working at Height' },
      { label: 'Learner', value: 'Zoë Ångström' },
      { label: 'Company', value: 'Harbour Works Ltd' },
      { label: 'Passed', value: '01/03/2020' },
      { label: 'Expires', value: '01/03/2023' },
      { label: 'Certificate code', value: '7KQM-2XD9-ABCD-EFGH-JKMN' },
    ]);
  });

  it('an expired one says since when', () => {
    const view = verificationView({ ...base, state: 'expired', message: 'x', valid: false, expired: true });
    expect(view.headline).toBe('This certificate has expired.');
    expect(view.detail).toMatch(/^Expired since 01\/03\/2023\./);
    expect(view.facts).toContainEqual({ label: 'Expired on', value: '01/03/2023' });
  });

  it('an anonymised learner: the certificate still verifies and the Learner line says the name was removed', () => {
    const view = verificationView({ ...base, learnerName: null, state: 'valid', message: 'x', valid: true, expired: false });
    expect(view.headline).toBe('This is a valid certificate.');
    expect(view.facts).toContainEqual({ label: 'Learner', value: 'Name removed (personal data erased)' });
  });

  it('revoked and superseded have their own wording; not found shows nothing else', () => {
    expect(verificationView({ ...base, state: 'revoked', message: 'x', valid: false, expired: false }).headline).toMatch(/revoked/);
    expect(verificationView({ ...base, state: 'superseded', message: 'x', valid: false, expired: false }).headline).toMatch(
      /replaced by a newer certificate/,
    );
    const missing = verificationView({
      ...base,
      state: 'not-found',
      message: 'x',
      valid: false,
      expired: false,
      courseName: null,
      learnerName: null,
      companyName: null,
      code: null,
    });
    expect(missing).toEqual({ state: 'not-found', headline: 'Certificate not found or is not valid', detail: null, facts: [] });
  });
});
