import type { ReportingEnrolmentsQuery, ReportingSort } from '@portal/contracts';
import { whereContains, type Em, type Knex } from '@portal/service-kit';

/**
 * The /reporting read model (DESIGN.md "Data": reporting reads every table, never writes).
 *
 * One page costs three statements, whatever the company's size: a count, the page's ids, and the
 * page's rows by id. The first two touch `enrollments` alone (joining users, courses or companies
 * only when the search or the sort needs them), so with the indexes of the enrolment migration
 * 202612010100 they walk `(company_id, <filter or sort column>, id)` and stop at the page; the
 * joins for names happen for the page's rows only (a "deferred join").
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

type Join = 'users' | 'courses' | 'companies';
const SORT_COLUMNS: Record<ReportingSort, { column: string; join?: Join }> = {
  learner: { column: 'u.name', join: 'users' },
  email: { column: 'u.email', join: 'users' },
  depot: { column: 'co.name', join: 'companies' },
  course: { column: 'c.name', join: 'courses' },
  status: { column: 'e.status' },
  enrolled: { column: 'e.created_at' },
  last_activity: { column: 'e.updated_at' },
  passed: { column: 'e.passed_at' },
  expiry: { column: 'e.expires_at' },
};
/** What a search looks in: the learner's name, email and login code, and the course's name. */
const SEARCH_COLUMNS = ['u.name', 'u.email', 'u.login_code', 'c.name'] as const;

export type ReportingFilter = Pick<ReportingEnrolmentsQuery, 'search' | 'status' | 'user' | 'courses' | 'start_date' | 'end_date'> & {
  /** The companies to read: the acting company and its depots, or the one depot asked for. */
  companyIds: number[];
};

export class ReportingEnrolmentsRepository {
  constructor(private readonly em: Em) {}

  get knex(): Knex {
    return this.em.getKnex();
  }

  /** A date as the database compares it (SQLite keeps epoch milliseconds, MySQL a DATETIME). */
  private dateValue(date: Date): unknown {
    return this.em.getPlatform().processDateProperty(date);
  }

  /** The acting company and its depots, in that order (depots by name). */
  async companyWithDepots(companyId: number): Promise<{ id: number; name: string; parent_id: number | null }[]> {
    const rows: { id: number; name: string; parent_id: number | null }[] = await this.knex('companies')
      .select('id', 'name', 'parent_id')
      .where('id', companyId)
      .orWhere('parent_id', companyId)
      .orderBy('name');
    const self = rows.filter((r) => Number(r.id) === companyId);
    return [...self, ...rows.filter((r) => Number(r.id) !== companyId)].map((r) => ({ id: Number(r.id), name: r.name, parent_id: r.parent_id === null ? null : Number(r.parent_id) }));
  }

  /** The filtered enrolments, joined to what the search and the sort need, selecting nothing yet. */
  filtered(filter: ReportingFilter, sort?: ReportingSort): Knex.QueryBuilder {
    const joins = new Set<Join>();
    if (filter.search !== null) joins.add('users').add('courses');
    if (sort && SORT_COLUMNS[sort].join) joins.add(SORT_COLUMNS[sort].join);

    let query = this.knex('enrollments as e').whereIn('e.company_id', filter.companyIds);
    if (joins.has('users')) query = query.join('users as u', 'u.id', 'e.user_id');
    if (joins.has('courses')) query = query.join('courses as c', 'c.id', 'e.course_id');
    if (joins.has('companies')) query = query.join('companies as co', 'co.id', 'e.company_id');
    if (filter.status) query = query.where('e.status', filter.status);
    if (filter.user) query = query.where('e.user_id', filter.user);
    if (filter.courses.length) query = query.whereIn('e.course_id', filter.courses);
    if (filter.start_date) query = query.where('e.created_at', '>=', this.dateValue(new Date(`${filter.start_date}T00:00:00Z`)) as Knex.Value);
    if (filter.end_date) {
      const dayAfter = new Date(`${filter.end_date}T00:00:00Z`);
      dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
      query = query.where('e.created_at', '<', this.dateValue(dayAfter) as Knex.Value);
    }
    return whereContains(query, SEARCH_COLUMNS, filter.search);
  }

  async count(filter: ReportingFilter): Promise<number> {
    const [row] = (await this.filtered(filter).count({ n: '*' })) as { n: number | string }[];
    return Number(row?.n ?? 0);
  }

  /** The ids of one page, in the page's order (the id breaks ties, in the same direction). */
  async pageIds(filter: ReportingFilter, sort: ReportingSort, dir: 'asc' | 'desc', limit: number, offset: number): Promise<number[]> {
    const rows = (await this.filtered(filter, sort)
      .select('e.id')
      .orderBy(SORT_COLUMNS[sort].column, dir)
      .orderBy('e.id', dir)
      .limit(limit)
      .offset(offset)) as { id: number }[];
    return rows.map((r) => Number(r.id));
  }

  /** Every id the filters match (totalEnrollmentIDs), newest first. */
  async allIds(filter: ReportingFilter): Promise<number[]> {
    const rows = (await this.filtered(filter).select('e.id').orderBy('e.id', 'desc')) as { id: number }[];
    return rows.map((r) => Number(r.id));
  }

  /** The page's rows with the names they show, by id (in no particular order). */
  async rowsByIds(ids: number[]): Promise<ReportingRowRecord[]> {
    if (ids.length === 0) return [];
    return (await this.knex('enrollments as e')
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
      )) as ReportingRowRecord[];
  }

  /** The courses these companies have enrolments on (the tiles), by name. */
  async coursesOf(companyIds: number[]): Promise<{ id: number; name: string }[]> {
    const rows = (await this.knex('courses as c')
      .select('c.id', 'c.name')
      .whereIn('c.id', this.knex('enrollments').distinct('course_id').whereIn('company_id', companyIds))
      .orderBy('c.name')
      .orderBy('c.id')) as { id: number; name: string }[];
    return rows.map((r) => ({ id: Number(r.id), name: r.name }));
  }

  /** Whether these companies have any enrolment at all, and how many (for the empty state). */
  async companyTotal(companyIds: number[]): Promise<number> {
    const [row] = (await this.knex('enrollments').whereIn('company_id', companyIds).count({ n: '*' })) as { n: number | string }[];
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
