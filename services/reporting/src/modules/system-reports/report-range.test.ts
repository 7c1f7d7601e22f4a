import { describe, expect, it } from 'vitest';
import { reportRange } from './report-range';

const now = new Date('2026-11-23T15:30:00Z');

describe('reportRange', () => {
  it.each([
    ['no dates: the last 30 days up to today', {}, '2026-10-24', '2026-11-23', '2026-10-24T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
    [
      'both dates: as given, the end day included',
      { startDate: '2026-01-01', endDate: '2026-01-31' },
      '2026-01-01',
      '2026-01-31',
      '2026-01-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
    ],
    [
      'one day',
      { startDate: '2026-05-05', endDate: '2026-05-05' },
      '2026-05-05',
      '2026-05-05',
      '2026-05-05T00:00:00.000Z',
      '2026-05-06T00:00:00.000Z',
    ],
    [
      'only an end: 30 days before it',
      { endDate: '2026-03-31' },
      '2026-03-01',
      '2026-03-31',
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ],
    [
      'only a start: up to today',
      { startDate: '2026-11-01' },
      '2026-11-01',
      '2026-11-23',
      '2026-11-01T00:00:00.000Z',
      '2026-11-24T00:00:00.000Z',
    ],
  ])('%s', (_name, input, startDate, endDate, from, before) => {
    const range = reportRange(input, now);
    expect([range.startDate, range.endDate, range.from.toISOString(), range.before.toISOString()]).toEqual([
      startDate,
      endDate,
      from,
      before,
    ]);
  });
});
