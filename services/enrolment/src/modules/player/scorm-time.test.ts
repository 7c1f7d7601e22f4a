import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseScormDuration, toScorm12Time, toScorm2004Time } from './scorm-time';

describe('parseScormDuration', () => {
  it('reads the SCORM 1.2 form, with or without hundredths, and the shortened forms content sends', () => {
    expect(parseScormDuration('0000:00:07')).toBe(7);
    expect(parseScormDuration('0001:02:03.50')).toBe(3724);
    expect(parseScormDuration('1:02:03')).toBe(3723);
    expect(parseScormDuration('02:03')).toBe(123);
    expect(parseScormDuration('00:00:07,6')).toBe(8);
  });

  it('reads the SCORM 2004 ISO 8601 form, with days and fractions', () => {
    expect(parseScormDuration('PT7S')).toBe(7);
    expect(parseScormDuration('PT1H2M3.4S')).toBe(3723);
    expect(parseScormDuration('P1DT1S')).toBe(86401);
    expect(parseScormDuration('PT0H0M0S')).toBe(0);
    expect(parseScormDuration('pt2m')).toBe(120);
  });

  it('reads what breaks the standard but is still clear: plain seconds, a missing P, a number', () => {
    expect(parseScormDuration('42')).toBe(42);
    expect(parseScormDuration('42.6')).toBe(43);
    expect(parseScormDuration('T1M')).toBe(60);
    expect(parseScormDuration('1M30S')).toBe(90);
    expect(parseScormDuration(15)).toBe(15);
  });

  it('answers null, never throws, for what it cannot read', () => {
    for (const value of ['', '   ', 'soon', 'P', 'PT', '1:2:3:4', 'a:b', null, undefined, {}, -5, Number.NaN]) {
      expect(parseScormDuration(value), inspect(value)).toBeNull();
    }
  });
});

describe('formatting seconds', () => {
  it('writes both versions’ forms, which read back to the same seconds', () => {
    expect(toScorm12Time(3723)).toBe('0001:02:03.00');
    expect(toScorm2004Time(3723)).toBe('PT1H2M3S');
    for (const seconds of [0, 59, 61, 86401]) {
      expect(parseScormDuration(toScorm12Time(seconds))).toBe(seconds);
      expect(parseScormDuration(toScorm2004Time(seconds))).toBe(seconds);
    }
  });
});
