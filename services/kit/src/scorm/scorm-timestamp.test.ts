import { describe, expect, it } from 'vitest';
import { parseScormTimestamp } from './scorm-timestamp';

describe('parseScormTimestamp', () => {
  it.each([
    ['2026-06-15T10:05:00', '2026-06-15T10:05:00.000Z'],
    ['2026-06-15T10:05:00.5Z', '2026-06-15T10:05:00.500Z'],
    ['2026-06-15T10:06:00+01:00', '2026-06-15T09:06:00.000Z'],
    ['2026-06-15T10:05', '2026-06-15T10:05:00.000Z'],
    ['2026-06-15', '2026-06-15T00:00:00.000Z'],
  ])('reads %s', (text, iso) => expect(new Date(parseScormTimestamp(text)!).toISOString()).toBe(iso));

  it.each([['10:05:00'], ['nonsense'], [''], [null], ['2026-13-45T99:00:00']])('has no date in %s', (text) =>
    expect(parseScormTimestamp(text)).toBeNull(),
  );
});
