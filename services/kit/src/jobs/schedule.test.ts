import { describe, expect, it } from 'vitest';
import { describeSchedule, latestOccurrence, nextOccurrence, type Schedule } from './schedule';

const at = (iso: string) => new Date(iso);

describe('schedule occurrences (UTC)', () => {
  // 2026-05-13 is a Wednesday.
  const cases: [Schedule, string, string, string][] = [
    [{ every: 'minutes', minutes: 15 }, '2026-05-13T10:44:59Z', '2026-05-13T10:30:00Z', '2026-05-13T10:45:00Z'],
    [{ every: 'minutes', minutes: 15 }, '2026-05-13T10:45:00Z', '2026-05-13T10:45:00Z', '2026-05-13T11:00:00Z'],
    [{ every: 'hour', minute: 5 }, '2026-05-13T10:04:00Z', '2026-05-13T09:05:00Z', '2026-05-13T10:05:00Z'],
    [{ every: 'day', hour: 6 }, '2026-05-13T05:59:59Z', '2026-05-12T06:00:00Z', '2026-05-13T06:00:00Z'],
    [{ every: 'day', hour: 6 }, '2026-05-13T06:00:00Z', '2026-05-13T06:00:00Z', '2026-05-14T06:00:00Z'],
    [{ every: 'week', weekday: 1, hour: 7 }, '2026-05-13T12:00:00Z', '2026-05-11T07:00:00Z', '2026-05-18T07:00:00Z'],
    [{ every: 'week', weekday: 3, hour: 7 }, '2026-05-13T06:00:00Z', '2026-05-06T07:00:00Z', '2026-05-13T07:00:00Z'],
    [{ every: 'month', day: 1, hour: 5 }, '2026-05-13T12:00:00Z', '2026-05-01T05:00:00Z', '2026-06-01T05:00:00Z'],
    [{ every: 'month', day: 1, hour: 5 }, '2026-01-01T04:00:00Z', '2025-12-01T05:00:00Z', '2026-01-01T05:00:00Z'],
  ];
  it.each(cases)('%j at %s: latest %s, next %s', (schedule, now, latest, next) => {
    expect(latestOccurrence(schedule, at(now)).toISOString()).toBe(at(latest).toISOString());
    expect(nextOccurrence(schedule, at(now)).toISOString()).toBe(at(next).toISOString());
  });

  it('says when in words', () => {
    expect(describeSchedule({ every: 'day', hour: 6 })).toBe('Daily at 06:00 UTC');
    expect(describeSchedule({ every: 'week', weekday: 1, hour: 7, minute: 30 })).toBe('Weekly on Monday at 07:30 UTC');
    expect(describeSchedule({ every: 'month', day: 1, hour: 5 })).toBe('Monthly on day 1 at 05:00 UTC');
  });
});
