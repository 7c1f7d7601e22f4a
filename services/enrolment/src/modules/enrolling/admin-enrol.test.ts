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

  it('refuses tomorrow and a day that is not one', () => {
    expect(passedOn('2026-11-29', morning)).toBeUndefined();
    expect(passedOn('2026-02-31x', morning)).toBeUndefined();
  });
});
