import { preparedRead, whereContains, type Knex } from '@portal/service-kit';
import { MAX_LISTED_IDS, unfiltered, type PageScope, type SearchMatch } from './page/page-request';
import { enrolmentsOf, oneOrUnion, ReportingReader } from './page/reporting-reader';

export { PAGE_READING, type PageScope, type ReportingFilter, type SearchMatch, type SortRanks } from './page/page-request';
export { pageIds } from './page/page-ids';

/**
 * The /reporting read model (DESIGN.md "Data": reporting reads every table, never writes).
 *
 * A page costs a handful of small statements, whatever the company's size (measured on 1,000,000
 * enrolments with a company of 100,000: `bench/src/reporting.ts`, docs/benchmarks.md):
 * - the count touches `enrollments` alone: an index range of the company's rows;
 * - a search is resolved first to learner and course ids (the learners of the company's
 *   enrolments whose name, email or login code contains the text, and the courses whose name
 *   does), so the page and the count filter on ids instead of joining 100,000 rows to users;
 * - the page's ids are sorted on `enrollments` alone where the sort allows (the course and depot
 *   sorts by their rank among the few courses and companies, not a join); with several companies
 *   in scope (the company and its depots) a near page is read per company from the index that
 *   matches the sort (`(company_id, <sort column>, id)`, migrations 202612010100 and 202612020100),
 *   each stopping at the page, and merged; a page past the middle is read from the other end,
 *   and a page deep inside (the middle of 100,000) from a pivot row near it;
 * - a page sorted by the learner's name or email near either end walks the learners in that
 *   order (the users indexes of migration 202612040100) and stops once it is full; further in,
 *   every learner's rows are counted and sorted with a running total;
 * - the joins for names happen for the page's rows only (a "deferred join").
 *
 * Each way of reading a page is a file in page/, chosen by page/page-ids.ts.
 */

/** A raw row of the page, as the database answers it. Dates are Date (MySQL) or epoch ms (SQLite). */
export interface ReportingRowRecord {
  id: number;
  user_id: number;
  learner_name: string | null;
  email: string | null;
  login_code: string | null;
  company_id: number;
  company_name: string | null;
  course_id: number;
  course_name: string | null;
  status: string;
  created_at: unknown;
  updated_at: unknown;
  passed_at: unknown;
  expires_at: unknown;
  certificate_code: string | null;
  last_reminded_at: unknown;
  /** When the learner's next enrolment on the course was made (a renewal), or null. */
  renewed_at: unknown;
}

/** What a search looks in: the learner's name, email and login code, and the course's name. */
const USER_SEARCH_COLUMNS = ['u.name', 'u.email', 'u.login_code'] as const;

// The statements of every /reporting page, built once per shape (kit preparedRead: only the values change).
const companyAndDepots = preparedRead<{ id: number; name: string; parent_id: number | null }, [companyId: number]>((knex, companyId) =>
  knex('companies').select('id', 'name', 'parent_id').where('id', companyId).orWhere('parent_id', companyId).orderBy('name').orderBy('id'),
);
const coursesWithEnrolments = preparedRead<{ id: number; name: string }, [companyIds: number[]]>((knex, companyIds) => {
  const probe = knex('enrollments as e').select(knex.raw('1')).whereRaw('e.course_id = c.id').whereIn('e.company_id', companyIds).limit(1);
  return knex('courses as c').select('c.id', 'c.name').whereRaw('? = 1', [probe]).orderBy('c.name').orderBy('c.id');
});
const pageRows = preparedRead<ReportingRowRecord, [ids: number[]]>((knex, ids) =>
  knex('enrollments as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('courses as c', 'c.id', 'e.course_id')
    .leftJoin('companies as co', 'co.id', 'e.company_id')
    .whereIn('e.id', ids)
    .select(
      'e.id',
      'e.user_id',
      'u.name as learner_name',
      'u.email',
      'u.login_code',
      'e.company_id',
      'co.name as company_name',
      'e.course_id',
      'c.name as course_name',
      'e.status',
      'e.created_at',
      'e.updated_at',
      'e.passed_at',
      'e.expires_at',
      'e.certificate_code',
      'e.last_reminded_at',
      // A probe of the (user_id, course_id) index per page row.
      knex('enrollments as n')
        .min('n.created_at')
        .whereRaw('n.user_id = e.user_id')
        .whereRaw('n.course_id = e.course_id')
        .whereRaw('n.id > e.id')
        .as('renewed_at'),
    ),
);

const companyTotalOf = preparedRead<{ n: number | string }, [companyIds: number[]]>((knex, companyIds) =>
  knex('enrollments').whereIn('company_id', companyIds).count({ n: '*' }),
);

/** The count per company of the page as it opens (MySQL groups the index range by company; SQLite counts each company's range). */
const countPerCompany = {
  mysql: preparedRead<{ company_id: number | string; n: number | string }, [companyIds: number[]]>((knex, companyIds) =>
    enrolmentsOf(knex, companyIds).select('e.company_id').count({ n: '*' }).groupBy('e.company_id'),
  ),
  sqlite: preparedRead<{ company_id: number | string; n: number | string }, [companyIds: number[]]>((knex, companyIds) =>
    knex.unionAll(
      companyIds.map((companyId) =>
        enrolmentsOf(knex, [companyId])
          .select(knex.raw('? as company_id', [companyId]))
          .count({ n: '*' }),
      ),
    ),
  ),
};

/** The /reporting page's statements beside the page's ids (page/): scope, search, count, rows, tiles. */
export class ReportingEnrolmentsRepository extends ReportingReader {
  /** The acting company and its depots, in that order (depots by name); `nameOrder` is each one's place in the database's name order. */
  async companyWithDepots(companyId: number): Promise<{ id: number; name: string; parent_id: number | null; nameOrder: number }[]> {
    const rows = await companyAndDepots(this.em, companyId);
    const all = rows.map((r, nameOrder) => ({
      id: Number(r.id),
      name: r.name,
      parent_id: r.parent_id === null ? null : Number(r.parent_id),
      nameOrder,
    }));
    return [...all.filter((r) => r.id === companyId), ...all.filter((r) => r.id !== companyId)];
  }

  /**
   * The search as ids: learners of these companies' enrolments whose name, email or login code
   * contains the text, and courses whose name does. Null when there is no search. On MySQL the
   * companies' own learners are searched on their users index (the LIKE runs on the index) beside
   * the few who moved away since; SQLite joins the distinct learners to users by rowid, which is
   * as cheap there. Never a scan of every user.
   */
  async searchMatch({ filter, companyIds }: Omit<PageScope, 'match'>): Promise<SearchMatch | null> {
    if (filter.search === null) return null;
    const join = (learners: Knex.QueryBuilder) =>
      this.knex
        .select('u.id as user_id')
        .from(learners.as('m'))
        // The learners drive the join (the planner would otherwise scan every user).
        .joinRaw(`${this.mysql ? 'STRAIGHT_JOIN' : 'CROSS JOIN'} users u ON u.id = m.user_id`);
    const sources = this.mysql
      ? [
          whereContains(this.ownLearners(companyIds).select('u.id as user_id'), USER_SEARCH_COLUMNS, filter.search),
          whereContains(join(this.movedLearners(companyIds)), USER_SEARCH_COLUMNS, filter.search),
        ]
      : [whereContains(join(this.enrolmentLearners(companyIds)), USER_SEARCH_COLUMNS, filter.search)];
    // Independent reads: MySQL runs them side by side on the pool.
    const [courses, ...found] = await Promise.all([
      this.rows<{ id: number }>(whereContains(this.knex('courses as c').select('c.id'), ['c.name'], filter.search)),
      ...sources.map((source) => this.rows<{ user_id: number }>(source.clone().limit(MAX_LISTED_IDS + 1))),
    ]);
    const users = found.flat();
    return {
      // An own learner without an enrolment here only lengthens the list: the count and the page also filter by company.
      userIds: users.length > MAX_LISTED_IDS ? oneOrUnion(this.knex, sources) : users.map((r) => Number(r.user_id)),
      courseIds: (courses ?? []).map((r) => Number(r.id)),
    };
  }

  /**
   * How many enrolments the filter matches. Without a search or a learner, counted per company,
   * which places a deep page's pivot (page/from-pivot.ts), at the cost of one count: MySQL groups
   * the index range by company (a `UNION ALL` of per-company counts with a status was 3× slower
   * there); SQLite counts each company's range (its `GROUP BY` reads every entry, 4× slower).
   */
  async count(scope: PageScope): Promise<{ total: number; perCompany: Map<number, number> | null }> {
    const { filter, companyIds, match } = scope;
    if (match || filter.user || companyIds.length === 1) {
      const [row] = await this.rows<{ n: number | string }>(this.filtered(scope).count({ n: '*' }));
      return { total: Number(row?.n ?? 0), perCompany: null };
    }
    // The page as it opens (no filter) is one statement built once (kit preparedRead); filters build theirs.
    const rows = unfiltered(filter, match)
      ? await countPerCompany[this.mysql ? 'mysql' : 'sqlite'](this.em, companyIds)
      : await this.rows<{ company_id: number | string; n: number | string }>(
          this.mysql
            ? this.filtered(scope).select('e.company_id').count({ n: '*' }).groupBy('e.company_id')
            : this.knex.unionAll(
                companyIds.map((companyId) =>
                  this.filtered(scope, [companyId])
                    .select(this.knex.raw('? as company_id', [companyId]))
                    .count({ n: '*' }),
                ),
              ),
        );
    return {
      total: rows.reduce((sum, r) => sum + Number(r.n), 0),
      perCompany: new Map(rows.map((r) => [Number(r.company_id), Number(r.n)])),
    };
  }

  /** Every id the filters match (totalEnrollmentIDs), newest first. */
  async allIds(scope: Omit<PageScope, 'match'>): Promise<number[]> {
    const match = await this.searchMatch(scope);
    const rows = await this.rows<{ id: number }>(
      this.filtered({ ...scope, match })
        .select('e.id')
        .orderBy('e.id', 'desc'),
    );
    return rows.map((r) => Number(r.id));
  }

  /** The page's rows with the names they show, by id (in no particular order). */
  async rowsByIds(ids: number[]): Promise<ReportingRowRecord[]> {
    if (ids.length === 0) return [];
    return pageRows(this.em, ids);
  }

  /**
   * The courses these companies have enrolments on (the tiles), by name: each course probes the
   * `(company_id, course_id, …)` index for one row (a correlated probe, which the planner keeps,
   * instead of a distinct over every enrolment of the company).
   */
  async coursesOf(companyIds: number[]): Promise<{ id: number; name: string }[]> {
    const rows = await coursesWithEnrolments(this.em, companyIds);
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  /** Whether these companies have any enrolment at all, and how many (for the empty state). */
  async companyTotal(companyIds: number[]): Promise<number> {
    const [row] = await companyTotalOf(this.em, companyIds);
    return Number(row?.n ?? 0);
  }

  /** The learner of the `user` filter, when they have an enrolment of these companies. */
  async learnerIn(companyIds: number[], userId: number): Promise<{ id: number; name: string } | null> {
    const row = (await this.knex('users as u')
      .select('u.id', 'u.name')
      .where('u.id', userId)
      .whereExists(this.knex('enrollments as e').select('e.id').whereRaw('e.user_id = u.id').whereIn('e.company_id', companyIds))
      .first()) as { id: number; name: string } | undefined;
    return row ? { id: Number(row.id), name: row.name } : null;
  }
}

/** A date column's value as ISO text (UTC), whatever the driver answered. */
export function isoOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string') {
    if (/^\d+$/.test(value)) return new Date(Number(value)).toISOString();
    const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  return null;
}
