import { ENROLMENT_SORTS, NOT_NULL_SORTS, PAGE_READING, sortColumn } from './page-request';
import { following, mergeable, mergedWalk } from './merged-walk';
import type { PageWay } from './page-way';

/**
 * A page deep inside a sort the index serves (past the merge window from either end: the middle
 * of 100,000 rows), without sorting every row before it: a pivot row is taken where the page
 * should be in the largest company (its share of `skip`, an index walk), the rows before the
 * pivot in the sort are counted (an index range per company), and the page is read by the
 * merged walks from the pivot, forwards or backwards, by the few rows it is off by. Null when it
 * is off by more than the merge window (companies whose rows are spread very differently), or
 * the count per company is not known.
 */
export const fromPivot: PageWay = {
  serves: (request) => mergeable(request) && NOT_NULL_SORTS.has(request.sort),
  async read(reader, request) {
    const { sort, order, take, skip, perCompany } = request;
    if (!perCompany) return null;
    const column = sortColumn(ENROLMENT_SORTS, sort);
    const total = [...perCompany.values()].reduce((sum, n) => sum + n, 0);
    const [largest, rows] = [...perCompany.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
    if (total === 0 || rows === 0) return null;
    const reverse = order === 'asc' ? 'desc' : 'asc';
    const [pivot] = await reader.rows<{ id: number; k: unknown }>(
      reader
        .filtered(request, [largest])
        .select('e.id', `${column} as k`)
        .orderBy(column, order)
        .orderBy('e.id', order)
        .limit(1)
        .offset(Math.min(rows - 1, Math.floor((skip * rows) / total))),
    );
    if (!pivot) return null;
    const at = { k: pivot.k, id: Number(pivot.id) };
    const [row] = await reader.rows<{ n: number | string }>(
      reader
        .filtered(request)
        .where(following(column, reverse, { ...at, inclusive: false }))
        .count({ n: '*' }),
    );
    const before = Number(row?.n ?? 0);
    const walk = { filter: request.filter, companyIds: request.companyIds, match: request.match, column };
    if (skip >= before) {
      if (skip - before + take > PAGE_READING.pivotWindow) return null;
      return mergedWalk(reader, { ...walk, order, skip: skip - before, take, from: { ...at, inclusive: true } });
    }
    // The page starts before the pivot: those rows read backwards from it, the rest (if any) forwards.
    const end = Math.min(skip + take, before);
    if (before - skip > PAGE_READING.pivotWindow) return null;
    const head = (
      await mergedWalk(reader, { ...walk, order: reverse, skip: before - end, take: end - skip, from: { ...at, inclusive: false } })
    ).reverse();
    const tail =
      skip + take > before
        ? await mergedWalk(reader, { ...walk, order, skip: 0, take: skip + take - before, from: { ...at, inclusive: true } })
        : [];
    return [...head, ...tail];
  },
};
