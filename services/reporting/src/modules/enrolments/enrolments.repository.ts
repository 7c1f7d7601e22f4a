import type { ReportingEnrolmentsQuery, ReportingSort } from '@portal/contracts';
import { isMysql, preparedRead, readRows, whereContains, type Em, type Knex } from '@portal/service-kit';

/**
 * The /reporting read model (DESIGN.md "Data": reporting reads every table, never writes).
 *
 * A page costs a handful of small statements, whatever the company's size (measured on 1,000,000
 * enrolments with a company of 100,000: `bench/reporting.ts`, docs/benchmarks.md):
 * - the count touches `enrollments` alone: an index range of the company's rows;
 * - a search is resolved first to learner and course ids (the learners of the company's
 *   enrolments whose name, email or login code contains the text, and the courses whose name
 *   does), so the page and the count filter on ids instead of joining 100,000 rows to users;
 * - the page's ids are sorted on `enrollments` alone where the sort allows (the course and depot
 *   sorts by their rank among the few courses and companies, not a join); with several companies
 *   in scope (the company and its depots) a near page is read per company from the index that
 *   matches the sort (`(company_id, <sort column>, id)`, migrations 202612010100 and 202612020100),
 *   each stopping at the page, and merged; a page past the middle is read from the other end;
 * - the joins for names happen for the page's rows only (a "deferred join").
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
}

/** Sorts read from `enrollments` alone, each served per company by an index `(company_id, <column>, id)`. */
const ENROLMENT_SORTS: Partial<Record<ReportingSort, string>> = {
  status: 'e.status',
  enrolled: 'e.created_at',
  last_activity: 'e.updated_at',
  passed: 'e.passed_at',
  expiry: 'e.expires_at',
};
/** Sorts on the learner's columns: the only ones that still join (users, for the sorted rows). */
const USER_SORTS: Partial<Record<ReportingSort, string>> = { learner: 'u.name', email: 'u.email' };
/** What a search looks in: the learner's name, email and login code, and the course's name. */
const USER_SEARCH_COLUMNS = ['u.name', 'u.email', 'u.login_code'] as const;
/** A page this near either end is read per company and merged (at most this many index entries per company). */
const MERGE_WINDOW = 5000;
/** Past this many matching learners a search filters by a subquery instead of a list of ids. */
const MAX_LISTED_IDS = 5000;

/**
 * Whether each company's rows come out of an index already in the sort's order with the filter
 * applied (so a walk stops at the page): the date sorts with no filter, the enrolled date with a
 * status, one course or a date range, the status sort with a status. A selective filter on another
 * column would make the walk read most of the company's rows; the planner's own plan is better then.
 */
function indexServes(filter: ReportingFilter, match: SearchMatch | null, sort: ReportingSort): boolean {
  if (match || filter.user) return false;
  const dates = Boolean(filter.start_date || filter.end_date);
  if (sort === 'enrolled') return filter.courses.length === 0 || (filter.courses.length === 1 && !filter.status);
  if (sort === 'status') return filter.courses.length === 0 && !dates;
  return !filter.status && filter.courses.length === 0 && !dates;
}

export type ReportingFilter = Pick<ReportingEnrolmentsQuery, 'search' | 'status' | 'user' | 'courses' | 'start_date' | 'end_date'> & {
  /** The companies to read: the acting company and its depots, or the one depot asked for. */
  companyIds: number[];
};

/** A search resolved to ids: the enrolments of these learners, or on these courses. */
export interface SearchMatch {
  userIds: number[] | Knex.QueryBuilder;
  courseIds: number[];
}

/** Ranks for the sorts by name that need no join: course and depot ids in name order (equal names share a rank). */
export interface SortRanks {
  courses: { id: number; name: string }[];
  companies: { id: number; name: string }[];
}

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
    ),
);

/** The enrolments of these companies, the start of every statement on them. */
function enrolmentsOf(knex: Knex, companyIds: number[]): Knex.QueryBuilder {
  return companyIds.length === 1 ? knex('enrollments as e').where('e.company_id', companyIds[0]!) : knex('enrollments as e').whereIn('e.company_id', companyIds);
}

/** Nothing but the companies: the page as it first opens, whose statements are prepared reads. */
function unfiltered(filter: ReportingFilter, match: SearchMatch | null): boolean {
  return !match && !filter.status && !filter.user && filter.courses.length === 0 && !filter.start_date && !filter.end_date;
}

/** Per company (`perCompany`, one query each): the index walks in order and stops at `upTo`; the merge sorts a few rows. */
function mergedPage(knex: Knex, perCompany: Knex.QueryBuilder[], column: string, order: 'asc' | 'desc', upTo: number, take: number, skip: number | null): Knex.QueryBuilder {
  const branches = perCompany.map((query, i) =>
    knex
      .select(`b${i}.id`, `b${i}.k`)
      .from(query.select('e.id', `${column} as k`).orderBy(column, order).orderBy('e.id', order).limit(upTo).as(`b${i}`)),
  );
  return knex.select('m.id').from(knex.unionAll(branches).as('m')).orderBy('m.k', order).orderBy('m.id', order).limit(take).offset(skip as number);
}

const countOf = preparedRead<{ n: number | string }, [companyIds: number[]]>((knex, companyIds) => enrolmentsOf(knex, companyIds).count({ n: '*' }));

/** One prepared read per sort column and direction (they are the SQL's text, not values). */
const mergedPages = new Map<string, (from: Em, companyIds: number[], upTo: number, take: number, skip: number | null) => Promise<{ id: number }[]>>();
function mergedPageOf(column: string, order: 'asc' | 'desc') {
  const key = `${column} ${order}`;
  let read = mergedPages.get(key);
  if (!read) {
    read = preparedRead<{ id: number }, [companyIds: number[], upTo: number, take: number, skip: number | null]>((knex, companyIds, upTo, take, skip) =>
      mergedPage(
        knex,
        companyIds.map((companyId) => enrolmentsOf(knex, [companyId])),
        column,
        order,
        upTo,
        take,
        skip,
      ),
    );
    mergedPages.set(key, read);
  }
  return read;
}

export class ReportingEnrolmentsRepository {
  constructor(private readonly em: Em) {}

  get knex(): Knex {
    return this.em.getKnex();
  }

  /** A select's rows, straight on the driver (kit readRows: past knex's runner and pool queue). */
  private rows<Row>(query: Knex.QueryBuilder): Promise<Row[]> {
    return readRows<Row>(this.em, query);
  }

  private get mysql(): boolean {
    return isMysql(this.em);
  }

  /** A date as the database compares it (SQLite keeps epoch milliseconds, MySQL a DATETIME). */
  private dateValue(date: Date): unknown {
    return this.em.getPlatform().processDateProperty(date);
  }

  /** The acting company and its depots, in that order (depots by name); `nameOrder` is each one's place in the database's name order. */
  async companyWithDepots(companyId: number): Promise<{ id: number; name: string; parent_id: number | null; nameOrder: number }[]> {
    const rows = await companyAndDepots(this.em, companyId);
    const all = rows.map((r, nameOrder) => ({ id: Number(r.id), name: r.name, parent_id: r.parent_id === null ? null : Number(r.parent_id), nameOrder }));
    return [...all.filter((r) => r.id === companyId), ...all.filter((r) => r.id !== companyId)];
  }

  /**
   * The search as ids: learners of these companies' enrolments whose name, email or login code
   * contains the text (the distinct learners first, then their rows by key: never a scan of every
   * user), and courses whose name contains it. Null when there is no search.
   */
  async searchMatch(filter: ReportingFilter): Promise<SearchMatch | null> {
    if (filter.search === null) return null;
    // Each company's distinct learners is a walk of its (company_id, user_id) index; an IN list would dedupe 100,000 rows in a temporary table.
    const perCompany = filter.companyIds.map((companyId) => this.knex('enrollments as e').distinct('e.user_id').where('e.company_id', companyId));
    const learners = this.knex
      .select('d.user_id')
      .from((perCompany.length === 1 ? perCompany[0]! : this.knex.unionAll(perCompany)).as('d'))
      // The distinct learners drive the join (the planner would otherwise scan every user).
      .joinRaw(`${this.mysql ? 'STRAIGHT_JOIN' : 'CROSS JOIN'} users u ON u.id = d.user_id`);
    const matched = whereContains(learners, USER_SEARCH_COLUMNS, filter.search).limit(MAX_LISTED_IDS + 1);
    const [users, courses] = await Promise.all([
      this.rows<{ user_id: number }>(matched),
      this.rows<{ id: number }>(whereContains(this.knex('courses as c').select('c.id'), ['c.name'], filter.search)),
    ]);
    return {
      userIds: users.length > MAX_LISTED_IDS ? whereContains(learners.clone(), USER_SEARCH_COLUMNS, filter.search) : users.map((r) => Number(r.user_id)),
      courseIds: courses.map((r) => Number(r.id)),
    };
  }

  /** The filtered enrolments, selecting nothing yet (no join: a search comes as ids). */
  filtered(filter: ReportingFilter, match: SearchMatch | null, companyIds = filter.companyIds): Knex.QueryBuilder {
    let query = enrolmentsOf(this.knex, companyIds);
    if (filter.status) query = query.where('e.status', filter.status);
    if (filter.user) query = query.where('e.user_id', filter.user);
    if (filter.courses.length) query = query.whereIn('e.course_id', filter.courses);
    if (filter.start_date) query = query.where('e.created_at', '>=', this.dateValue(new Date(`${filter.start_date}T00:00:00Z`)) as Knex.Value);
    if (filter.end_date) {
      const dayAfter = new Date(`${filter.end_date}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      query = query.where('e.created_at', '<', this.dateValue(dayAfter) as Knex.Value);
    }
    if (match) {
      const { userIds, courseIds } = match;
      const anyUser = !Array.isArray(userIds) || userIds.length > 0;
      if (!anyUser && courseIds.length === 0) return query.whereRaw('1 = 0');
      query = query.where((w) => {
        if (anyUser) w.orWhereIn('e.user_id', userIds);
        if (courseIds.length) w.orWhereIn('e.course_id', courseIds);
      });
    }
    return query;
  }

  async count(filter: ReportingFilter, match: SearchMatch | null): Promise<number> {
    const [row] = unfiltered(filter, match) ? await countOf(this.em, filter.companyIds) : await this.rows<{ n: number | string }>(this.filtered(filter, match).count({ n: '*' }));
    return Number(row?.n ?? 0);
  }

  /** `CASE <column> WHEN id THEN rank … END`: the rank of each id in name order, equal names sharing one (the id breaks the tie). */
  private rankOf(column: string, named: { id: number; name: string }[]): Knex.Raw {
    if (named.length === 0) return this.knex.raw('0');
    let rank = 0;
    const cases = named.map((item, i) => {
      if (i > 0 && item.name !== named[i - 1]!.name) rank = i;
      return `WHEN ${Number(item.id)} THEN ${rank}`;
    });
    return this.knex.raw(`CASE ?? ${cases.join(' ')} END`, [column]);
  }

  /**
   * The ids of one page, in the page's order (the id breaks ties, in the same direction).
   * `total` is the count of the filter: a page past the middle is read from the far end, so the
   * last pages cost what the first do.
   */
  async pageIds(filter: ReportingFilter, match: SearchMatch | null, ranks: SortRanks, sort: ReportingSort, dir: 'asc' | 'desc', limit: number, offset: number, total: number): Promise<number[]> {
    const fromEnd = offset + limit / 2 > total / 2;
    const take = fromEnd ? Math.min(limit, total - offset) : limit;
    const skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
    const order = fromEnd ? (dir === 'asc' ? 'desc' : 'asc') : dir;
    if (take <= 0) return [];

    const enrolmentColumn = ENROLMENT_SORTS[sort];
    let ids: number[];
    if (!enrolmentColumn && USER_SORTS[sort]) {
      ids = await this.pageIdsByLearner(filter, match, USER_SORTS[sort]!, order, take, skip);
    } else if (enrolmentColumn && filter.companyIds.length > 1 && skip + take <= MERGE_WINDOW && indexServes(filter, match, sort)) {
      // Per company: the index walks in order and stops at skip + take; the merge sorts a few rows.
      const rows = unfiltered(filter, match)
        ? await mergedPageOf(enrolmentColumn, order)(this.em, filter.companyIds, skip + take, take, skip || null)
        : await this.rows<{ id: number }>(mergedPage(this.knex, filter.companyIds.map((companyId) => this.filtered(filter, match, [companyId])), enrolmentColumn, order, skip + take, take, skip));
      ids = rows.map((r) => Number(r.id));
    } else {
      let query = this.filtered(filter, match).select('e.id');
      let key: string | Knex.Raw;
      if (enrolmentColumn) key = enrolmentColumn;
      else if (sort === 'course') key = this.rankOf('e.course_id', ranks.courses);
      else if (sort === 'depot') key = this.rankOf('e.company_id', ranks.companies);
      else {
        query = query.join('users as u', 'u.id', 'e.user_id');
        key = USER_SORTS[sort]!;
      }
      ids = (await this.rows<{ id: number }>(query.orderBy(key as string, order).orderBy('e.id', order).limit(take).offset(skip))).map((r) => Number(r.id));
    }
    return fromEnd ? ids.reverse() : ids;
  }

  /**
   * A page sorted by a learner's column, learner by learner: the filter's enrolments counted per
   * learner (each company's rows grouped along its `(company_id, user_id)` index), the learners
   * sorted by the column and their id with a running total of rows (a window), so only the
   * learners whose rows fall on the page are read back, and their rows by id. Sorting the
   * company's thousands of learners, not its 100,000 enrolments joined to them; the order is
   * (column, learner, enrolment), each in `dir`.
   */
  private async pageIdsByLearner(filter: ReportingFilter, match: SearchMatch | null, column: string, dir: 'asc' | 'desc', take: number, skip: number): Promise<number[]> {
    const knex = this.knex;
    const perCompany = filter.companyIds.map((companyId) => this.filtered(filter, match, [companyId]).select('e.user_id').count({ n: '*' }).groupBy('e.user_id'));
    const counts = knex
      .select('c.user_id')
      .sum({ n: 'c.n' })
      .from((perCompany.length === 1 ? perCompany[0]! : knex.unionAll(perCompany)).as('c'))
      .groupBy('c.user_id');
    const running = knex
      .select('p.user_id', 'p.n', knex.raw(`SUM(p.n) OVER (ORDER BY ?? ${dir}, u.id ${dir} ROWS UNBOUNDED PRECEDING) AS upto`, [column]), knex.raw(`ROW_NUMBER() OVER (ORDER BY ?? ${dir}, u.id ${dir}) AS place`, [column]))
      .from(counts.as('p'))
      // The few thousand counted learners drive the join to users.
      .joinRaw(`${this.mysql ? 'STRAIGHT_JOIN' : 'CROSS JOIN'} users u ON u.id = p.user_id`);
    const learners = await this.rows<{ user_id: number; n: number | string; upto: number | string }>(
      knex
        .select('r.user_id', 'r.n', 'r.upto')
        .from(running.as('r'))
        .where('r.upto', '>', skip)
        .where(knex.raw('r.upto - r.n'), '<', skip + take)
        .orderBy('r.place'),
    );
    if (learners.length === 0) return [];
    const rows = await this.rows<{ id: number; user_id: number }>(
      this.filtered(filter, match)
        .whereIn(
          'e.user_id',
          learners.map((l) => Number(l.user_id)),
        )
        .select('e.id', 'e.user_id')
        .orderBy('e.id', dir),
    );
    const byLearner = new Map<number, number[]>();
    for (const row of rows) {
      const list = byLearner.get(Number(row.user_id)) ?? [];
      list.push(Number(row.id));
      byLearner.set(Number(row.user_id), list);
    }
    const ordered = learners.flatMap((l) => byLearner.get(Number(l.user_id)) ?? []);
    const first = learners[0]!;
    const start = skip - (Number(first.upto) - Number(first.n));
    return ordered.slice(start, start + take);
  }

  /** Every id the filters match (totalEnrollmentIDs), newest first. */
  async allIds(filter: ReportingFilter): Promise<number[]> {
    const match = await this.searchMatch(filter);
    const rows = await this.rows<{ id: number }>(this.filtered(filter, match).select('e.id').orderBy('e.id', 'desc'));
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
    const [row] = await this.rows<{ n: number | string }>(this.knex('enrollments').whereIn('company_id', companyIds).count({ n: '*' }));
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
