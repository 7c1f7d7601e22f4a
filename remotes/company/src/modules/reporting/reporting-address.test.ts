import { NO_REPORTING_FILTERS, readReportingFilters } from '@portal/contracts/schemas';
import { clearFilters, consumeEntryParams, writeFilters } from './reporting-address';

const params = (text: string) => new URLSearchParams(text);

describe('reporting address', () => {
  it('reads every filter under the spec names, with the contract’s schema', () => {
    expect(readReportingFilters(params('status=passed&user=7&courses=3,1&start_date=2026-01-02&end_date=2026-02-03&depot=9'))).toEqual({
      status: 'passed',
      user: 7,
      courses: [3, 1],
      start_date: '2026-01-02',
      end_date: '2026-02-03',
      depot: 9,
    });
  });

  it('treats malformed values as no filter', () => {
    expect(readReportingFilters(params('status=done&user=x&courses=a,,-2&start_date=02/01/2026&end_date=2026-13-45&depot=0'))).toEqual(
      NO_REPORTING_FILTERS,
    );
  });

  it('writes filters, leaves defaults out, keeps sort and search, and resets the page', () => {
    const next = writeFilters(params('search=ab&order_by=course&order_dir=desc&page=3&status=failed'), {
      ...NO_REPORTING_FILTERS,
      courses: [2, 5],
      depot: 4,
    });
    expect(next.toString()).toBe('search=ab&order_by=course&order_dir=desc&courses=2%2C5&depot=4');
  });

  it('round-trips: address → schema → address → schema', () => {
    const filters = { status: 'in_progress' as const, user: 3, courses: [1, 2], start_date: '2026-01-01' };
    const written = writeFilters(params('order_by=learner'), filters);
    expect(written.toString()).toBe('order_by=learner&status=in_progress&user=3&courses=1%2C2&start_date=2026-01-01');
    expect(readReportingFilters(written)).toEqual(filters);
  });

  it('clear filters drops filters, search and page but keeps the sort and page size', () => {
    expect(clearFilters(params('search=ann&status=passed&courses=1&page=2&order_by=learner&per_page=25')).toString()).toBe(
      'order_by=learner&per_page=25',
    );
  });

  describe('entry parameters', () => {
    it('turns c into the courses filter and removes it', () => {
      expect(consumeEntryParams(params('c=4,5'))?.toString()).toBe('courses=4%2C5');
      expect(consumeEntryParams(params('c=4,%202,4'))?.toString()).toBe('courses=4%2C2');
    });

    it('turns s=3 into the passed filter and removes it', () => {
      expect(consumeEntryParams(params('s=3'))?.toString()).toBe('status=passed');
      expect(consumeEntryParams(params('s=1&c=2'))?.toString()).toBe('status=not_started&courses=2');
    });

    it('ignores an unknown s code, or a malformed c, but still removes them', () => {
      expect(consumeEntryParams(params('s=99&order_by=course'))?.toString()).toBe('order_by=course');
      expect(consumeEntryParams(params('c=4,abc&courses=1'))?.toString()).toBe('');
    });

    it('answers null when there is nothing to consume, so it runs once', () => {
      const once = consumeEntryParams(params('c=4'))!;
      expect(consumeEntryParams(once)).toBeNull();
      expect(consumeEntryParams(params('courses=4'))).toBeNull();
    });
  });
});
