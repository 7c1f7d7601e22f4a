import type { ReportingSort } from '@portal/contracts';
import type { Knex } from '@portal/service-kit';
import { ENROLMENT_SORTS, MAX_LISTED_IDS, PAGE_READING, USER_SORTS, type Order, type PageScope, sortColumn } from './page-request';
import type { ReportingReader } from './reporting-reader';
import { rowsOfLearners, type LearnerSpan } from './learner-rows';
import type { PageWay } from './page-way';

type After = { k: string | null; id: number };

/** Learners after `after` in `(column, id)` order, where the column may be null (nulls first ascending, last descending, as ORDER BY puts them). */
function learnerFollowing(column: string, order: Order, after: After) {
  return (w: Knex.QueryBuilder) => {
    if (order === 'asc') {
      if (after.k === null) w.where((tie) => tie.whereNull(column).where('u.id', '>', after.id)).orWhereNotNull(column);
      else {
        const k = after.k;
        w.where(column, '>', k).orWhere((tie) => tie.where(column, k).where('u.id', '>', after.id));
      }
    } else if (after.k === null) w.whereNull(column).where('u.id', '<', after.id);
    else {
      const k = after.k;
      w.where(column, '<', k)
        .orWhere((tie) => tie.where(column, k).where('u.id', '<', after.id))
        .orWhereNull(column);
    }
  };
}

/**
 * The next `batch` learners after `after` in `(column, id)` order, each with their count of rows
 * under the filter: each company's own learners from its users index and the moved ones by id,
 * merged; a learner's rows counted by a probe of `(company_id, user_id)` for these few only.
 */
function learnersAfter(
  reader: ReportingReader,
  scope: PageScope,
  next: { column: string; order: Order; batch: number; after: After | null; moved: number[] },
) {
  const { knex } = reader;
  const { column, order, batch, after, moved } = next;
  const sources = [
    ...scope.companyIds.map((companyId) => reader.ownLearners([companyId])),
    ...(moved.length ? [knex('users as u').whereIn('u.id', moved)] : []),
  ];
  const branches = sources.map((users, i) => {
    const walk = (after ? users.where(learnerFollowing(column, order, after)) : users)
      .select('u.id', `${column} as k`)
      .orderBy(column, order)
      .orderBy('u.id', order)
      .limit(batch);
    return knex.select(`b${i}.id`, `b${i}.k`).from(walk.as(`b${i}`));
  });
  const inOrder = knex
    .select('w.id', 'w.k')
    .from(knex.unionAll(branches).as('w'))
    .orderBy('w.k', order)
    .orderBy('w.id', order)
    .limit(batch);
  const probe = reader
    .filtered({ ...scope, match: null })
    .count({ n: '*' })
    .whereRaw('e.user_id = c.id');
  return reader.rows<{ id: number; k: string | null; n: number | string }>(
    knex
      .select('c.id', 'c.k', knex.raw('(?) as n', [probe]))
      .from(inOrder.as('c'))
      .orderBy('c.k', order)
      .orderBy('c.id', order),
  );
}

/** A sort on the learner's columns (name, email). */
export const learnerSort = (sort: ReportingSort) => !ENROLMENT_SORTS[sort] && Boolean(USER_SORTS[sort]);

/**
 * A page near either end of a learner's-column sort, learner by learner in that order, stopping
 * once the page is full: the companies' own learners walk their users index `(company_id,
 * <column>, id)` (migration 202612040100), the learners who moved away since join them, and each
 * learner's rows under the filter are counted by a probe of `(company_id, user_id)`. A few
 * dozen learners read instead of every learner of the company counted and sorted. Null (the
 * next way counts them all) when the filter leaves most learners without a row here, or many moved.
 */
export const learnerWalk: PageWay = {
  serves: (request) =>
    learnerSort(request.sort) && !request.match && !request.filter.user && request.skip + request.take <= PAGE_READING.learnerWalkWindow,
  async read(reader, request) {
    const { order, take, skip } = request;
    const column = sortColumn(USER_SORTS, request.sort);
    // The first round reads as many learners as the page has rows (each has one at least, mostly); later rounds 4× more.
    let batch = Math.min(PAGE_READING.learnerBatch, skip + take);
    // The moved learners (usually none) are looked for while the first round of own learners is read (side by side on MySQL's pool).
    const [movedRows, ownFirst] = await Promise.all([
      reader.rows<{ user_id: number }>(reader.movedLearners(request.companyIds).limit(MAX_LISTED_IDS + 1)),
      learnersAfter(reader, request, { column, order, batch, after: null, moved: [] }),
    ]);
    if (movedRows.length > MAX_LISTED_IDS) return null;
    const moved = movedRows.map((r) => Number(r.user_id));
    let candidates = moved.length ? await learnersAfter(reader, request, { column, order, batch, after: null, moved }) : ownFirst;
    const learners: LearnerSpan[] = [];
    const page = { ...request, match: null };
    let upto = 0;
    for (let round = 1; ; round++) {
      for (const c of candidates) {
        const n = Number(c.n);
        if (n === 0) continue;
        upto += n;
        if (upto > skip) learners.push({ user_id: Number(c.id), n, upto });
        if (upto >= skip + take) return rowsOfLearners(reader, page, learners);
      }
      if (candidates.length < batch) return rowsOfLearners(reader, page, learners);
      if (round >= PAGE_READING.learnerWalkRounds) return null;
      const last = candidates.at(-1);
      if (!last) return rowsOfLearners(reader, page, learners);
      batch = Math.min(PAGE_READING.learnerBatch, batch * 4);
      candidates = await learnersAfter(reader, request, { column, order, batch, after: { k: last.k, id: Number(last.id) }, moved });
    }
  },
};
