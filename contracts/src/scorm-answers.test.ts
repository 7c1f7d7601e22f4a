import { describe, expect, it } from 'vitest';
import { formatDateTime, readableResponse, resultLabel, resultTone, shortDuration } from './scorm-answers';

describe('readableResponse', () => {
  it.each([
    ['a[,]c', 'a, c'],
    ['{order_matters=false}b[,]a', 'b, a'],
    ['{lang=en}{case_matters=true}Fire blanket', 'Fire blanket'],
    ['1[.]c[,]2[.]a', '1 → c, 2 → a'],
    ['10[:]20', '10 to 20'],
    // 1.2: plain commas and dots are the answer's own.
    ['a,b', 'a,b'],
    ['3.5', '3.5'],
    ['', ''],
  ])('%s reads %s', (text, expected) => expect(readableResponse(text)).toBe(expected));
  it('reads nothing as empty', () => expect(readableResponse(null)).toBe(''));
});

describe('resultLabel and resultTone', () => {
  it('reads 1.2 wrong as 2004 incorrect', () => {
    expect(resultLabel('wrong')).toBe('Incorrect');
    expect(resultTone('wrong')).toBe('incorrect');
    expect(resultLabel('incorrect')).toBe('Incorrect');
  });
  it('keeps a numeric result and names the others', () => {
    expect(resultLabel('0.5')).toBe('0.5');
    expect(resultTone('0.5')).toBe('other');
    expect(resultLabel('unanticipated')).toBe('Unanticipated');
    expect(resultTone('correct')).toBe('correct');
    expect(resultLabel(null)).toBe('');
  });
});

describe('shortDuration', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [725, '12 min 5 s'],
    [3720, '1 h 2 min'],
    [7200, '2 h'],
  ])('%i s reads %s', (seconds, expected) => expect(shortDuration(seconds)).toBe(expected));
  it('reads nothing or nonsense as empty', () => {
    expect(shortDuration(null)).toBe('');
    expect(shortDuration(Number.NaN)).toBe('');
    expect(shortDuration(-1)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes en-GB in UTC', () => expect(formatDateTime('2026-11-26T14:03:09Z')).toBe('26/11/2026, 14:03'));
  it('writes nothing for no date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
