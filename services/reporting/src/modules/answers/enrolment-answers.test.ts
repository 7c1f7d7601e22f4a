import { describe, expect, it } from 'vitest';
import { answeredAt, percentOf } from './enrolment-answers';

describe('reading the answers', () => {
  it.each([
    ['2', '0', '4', 50],
    ['80', null, null, 80],
    ['8', '0', '10', 80],
    ['150', null, null, null],
    [null, null, null, null],
  ])('score %s (min %s, max %s) is %s%%', (raw, min, max, expected) => expect(percentOf(raw, min, max)).toBe(expected));

  it('dates an answer by its timestamp where it has a date, else by when it was stored', () => {
    expect(answeredAt('2026-06-15T10:05:00.5Z', null, null)).toBe('2026-06-15T10:05:00.500Z');
    expect(answeredAt('2026-06-15', null, null)).toBe('2026-06-15T00:00:00.000Z');
    expect(answeredAt('10:05:00', new Date('2026-06-15T09:00:00Z'), null)).toBe('2026-06-15T09:00:00.000Z');
    expect(answeredAt('nonsense', null, new Date('2026-06-15T08:00:00Z'))).toBe('2026-06-15T08:00:00.000Z');
  });
});
