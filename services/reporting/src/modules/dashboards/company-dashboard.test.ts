import { describe, expect, it } from 'vitest';
import { chartOf, progressOf } from './company-dashboard';

describe('chartOf', () => {
  it.each([
    [{}, { passed: 0, incomplete: 0, not_started: 0 }],
    [
      { passed: 3, in_progress: 2, failed: 1, not_started: 4 },
      { passed: 3, incomplete: 3, not_started: 4 },
    ],
    [{ failed: 2 }, { passed: 0, incomplete: 2, not_started: 0 }],
    [
      { passed: 1, expired: 5 },
      { passed: 1, incomplete: 0, not_started: 0 },
    ],
  ])('%j → %j', (statuses, chart) => {
    expect(chartOf(statuses)).toEqual(chart);
  });
});

describe('progressOf', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 0],
    [3, 1, 33],
    [3, 2, 67],
    [8, 8, 100],
  ])('%i enrolments, %i passed → %i%%', (total, passed, progress) => {
    expect(progressOf({ total, passed })).toBe(progress);
  });
});
