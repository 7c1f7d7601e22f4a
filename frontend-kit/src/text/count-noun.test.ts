import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun';

describe('countNoun', () => {
  it.each([
    [0, '0 courses'],
    [1, '1 course'],
    [2, '2 courses'],
    [11, '11 courses'],
  ])('%i → %s', (count, text) => expect(countNoun(count, 'course')).toBe(text));

  it('takes an irregular plural', () => {
    expect(countNoun(1, 'company', 'companies')).toBe('1 company');
    expect(countNoun(2, 'company', 'companies')).toBe('2 companies');
  });

  it('keeps words before the noun in both numbers', () => {
    expect(countNoun(1, 'Manual Handling course')).toBe('1 Manual Handling course');
    expect(countNoun(4, 'Manual Handling course')).toBe('4 Manual Handling courses');
  });
});
