import { USER_SORTS, sortColumn } from './page-request';
import { countsPerLearner, rowsOfLearners } from './learner-rows';
import { learnerSort } from './learner-walk';
import type { PageWay } from './page-way';

/**
 * A page sorted by a learner's column, learner by learner: the filter's enrolments counted per
 * learner (each company's rows grouped along its `(company_id, user_id)` index), the learners
 * sorted by the column and their id with a running total of rows (a window), so only the
 * learners whose rows fall on the page are read back, and their rows by id. Sorting the
 * company's thousands of learners, not its 100,000 enrolments joined to them; the order is
 * (column, learner, enrolment), each in `order`. For a page in the middle, or a search.
 */
export const learnerCounted: PageWay = {
  serves: (request) => learnerSort(request.sort),
  async read(reader, request) {
    const { knex } = reader;
    const { order, take, skip } = request;
    const column = sortColumn(USER_SORTS, request.sort);
    const running = knex
      .select(
        'p.user_id',
        'p.n',
        knex.raw(`SUM(p.n) OVER (ORDER BY ?? ${order}, u.id ${order} ROWS UNBOUNDED PRECEDING) AS upto`, [column]),
        knex.raw(`ROW_NUMBER() OVER (ORDER BY ?? ${order}, u.id ${order}) AS place`, [column]),
      )
      .from(countsPerLearner(reader, request).as('p'))
      // The few thousand counted learners drive the join to users.
      .joinRaw(`${reader.mysql ? 'STRAIGHT_JOIN' : 'CROSS JOIN'} users u ON u.id = p.user_id`);
    const learners = await reader.rows<{ user_id: number; n: number | string; upto: number | string }>(
      knex
        .select('r.user_id', 'r.n', 'r.upto')
        .from(running.as('r'))
        .where('r.upto', '>', skip)
        .where(knex.raw('r.upto - r.n'), '<', skip + take)
        .orderBy('r.place'),
    );
    return rowsOfLearners(
      reader,
      request,
      learners.map((l) => ({ user_id: Number(l.user_id), n: Number(l.n), upto: Number(l.upto) })),
    );
  },
};
