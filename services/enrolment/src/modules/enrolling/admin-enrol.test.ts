import { describe, expect, it } from 'vitest';
import { passedOn } from './admin-enrol';

describe('passedOn', () => {
  const morning = new Date('2026-11-28T08:00:00Z');

  it('takes today before midday as now, not as the future', () => {
    expect(passedOn('2026-11-28', morning)).toEqual(morning);
  });

  it('takes an earlier day, and today after midday, as midday of that day', () => {
    expect(passedOn('2026-11-27', morning)).toEqual(new Date('2026-11-27T12:00:00Z'));
    expect(passedOn('2026-11-28', new Date('2026-11-28T15:00:00Z'))).toEqual(new Date('2026-11-28T12:00:00Z'));
  });

  it('takes the local today of an admin ahead of UTC (00:30 BST is 23:30 UTC the day before) as now', () => {
    const lateUtc = new Date('2026-06-14T23:30:00Z');
    expect(passedOn('2026-06-15', lateUtc)).toEqual(lateUtc);
  });

  it('refuses a day after today everywhere, and a day that is not one', () => {
    expect(passedOn('2026-11-29', morning)).toBeUndefined();
    expect(passedOn('2026-06-16', new Date('2026-06-14T23:30:00Z'))).toBeUndefined();
    expect(passedOn('2026-02-31x', morning)).toBeUndefined();
  });
});
