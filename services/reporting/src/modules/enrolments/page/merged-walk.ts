import { preparedRead, type Em, type Knex } from '@portal/service-kit';
import {
  ENROLMENT_SORTS,
  indexServes,
  PAGE_READING,
  unfiltered,
  type Order,
  type PageRequest,
  type PageScope,
  sortColumn,
} from './page-request';
import { enrolmentsOf, type ReportingReader } from './reporting-reader';
import type { PageWay } from './page-way';

/** A row of `(column, id)` order to walk from; `inclusive` keeps the row itself. */
export interface WalkStart {
  k: unknown;
  id: number;
  inclusive: boolean;
}

/** Rows `skip` to `skip + take` of the filter in `(column, id)` order, from `from` on when given. */
export interface Walk extends PageScope {
  column: string;
  order: Order;
  skip: number;
  take: number;
  from: WalkStart | null;
}

/** Per company (`perCompany`, one query each): the index walks in order and stops at `upTo`; the merge sorts a few rows. */
function mergedPage(
  knex: Knex,
  perCompany: Knex.QueryBuilder[],
  walk: { column: string; order: Order; upTo: number; take: number; skip: number | null },
): Knex.QueryBuilder {
  const { column, order } = walk;
  const branches = perCompany.map((query, i) =>
    knex
      .select(`b${i}.id`, `b${i}.k`)
      .from(query.select('e.id', `${column} as k`).orderBy(column, order).orderBy('e.id', order).limit(walk.upTo).as(`b${i}`)),
  );
  return knex
    .select('m.id')
    .from(knex.unionAll(branches).as('m'))
    .orderBy('m.k', order)
    .orderBy('m.id', order)
    .limit(walk.take)
    .offset(walk.skip as number);
}

/** One prepared read per sort column and direction (they are the SQL's text, not values). */
const mergedPages = new Map<
  string,
  (from: Em, companyIds: number[], upTo: number, take: number, skip: number | null) => Promise<{ id: number }[]>
>();
function mergedPageOf(column: string, order: Order) {
  const key = `${column} ${order}`;
  let read = mergedPages.get(key);
  if (!read) {
    read = preparedRead<{ id: number }, [companyIds: number[], upTo: number, take: number, skip: number | null]>(
      (knex, companyIds, upTo, take, skip) =>
        mergedPage(
          knex,
          companyIds.map((companyId) => enrolmentsOf(knex, [companyId])),
          { column, order, upTo, take, skip },
        ),
    );
    mergedPages.set(key, read);
  }
  return read;
}

/** Rows after `from` (`(column, id)`, never null) in this order; `inclusive` keeps `from` itself. */
export function following(column: string, order: Order, from: WalkStart) {
  const beyond = order === 'asc' ? '>' : '<';
  return (w: Knex.QueryBuilder) =>
    w
      .where(column, beyond, from.k as Knex.Value)
      .orWhere((tie) => tie.where(column, from.k as Knex.Value).where('e.id', from.inclusive ? `${beyond}=` : beyond, from.id));
}

/**
 * Rows `skip` to `skip + take` in `(column, id)` order, read per company from the index in that
 * order (each walk stops at skip + take) and merged: a few rows sorted, not the company's all.
 * `from`: only the rows from that one on (it included), in this order.
 */
export async function mergedWalk(reader: ReportingReader, walk: Walk): Promise<number[]> {
  const { filter, match, companyIds, column, order, skip, take, from } = walk;
  // The page as it opens: the same statement, built once per sort (kit preparedRead).
  if (!from && unfiltered(filter, match))
    return (await mergedPageOf(column, order)(reader.em, companyIds, skip + take, take, skip || null)).map((r) => Number(r.id));
  const perCompany = companyIds.map((companyId) => {
    const rows = reader.filtered(walk, [companyId]);
    return from ? rows.where(following(column, order, from)) : rows;
  });
  return (await reader.rows<{ id: number }>(mergedPage(reader.knex, perCompany, { column, order, upTo: skip + take, take, skip }))).map(
    (r) => Number(r.id),
  );
}

/** Whether the request's sort is an index walk per company, merged (several companies, the index serving the filter). */
export function mergeable(request: PageRequest): boolean {
  return Boolean(ENROLMENT_SORTS[request.sort]) && request.companyIds.length > 1 && indexServes(request);
}

/** A page near either end of an enrolment sort over several companies: their index walks, merged. */
export const mergedNearEnd: PageWay = {
  serves: (request) => mergeable(request) && request.skip + request.take <= PAGE_READING.mergeWindow,
  read: (reader, { filter, companyIds, match, sort, order, skip, take }) =>
    mergedWalk(reader, { filter, companyIds, match, column: sortColumn(ENROLMENT_SORTS, sort), order, skip, take, from: null }),
};
