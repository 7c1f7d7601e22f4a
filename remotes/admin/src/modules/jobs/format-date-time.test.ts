import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';

describe('formatDateTime', () => {
  it.each([
    ['2026-11-23T19:05:02.000Z', '23/11/2026, 19:05:02 UTC'],
    [null, '—'],
    ['not a date', '—'],
  ])('%s → %s', (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
  });
});
