import { MAX_LISTED_IDS, USER_SORTS, sortColumn } from './page-request';
import { countsPerLearner, rowsOfLearners, type LearnerSpan } from './learner-rows';
import { learnerSort } from './learner-walk';
import type { PageWay } from './page-way';

/**
 * The same page as `learnerCounted` on MySQL without a search, without its join to users and
 * running total in SQL (40 ms of its 65 at 20,000 learners): the count per learner and the
 * learners in the sort's order (the users index) are read side by side, and the running total
 * summed here. Learners who moved away since are ordered by the database with the rest (a
 * second read with their ids), so the order stays the database's collation. Null when too many
 * moved to list (the exact way then).
 */
export const learnerSummed: PageWay = {
  serves: (request, reader) => learnerSort(request.sort) && reader.mysql && !request.match && !request.filter.user,
  async read(reader, request) {
    const { companyIds, order, take, skip } = request;
    const column = sortColumn(USER_SORTS, request.sort);
    const inOrder = (moved: number[]) =>
      reader.rows<{ id: number }>(
        reader
          .knex('users as u')
          .select('u.id')
          .where((w) => {
            w.whereIn('u.company_id', companyIds);
            if (moved.length) w.orWhereIn('u.id', moved);
          })
          .orderBy(column, order)
          .orderBy('u.id', order),
      );
    const [counted, own] = await Promise.all([
      reader.rows<{ user_id: number; n: number | string }>(countsPerLearner(reader, { ...request, match: null })),
      inOrder([]),
    ]);
    const rowsOf = new Map(counted.map((r) => [Number(r.user_id), Number(r.n)]));
    let sorted = own.map((r) => Number(r.id));
    const ownIds = new Set(sorted);
    const moved = [...rowsOf.keys()].filter((id) => !ownIds.has(id));
    if (moved.length > MAX_LISTED_IDS) return null;
    if (moved.length) sorted = (await inOrder(moved)).map((r) => Number(r.id));
    const learners: LearnerSpan[] = [];
    let upto = 0;
    for (const userId of sorted) {
      const n = rowsOf.get(userId);
      if (!n) continue;
      if (upto >= skip + take) break;
      upto += n;
      if (upto > skip) learners.push({ user_id: userId, n, upto });
    }
    return rowsOfLearners(reader, { ...request, match: null }, learners);
  },
};
