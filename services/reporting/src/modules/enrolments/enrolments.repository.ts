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
 *   each stopping at the page, and merged; a page past the middle is read from the other end,
 *   and a page deep inside (the middle of 100,000) from a pivot row near it;
 * - a page sorted by the learner's name or email near either end walks the learners in that
 *   order (the users indexes of migration 202612040100) and stops once it is full; further in,
 *   every learner's rows are counted and sorted with a running total;
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
  /** When the learner's next enrolment on the course was made (a renewal), or null. */
  renewed_at: unknown;
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
/** Past this many matching learners a search filters by a subquery instead of a list of ids. */
const MAX_LISTED_IDS = 5000;
/** Sorts whose column is never null: a page deep inside them may be found from a pivot row. */
const NOT_NULL_SORTS = new Set<ReportingSort>(['status', 'enrolled', 'last_activity']);

/** How far the cheaper ways of reading a page reach (a test shrinks them to reach every way with a few rows). */
export const PAGE_READING = {
  /** A page this near either end is read per company and merged (at most this many index entries per company). */
  mergeWindow: 5000,
  /** A deep page is read from its pivot when the pivot is at most this many rows off. */
  pivotWindow: 5000,
  /** A learner's-column page this near either end is read learner by learner in order (pageIdsByLearnerWalk)… */
  learnerWalkWindow: 1000,
  /** …at most this many learners a round, and this many rounds before it counts every learner instead. */
  learnerBatch: 200,
  learnerWalkRounds: 5,
};

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
  // `(company_id, status, updated_at, id)` (migration 202612030100) serves last activity with a status too.
  if (sort === 'last_activity') return filter.courses.length === 0 && !dates;
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
      // A probe of the (user_id, course_id) index per page row.
      knex('enrollments as n').min('n.created_at').whereRaw('n.user_id = e.user_id').whereRaw('n.course_id = e.course_id').whereRaw('n.id > e.id').as('renewed_at'),
    ),
);

const companyTotalOf = preparedRead<{ n: number | string }, [companyIds: number[]]>((knex, companyIds) => knex('enrollments').whereIn('company_id', companyIds).count({ n: '*' }));

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

/** The count per company of the page as it opens (MySQL groups the index range by company; SQLite counts each company's range). */
const countPerCompany = {
  mysql: preparedRead<{ company_id: number | string; n: number | string }, [companyIds: number[]]>((knex, companyIds) =>
    enrolmentsOf(knex, companyIds).select('e.company_id').count({ n: '*' }).groupBy('e.company_id'),
  ),
  sqlite: preparedRead<{ company_id: number | string; n: number | string }, [companyIds: number[]]>((knex, companyIds) =>
    knex.unionAll(companyIds.map((companyId) => enrolmentsOf(knex, [companyId]).select(knex.raw('? as company_id', [companyId])).count({ n: '*' }))),
  ),
};

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

  /** The companies' own learners (`users.company_id`), read from the index `(company_id, name, id, email, login_code)`. */
  private ownLearners(companyIds: number[]): Knex.QueryBuilder {
    const users = this.knex('users as u');
    return companyIds.length === 1 ? users.where('u.company_id', companyIds[0]!) : users.whereIn('u.company_id', companyIds);
  }

  /** The distinct learners of these companies' enrolments: each company's a walk of its `(company_id, user_id)` index (an IN list would dedupe 100,000 rows in a temporary table). */
  private enrolmentLearners(companyIds: number[]): Knex.QueryBuilder {
    const perCompany = companyIds.map((companyId) => this.knex('enrollments as e').distinct('e.user_id').where('e.company_id', companyId));
    return this.knex.select('d.user_id').from((perCompany.length === 1 ? perCompany[0]! : this.knex.unionAll(perCompany)).as('d'));
  }

  /**
   * Learners with enrolments of these companies who belong to another company now (moved since:
   * their enrolments stay with the payer); usually none or a few. MySQL sets the companies' own
   * users aside by a hashed `NOT IN` (20,000 lookups of whole user rows cost 3× more); SQLite reads
   * a user by its rowid cheaply, and probes.
   */
  movedLearners(companyIds: number[]): Knex.QueryBuilder {
    const learners = this.enrolmentLearners(companyIds);
    if (this.mysql) return learners.whereNotIn('d.user_id', this.ownLearners(companyIds).select('u.id'));
    return learners.whereNotExists(this.knex('users as o').select(this.knex.raw('1')).whereRaw('o.id = d.user_id').whereIn('o.company_id', companyIds));
  }

  /**
   * The search as ids: learners of these companies' enrolments whose name, email or login code
   * contains the text, and courses whose name does. Null when there is no search. On MySQL the
   * companies' own learners are searched on their users index (the LIKE runs on the index) beside
   * the few who moved away since; SQLite joins the distinct learners to users by rowid, which is
   * as cheap there. Never a scan of every user.
   */
  async searchMatch(filter: ReportingFilter): Promise<SearchMatch | null> {
    if (filter.search === null) return null;
    const join = (learners: Knex.QueryBuilder) =>
      this.knex
        .select('u.id as user_id')
        .from(learners.as('m'))
        // The learners drive the join (the planner would otherwise scan every user).
        .joinRaw(`${this.mysql ? 'STRAIGHT_JOIN' : 'CROSS JOIN'} users u ON u.id = m.user_id`);
    const sources = this.mysql
      ? [whereContains(this.ownLearners(filter.companyIds).select('u.id as user_id'), USER_SEARCH_COLUMNS, filter.search), whereContains(join(this.movedLearners(filter.companyIds)), USER_SEARCH_COLUMNS, filter.search)]
      : [whereContains(join(this.enrolmentLearners(filter.companyIds)), USER_SEARCH_COLUMNS, filter.search)];
    // Independent reads: MySQL runs them side by side on the pool.
    const [courses, ...found] = await Promise.all([
      this.rows<{ id: number }>(whereContains(this.knex('courses as c').select('c.id'), ['c.name'], filter.search)),
      ...sources.map((source) => this.rows<{ user_id: number }>(source.clone().limit(MAX_LISTED_IDS + 1))),
    ]);
    const users = found.flat();
    return {
      // An own learner without an enrolment here only lengthens the list: the count and the page also filter by company.
      userIds: users.length > MAX_LISTED_IDS ? (sources.length === 1 ? sources[0]! : this.knex.unionAll(sources)) : users.map((r) => Number(r.user_id)),
      courseIds: courses!.map((r) => Number(r.id)),
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

  /**
   * How many enrolments the filter matches. Without a search or a learner, counted per company,
   * which places a deep page's pivot (`pageIdsFromPivot`), at the cost of one count: MySQL groups
   * the index range by company (a `UNION ALL` of per-company counts with a status was 3× slower
   * there); SQLite counts each company's range (its `GROUP BY` reads every entry, 4× slower).
   */
  async count(filter: ReportingFilter, match: SearchMatch | null): Promise<number> {
    this.counted = null;
    if (match || filter.user || filter.companyIds.length === 1) {
      const [row] = await this.rows<{ n: number | string }>(this.filtered(filter, match).count({ n: '*' }));
      return Number(row?.n ?? 0);
    }
    // The page as it opens (no filter) is one statement built once (kit preparedRead); filters build theirs.
    const rows = unfiltered(filter, match)
      ? await countPerCompany[this.mysql ? 'mysql' : 'sqlite'](this.em, filter.companyIds)
      : await this.rows<{ company_id: number | string; n: number | string }>(
          this.mysql
            ? this.filtered(filter, match).select('e.company_id').count({ n: '*' }).groupBy('e.company_id')
            : this.knex.unionAll(filter.companyIds.map((companyId) => this.filtered(filter, match, [companyId]).select(this.knex.raw('? as company_id', [companyId])).count({ n: '*' }))),
        );
    this.counted = { filter, match, perCompany: new Map(rows.map((r) => [Number(r.company_id), Number(r.n)])) };
    return rows.reduce((sum, r) => sum + Number(r.n), 0);
  }

  /** The last count's figures per company, kept for the page of the same filter. */
  private counted: { filter: ReportingFilter; match: SearchMatch | null; perCompany: Map<number, number> } | null = null;

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
    const merging = enrolmentColumn && filter.companyIds.length > 1 && indexServes(filter, match, sort);
    let ids: number[] | null = null;
    if (!enrolmentColumn && USER_SORTS[sort]) {
      if (!match && !filter.user && skip + take <= PAGE_READING.learnerWalkWindow) ids = await this.pageIdsByLearnerWalk(filter, sort as 'learner' | 'email', order, take, skip);
      if (this.mysql && !match && !filter.user) ids ??= await this.pageIdsByLearnerSummed(filter, USER_SORTS[sort]!, order, take, skip);
      ids ??= await this.pageIdsByLearner(filter, match, USER_SORTS[sort]!, order, take, skip);
    } else if (merging && skip + take <= PAGE_READING.mergeWindow) {
      ids = await this.mergedWalk(filter, match, enrolmentColumn, order, skip, take, null);
    } else if (merging && NOT_NULL_SORTS.has(sort)) {
      ids = await this.pageIdsFromPivot(filter, match, enrolmentColumn, order, take, skip);
    }
    if (!ids) {
      const query = this.filtered(filter, match).select('e.id');
      let key: string | Knex.Raw;
      if (enrolmentColumn) key = enrolmentColumn;
      else if (sort === 'course') key = this.rankOf('e.course_id', ranks.courses);
      else key = this.rankOf('e.company_id', ranks.companies);
      ids = (await this.rows<{ id: number }>(query.orderBy(key as string, order).orderBy('e.id', order).limit(take).offset(skip))).map((r) => Number(r.id));
    }
    return fromEnd ? ids.reverse() : ids;
  }

  /**
   * Rows `skip` to `skip + take` in `(column, id)` order, read per company from the index in that
   * order (each walk stops at skip + take) and merged: a few rows sorted, not the company's all.
   * `from`: only the rows from that one on (it included), in this order.
   */
  private async mergedWalk(filter: ReportingFilter, match: SearchMatch | null, column: string, order: 'asc' | 'desc', skip: number, take: number, from: { k: unknown; id: number; inclusive: boolean } | null): Promise<number[]> {
    // The page as it opens: the same statement, built once per sort (kit preparedRead).
    if (!from && unfiltered(filter, match)) return (await mergedPageOf(column, order)(this.em, filter.companyIds, skip + take, take, skip || null)).map((r) => Number(r.id));
    const perCompany = filter.companyIds.map((companyId) => {
      const walk = this.filtered(filter, match, [companyId]);
      return from ? walk.where(this.following(column, order, from)) : walk;
    });
    return (await this.rows<{ id: number }>(mergedPage(this.knex, perCompany, column, order, skip + take, take, skip))).map((r) => Number(r.id));
  }

  /** Rows after `from` (`(column, id)`, never null) in this order; `inclusive` keeps `from` itself. */
  private following(column: string, order: 'asc' | 'desc', from: { k: unknown; id: number; inclusive: boolean }) {
    const beyond = order === 'asc' ? '>' : '<';
    return (w: Knex.QueryBuilder) =>
      w.where(column, beyond, from.k as Knex.Value).orWhere((tie) => tie.where(column, from.k as Knex.Value).where('e.id', from.inclusive ? `${beyond}=` : beyond, from.id));
  }

  /**
   * A page deep inside a sort the index serves (past the merge window from either end: the middle
   * of 100,000 rows), without sorting every row before it: a pivot row is taken where the page
   * should be in the largest company (its share of `skip`, an index walk), the rows before the
   * pivot in the sort are counted (an index range per company), and the page is read by the
   * merged walks from the pivot, forwards or backwards, by the few rows it is off by. Null when it
   * is off by more than the merge window (companies whose rows are spread very differently).
   */
  private async pageIdsFromPivot(filter: ReportingFilter, match: SearchMatch | null, column: string, order: 'asc' | 'desc', take: number, skip: number): Promise<number[] | null> {
    const counted = this.counted?.filter === filter && this.counted.match === match ? this.counted.perCompany : null;
    if (!counted) return null;
    const total = [...counted.values()].reduce((sum, n) => sum + n, 0);
    const [largest, rows] = [...counted.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
    if (total === 0 || rows === 0) return null;
    const reverse = order === 'asc' ? 'desc' : 'asc';
    const [pivot] = await this.rows<{ id: number; k: unknown }>(
      this.filtered(filter, match, [largest])
        .select('e.id', `${column} as k`)
        .orderBy(column, order)
        .orderBy('e.id', order)
        .limit(1)
        .offset(Math.min(rows - 1, Math.floor((skip * rows) / total))),
    );
    if (!pivot) return null;
    const at = { k: pivot.k, id: Number(pivot.id) };
    const [row] = await this.rows<{ n: number | string }>(this.filtered(filter, match).where(this.following(column, reverse, { ...at, inclusive: false })).count({ n: '*' }));
    const before = Number(row?.n ?? 0);
    if (skip >= before) {
      if (skip - before + take > PAGE_READING.pivotWindow) return null;
      return this.mergedWalk(filter, match, column, order, skip - before, take, { ...at, inclusive: true });
    }
    // The page starts before the pivot: those rows read backwards from it, the rest (if any) forwards.
    const end = Math.min(skip + take, before);
    if (before - skip > PAGE_READING.pivotWindow) return null;
    const head = (await this.mergedWalk(filter, match, column, reverse, before - end, end - skip, { ...at, inclusive: false })).reverse();
    const tail = skip + take > before ? await this.mergedWalk(filter, match, column, order, 0, skip + take - before, { ...at, inclusive: true }) : [];
    return [...head, ...tail];
  }

  /**
   * A page near either end of a learner's-column sort, learner by learner in that order, stopping
   * once the page is full: the companies' own learners walk their users index `(company_id,
   * <column>, id)` (migration 202612040100), the learners who moved away since join them, and each
   * learner's rows under the filter are counted by a probe of `(company_id, user_id)`. A few
   * dozen learners read instead of every learner of the company counted and sorted. Null (the
   * caller counts them all) when the filter leaves most learners without a row here, or many moved.
   */
  private async pageIdsByLearnerWalk(filter: ReportingFilter, sort: 'learner' | 'email', order: 'asc' | 'desc', take: number, skip: number): Promise<number[] | null> {
    const column = sort === 'learner' ? 'u.name' : 'u.email';
    // The first round reads as many learners as the page has rows (each has one at least, mostly); later rounds 4× more.
    let batch = Math.min(PAGE_READING.learnerBatch, skip + take);
    // The moved learners (usually none) are looked for while the first round of own learners is read (side by side on MySQL's pool).
    const [movedRows, ownFirst] = await Promise.all([
      this.rows<{ user_id: number }>(this.movedLearners(filter.companyIds).limit(MAX_LISTED_IDS + 1)),
      this.learnersAfter(filter, column, order, batch, null, []),
    ]);
    if (movedRows.length > MAX_LISTED_IDS) return null;
    const moved = movedRows.map((r) => Number(r.user_id));
    let candidates = moved.length ? await this.learnersAfter(filter, column, order, batch, null, moved) : ownFirst;
    const learners: { user_id: number; n: number; upto: number }[] = [];
    let upto = 0;
    for (let round = 1; ; round++) {
      for (const c of candidates) {
        const n = Number(c.n);
        if (n === 0) continue;
        upto += n;
        if (upto > skip) learners.push({ user_id: Number(c.id), n, upto });
        if (upto >= skip + take) return this.rowsOfLearners(filter, null, learners, order, take, skip);
      }
      if (candidates.length < batch) return this.rowsOfLearners(filter, null, learners, order, take, skip);
      if (round >= PAGE_READING.learnerWalkRounds) return null;
      const last = candidates[candidates.length - 1]!;
      batch = Math.min(PAGE_READING.learnerBatch, batch * 4);
      candidates = await this.learnersAfter(filter, column, order, batch, { k: last.k, id: Number(last.id) }, moved);
    }
  }

  /**
   * The next `batch` learners after `after` in `(column, id)` order, each with their count of rows
   * under the filter: each company's own learners from its users index and the moved ones by id,
   * merged; a learner's rows counted by a probe of `(company_id, user_id)` for these few only.
   */
  private async learnersAfter(filter: ReportingFilter, column: string, order: 'asc' | 'desc', batch: number, after: { k: string | null; id: number } | null, moved: number[]) {
    const knex = this.knex;
    const sources = [...filter.companyIds.map((companyId) => this.ownLearners([companyId])), ...(moved.length ? [knex('users as u').whereIn('u.id', moved)] : [])];
    const branches = sources.map((users, i) => {
      const walk = (after ? users.where(this.learnerFollowing(column, order, after)) : users).select('u.id', `${column} as k`).orderBy(column, order).orderBy('u.id', order).limit(batch);
      return knex.select(`b${i}.id`, `b${i}.k`).from(walk.as(`b${i}`));
    });
    const next = knex.select('w.id', 'w.k').from(knex.unionAll(branches).as('w')).orderBy('w.k', order).orderBy('w.id', order).limit(batch);
    const probe = this.filtered(filter, null).count({ n: '*' }).whereRaw('e.user_id = c.id');
    return this.rows<{ id: number; k: string | null; n: number | string }>(knex.select('c.id', 'c.k', knex.raw('(?) as n', [probe])).from(next.as('c')).orderBy('c.k', order).orderBy('c.id', order));
  }

  /** Learners after `after` in `(column, id)` order, where the column may be null (nulls first ascending, last descending, as ORDER BY puts them). */
  private learnerFollowing(column: string, order: 'asc' | 'desc', after: { k: string | null; id: number }) {
    return (w: Knex.QueryBuilder) => {
      if (order === 'asc') {
        if (after.k === null) w.where((tie) => tie.whereNull(column).where('u.id', '>', after.id)).orWhereNotNull(column);
        else w.where(column, '>', after.k).orWhere((tie) => tie.where(column, after.k!).where('u.id', '>', after.id));
      } else if (after.k === null) w.whereNull(column).where('u.id', '<', after.id);
      else w.where(column, '<', after.k).orWhere((tie) => tie.where(column, after.k!).where('u.id', '<', after.id)).orWhereNull(column);
    };
  }

  /** `(user_id, n)`: how many of the filter's enrolments each learner has, counted per company along its `(company_id, user_id)` index. */
  private countsPerLearner(filter: ReportingFilter, match: SearchMatch | null): Knex.QueryBuilder {
    const perCompany = filter.companyIds.map((companyId) => this.filtered(filter, match, [companyId]).select('e.user_id').count({ n: '*' }).groupBy('e.user_id'));
    return this.knex
      .select('c.user_id')
      .sum({ n: 'c.n' })
      .from((perCompany.length === 1 ? perCompany[0]! : this.knex.unionAll(perCompany)).as('c'))
      .groupBy('c.user_id');
  }

  /**
   * A page sorted by a learner's column, learner by learner: the filter's enrolments counted per
   * learner (each company's rows grouped along its `(company_id, user_id)` index), the learners
   * sorted by the column and their id with a running total of rows (a window), so only the
   * learners whose rows fall on the page are read back, and their rows by id. Sorting the
   * company's thousands of learners, not its 100,000 enrolments joined to them; the order is
   * (column, learner, enrolment), each in `dir`. For a page in the middle, or a search.
   */
  private async pageIdsByLearner(filter: ReportingFilter, match: SearchMatch | null, column: string, dir: 'asc' | 'desc', take: number, skip: number): Promise<number[]> {
    const knex = this.knex;
    const counts = this.countsPerLearner(filter, match);
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
    return this.rowsOfLearners(
      filter,
      match,
      learners.map((l) => ({ user_id: Number(l.user_id), n: Number(l.n), upto: Number(l.upto) })),
      dir,
      take,
      skip,
    );
  }

  /**
   * The same page as `pageIdsByLearner` on MySQL without a search, without its join to users and
   * running total in SQL (40 ms of its 65 at 20,000 learners): the count per learner and the
   * learners in the sort's order (the users index) are read side by side, and the running total
   * summed here. Learners who moved away since are ordered by the database with the rest (a
   * second read with their ids), so the order stays the database's collation. Null when too many
   * moved to list (the exact way then).
   */
  private async pageIdsByLearnerSummed(filter: ReportingFilter, column: string, dir: 'asc' | 'desc', take: number, skip: number): Promise<number[] | null> {
    const knex = this.knex;
    const counts = this.countsPerLearner(filter, null);
    const inOrder = (moved: number[]) =>
      this.rows<{ id: number }>(
        knex('users as u')
          .select('u.id')
          .where((w) => {
            w.whereIn('u.company_id', filter.companyIds);
            if (moved.length) w.orWhereIn('u.id', moved);
          })
          .orderBy(column, dir)
          .orderBy('u.id', dir),
      );
    const [counted, own] = await Promise.all([this.rows<{ user_id: number; n: number | string }>(counts), inOrder([])]);
    const rowsOf = new Map(counted.map((r) => [Number(r.user_id), Number(r.n)]));
    let order = own.map((r) => Number(r.id));
    const ownIds = new Set(order);
    const moved = [...rowsOf.keys()].filter((id) => !ownIds.has(id));
    if (moved.length > MAX_LISTED_IDS) return null;
    if (moved.length) order = (await inOrder(moved)).map((r) => Number(r.id));
    const learners: { user_id: number; n: number; upto: number }[] = [];
    let upto = 0;
    for (const userId of order) {
      const n = rowsOf.get(userId);
      if (!n) continue;
      if (upto >= skip + take) break;
      upto += n;
      if (upto > skip) learners.push({ user_id: userId, n, upto });
    }
    return this.rowsOfLearners(filter, null, learners, dir, take, skip);
  }

  /** The page's rows of these learners (in the page's order, each with `upto` rows up to and including theirs): their rows by id. */
  private async rowsOfLearners(filter: ReportingFilter, match: SearchMatch | null, learners: { user_id: number; n: number; upto: number }[], dir: 'asc' | 'desc', take: number, skip: number): Promise<number[]> {
    if (learners.length === 0) return [];
    const rows = await this.rows<{ id: number; user_id: number }>(
      this.filtered(filter, match)
        .whereIn(
          'e.user_id',
          learners.map((l) => l.user_id),
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
    const ordered = learners.flatMap((l) => byLearner.get(l.user_id) ?? []);
    const first = learners[0]!;
    const start = skip - (first.upto - first.n);
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
