import type { Knex } from '@portal/service-kit';
import { ENROLMENT_SORTS } from './page-request';
import type { PageWay } from './page-way';

/** `CASE <column> WHEN id THEN rank … END`: the rank of each id in name order, equal names sharing one (the id breaks the tie). */
function rankOf(knex: Knex, column: string, named: { id: number; name: string }[]): Knex.Raw {
  if (named.length === 0) return knex.raw('0');
  let rank = 0;
  const cases = named.map((item, i) => {
    if (i > 0 && item.name !== named[i - 1]?.name) rank = i;
    return `WHEN ${Number(item.id)} THEN ${rank}`;
  });
  return knex.raw(`CASE ?? ${cases.join(' ')} END`, [column]);
}

/** The filter's rows sorted by the database: an enrolment column, or the course's or depot's rank by name (no join). */
export const plainSort: PageWay = {
  serves: () => true,
  async read(reader, request) {
    const { ranks, sort, order, take, skip } = request;
    const column = ENROLMENT_SORTS[sort];
    const key =
      column ??
      (sort === 'course' ? rankOf(reader.knex, 'e.course_id', ranks.courses) : rankOf(reader.knex, 'e.company_id', ranks.companies));
    const rows = await reader.rows<{ id: number }>(
      reader
        .filtered(request)
        .select('e.id')
        .orderBy(key as string, order)
        .orderBy('e.id', order)
        .limit(take)
        .offset(skip),
    );
    return rows.map((r) => Number(r.id));
  },
};
