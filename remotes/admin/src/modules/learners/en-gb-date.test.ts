import { enGbDate, enGbToIso } from './en-gb-date';

describe('en-GB dates', () => {
  it('shows a day as dd/mm/yyyy', () => {
    expect(enGbDate(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(enGbDate(new Date(2026, 11, 31))).toBe('31/12/2026');
  });

  it.each([
    ['05/01/2026', '2026-01-05'],
    ['5/1/2026', '2026-01-05'],
    [' 29/02/2028 ', '2028-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['2026-01-05', null],
    ['01/13/2026', null],
    ['', null],
  ])('%j is %j', (text, iso) => expect(enGbToIso(text)).toBe(iso));
});
