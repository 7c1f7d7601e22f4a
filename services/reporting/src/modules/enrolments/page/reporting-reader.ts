import { isMysql, readRows, type Em, type Knex } from '@portal/service-kit';
import type { PageScope } from './page-request';

/** The enrolments of these companies, the start of every statement on them. */
export function enrolmentsOf(knex: Knex, companyIds: number[]): Knex.QueryBuilder {
  return companyIds.length === 1
    ? knex('enrollments as e').where('e.company_id', companyIds[0] ?? 0)
    : knex('enrollments as e').whereIn('e.company_id', companyIds);
}

/** The statements every way of reading a page builds on: the filter, the learners in scope, the driver. */
export class ReportingReader {
  constructor(readonly em: Em) {}

  get knex(): Knex {
    return this.em.getKnex();
  }

  /** A select's rows, straight on the driver (kit readRows: past knex's runner and pool queue). */
  rows<Row>(query: Knex.QueryBuilder): Promise<Row[]> {
    return readRows<Row>(this.em, query);
  }

  get mysql(): boolean {
    return isMysql(this.em);
  }

  /** A date as the database compares it (SQLite keeps epoch milliseconds, MySQL a DATETIME). */
  private dateValue(date: Date): unknown {
    return this.em.getPlatform().processDateProperty(date);
  }

  /** The companies' own learners (`users.company_id`), read from the index `(company_id, name, id, email, login_code)`. */
  ownLearners(companyIds: number[]): Knex.QueryBuilder {
    const users = this.knex('users as u');
    return companyIds.length === 1 ? users.where('u.company_id', companyIds[0] ?? 0) : users.whereIn('u.company_id', companyIds);
  }

  /** The distinct learners of these companies' enrolments: each company's a walk of its `(company_id, user_id)` index (an IN list would dedupe 100,000 rows in a temporary table). */
  enrolmentLearners(companyIds: number[]): Knex.QueryBuilder {
    const perCompany = companyIds.map((companyId) => this.knex('enrollments as e').distinct('e.user_id').where('e.company_id', companyId));
    return this.knex.select('d.user_id').from(oneOrUnion(this.knex, perCompany).as('d'));
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
    return learners.whereNotExists(
      this.knex('users as o').select(this.knex.raw('1')).whereRaw('o.id = d.user_id').whereIn('o.company_id', companyIds),
    );
  }

  /** The scope's enrolments (of `companyIds` when given), selecting nothing yet (no join: a search comes as ids). */
  filtered({ filter, match, ...scope }: PageScope, companyIds = scope.companyIds): Knex.QueryBuilder {
    let query = enrolmentsOf(this.knex, companyIds);
    if (filter.status) query = query.where('e.status', filter.status);
    if (filter.user) query = query.where('e.user_id', filter.user);
    if (filter.courses.length) query = query.whereIn('e.course_id', filter.courses);
    if (filter.start_date)
      query = query.where('e.created_at', '>=', this.dateValue(new Date(`${filter.start_date}T00:00:00Z`)) as Knex.Value);
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
}

/** One query as it is, several as a UNION ALL (a union of one is not valid SQL on every database). */
export function oneOrUnion(knex: Knex, queries: Knex.QueryBuilder[]): Knex.QueryBuilder {
  const [only] = queries;
  return only && queries.length === 1 ? only : knex.unionAll(queries);
}
