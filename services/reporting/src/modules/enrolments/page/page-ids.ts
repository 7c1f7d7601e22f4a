import type { PageRequest } from './page-request';
import type { ReportingReader } from './reporting-reader';
import type { PageWay } from './page-way';
import { learnerWalk } from './learner-walk';
import { learnerSummed } from './learner-summed';
import { learnerCounted } from './learner-counted';
import { mergedNearEnd } from './merged-walk';
import { fromPivot } from './from-pivot';
import { plainSort } from './plain-sort';

/** The ways of reading a page, cheapest first: the first that serves the request and answers reads it. */
const WAYS: PageWay[] = [learnerWalk, learnerSummed, learnerCounted, mergedNearEnd, fromPivot, plainSort];

/**
 * The ids of one page, in the page's order (the id breaks ties, in the same direction). `total`
 * is the count of the filter: a page past the middle is read from the far end, so the last pages
 * cost what the first do.
 */
export async function pageIds(
  reader: ReportingReader,
  page: Omit<PageRequest, 'order' | 'take' | 'skip'> & { dir: 'asc' | 'desc'; limit: number; offset: number; total: number },
): Promise<number[]> {
  const { dir, limit, offset, total, ...rest } = page;
  const fromEnd = offset + limit / 2 > total / 2;
  const request: PageRequest = {
    ...rest,
    take: fromEnd ? Math.min(limit, total - offset) : limit,
    skip: fromEnd ? Math.max(0, total - offset - limit) : offset,
    order: fromEnd ? (dir === 'asc' ? 'desc' : 'asc') : dir,
  };
  if (request.take <= 0) return [];
  for (const way of WAYS) {
    if (!way.serves(request, reader)) continue;
    const ids = await way.read(reader, request);
    if (ids) return fromEnd ? ids.reverse() : ids;
  }
  throw new Error('No way reads this page'); // plainSort serves every request
}
