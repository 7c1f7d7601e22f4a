import type { Knex } from '@mikro-orm/knex';
import type { Role } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { dbTime } from './db-time';
import type { ReportRange } from './report-range';

export interface ReportFilters {
  range: ReportRange;
  companyId?: number | undefined;
  courseId?: number | undefined;
  role?: Role | undefined;
}

type Num = number | string | null;
const n = (value: Num | undefined) => Number(value ?? 0);

/**
 * Every query of the System Reports, as raw statements (the only file of this feature that builds
 * SQL: eslint.config.mjs). Reporting is the read model: it reads the other services'
 * tables and never writes. A company filter covers the company and its depots.
 */
export class ReportRepository {
  constructor(private readonly em: Em) {}

  private get knex() {
    return this.em.getKnex();
  }

  private run<T>(query: Knex.QueryBuilder): Promise<T[]> {
    return this.em.execute(query) as Promise<T[]>;
  }

  private inRange(query: Knex.QueryBuilder, column: string, range: ReportRange) {
    return query.where(column, '>=', dbTime(this.em, range.from)).andWhere(column, '<', dbTime(this.em, range.before));
  }

  /** The company and its depots, or null for every company. */
  async companyIds(companyId: number | undefined): Promise<number[] | null> {
    if (companyId === undefined) return null;
    const rows = await this.run<{ id: number }>(this.knex('companies').select('id').where('id', companyId).orWhere('parent_id', companyId));
    return rows.length ? rows.map((r) => Number(r.id)) : [companyId];
  }

  private async filterEnrolments(query: Knex.QueryBuilder, f: ReportFilters, alias = 'e') {
    const ids = await this.companyIds(f.companyId);
    if (ids) query.whereIn(`${alias}.company_id`, ids);
    if (f.courseId !== undefined) query.andWhere(`${alias}.course_id`, f.courseId);
    return query;
  }

  /** Certificates (passed enrolments) issued in the range. */
  async certificates(f: ReportFilters) {
    const q = this.knex('enrollments as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('companies as co', 'co.id', 'e.company_id')
      .leftJoin('courses as c', 'c.id', 'e.course_id')
      .select(
        'e.id',
        'e.certificate_code',
        'u.name as learner',
        'u.email',
        'co.name as company',
        'c.name as course',
        'e.passed_at',
        'e.expires_at',
      )
      .where('e.status', 'passed')
      .whereNotNull('e.passed_at')
      .orderBy('e.passed_at')
      .orderBy('e.id');
    this.inRange(q, 'e.passed_at', f.range);
    await this.filterEnrolments(q, f);
    return this.run<{
      id: number;
      certificate_code: string | null;
      learner: string | null;
      email: string | null;
      company: string | null;
      course: string | null;
      passed_at: unknown;
      expires_at: unknown;
    }>(q);
  }

  /** Enrolments made in the range. */
  async enrolments(f: ReportFilters) {
    const q = this.knex('enrollments as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .leftJoin('companies as co', 'co.id', 'e.company_id')
      .leftJoin('courses as c', 'c.id', 'e.course_id')
      .select('e.id', 'u.name as learner', 'u.email', 'co.name as company', 'c.name as course', 'e.status', 'e.created_at', 'e.passed_at')
      .orderBy('e.created_at')
      .orderBy('e.id');
    this.inRange(q, 'e.created_at', f.range);
    await this.filterEnrolments(q, f);
    return this.run<{
      id: number;
      learner: string | null;
      email: string | null;
      company: string | null;
      course: string | null;
      status: string;
      created_at: unknown;
      passed_at: unknown;
    }>(q);
  }

  /** Enrolments made in the range, counted by status per company or per course. */
  async enrolmentCounts(f: ReportFilters, by: 'company' | 'course') {
    const knex = this.knex;
    const [table, alias, key] = by === 'company' ? ['companies', 'co', 'e.company_id'] : ['courses', 'c', 'e.course_id'];
    const status = (name: string) => knex.raw(`SUM(CASE WHEN e.status = '${name}' THEN 1 ELSE 0 END) as ${name}`);
    const q = knex('enrollments as e')
      .leftJoin(`${table} as ${alias}`, `${alias}.id`, key)
      .select(`${key} as id`, `${alias}.name as name`)
      .count({ total: '*' })
      .select(status('not_started'), status('in_progress'), status('passed'), status('failed'))
      .groupBy(key, `${alias}.name`)
      .orderBy(`${alias}.name`)
      .orderBy(key);
    if (by === 'company') q.select(knex.raw('MAX(co.parent_id) as parent_id'));
    this.inRange(q, 'e.created_at', f.range);
    await this.filterEnrolments(q, f);
    const rows = await this.run<{
      id: number;
      name: string | null;
      parent_id?: number | null;
      total: Num;
      not_started: Num;
      in_progress: Num;
      passed: Num;
      failed: Num;
    }>(q);
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name ?? `#${r.id}`,
      parentId: r.parent_id ? Number(r.parent_id) : null,
      total: n(r.total),
      notStarted: n(r.not_started),
      inProgress: n(r.in_progress),
      passed: n(r.passed),
      failed: n(r.failed),
    }));
  }

  async namesOf(table: 'companies' | 'courses', ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.run<{ id: number; name: string }>(this.knex(table).select('id', 'name').whereIn('id', ids));
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  /** Ledger movements in the range, summed per company and kind. */
  async creditMovements(f: ReportFilters) {
    const q = this.knex('credit_transactions as t')
      .select('t.company_id', 't.kind')
      .sum({ total: 't.delta' })
      .count({ rows: '*' })
      .groupBy('t.company_id', 't.kind');
    this.inRange(q, 't.created_at', f.range);
    const ids = await this.companyIds(f.companyId);
    if (ids) q.whereIn('t.company_id', ids);
    if (f.courseId !== undefined) q.whereIn('t.enrollment_id', this.knex('enrollments').select('id').where('course_id', f.courseId));
    const rows = await this.run<{ company_id: number; kind: string; total: Num; rows: Num }>(q);
    return rows.map((r) => ({ companyId: Number(r.company_id), kind: r.kind, total: n(r.total), rows: n(r.rows) }));
  }

  async balances(companyIds: number[]): Promise<Map<number, number>> {
    if (!companyIds.length) return new Map();
    const rows = await this.run<{ company_id: number; balance: Num }>(
      this.knex('credit_accounts').select('company_id', 'balance').whereIn('company_id', companyIds),
    );
    return new Map(rows.map((r) => [Number(r.company_id), n(r.balance)]));
  }

  /** Per course: enrolments made, learners, started and passed in the range, average passing score. */
  async courseUsage(f: ReportFilters) {
    const knex = this.knex;
    const from = dbTime(this.em, f.range.from);
    const before = dbTime(this.em, f.range.before);
    const between = (column: string) => knex.raw(`SUM(CASE WHEN ${column} >= ? AND ${column} < ? THEN 1 ELSE 0 END)`, [from, before]);
    const q = knex('enrollments as e')
      .leftJoin('courses as c', 'c.id', 'e.course_id')
      .select('e.course_id as id', 'c.name as name')
      .select({ enrolled: between('e.created_at'), started: between('e.started_at'), passed: between('e.passed_at') })
      .select(knex.raw('COUNT(DISTINCT CASE WHEN e.created_at >= ? AND e.created_at < ? THEN e.user_id END) as learners', [from, before]))
      .select(
        knex.raw('AVG(CASE WHEN e.passed_at >= ? AND e.passed_at < ? AND e.score IS NOT NULL THEN e.score END) as average_score', [
          from,
          before,
        ]),
      )
      .groupBy('e.course_id', 'c.name')
      .orderBy('c.name')
      .orderBy('e.course_id');
    await this.filterEnrolments(q, f);
    const rows = await this.run<{
      id: number;
      name: string | null;
      enrolled: Num;
      started: Num;
      passed: Num;
      learners: Num;
      average_score: Num;
    }>(q);
    return rows
      .map((r) => ({
        id: Number(r.id),
        name: r.name ?? `#${r.id}`,
        enrolled: n(r.enrolled),
        learners: n(r.learners),
        started: n(r.started),
        passed: n(r.passed),
        averageScore: r.average_score === null || r.average_score === undefined ? null : Math.round(Number(r.average_score)),
      }))
      .filter((r) => r.enrolled + r.started + r.passed > 0);
  }

  /** Companies (top-level or the filtered one and its depots) with their learner counts. */
  async companies(f: ReportFilters) {
    const ids = await this.companyIds(f.companyId);
    const q = this.knex('companies as co')
      .select('co.id', 'co.name', 'co.parent_id')
      .select(this.knex('users').count('*').whereRaw('users.company_id = co.id').andWhere('users.role', 'learner').as('learners'))
      .orderBy('co.name')
      .orderBy('co.id');
    if (ids) q.whereIn('co.id', ids);
    const rows = await this.run<{ id: number; name: string; parent_id: number | null; learners: Num }>(q);
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      parentId: r.parent_id ? Number(r.parent_id) : null,
      learners: n(r.learners),
    }));
  }

  /** Per user id: how many rows of `table` fall in the range (sign-ins, enrolments made, certificates). */
  async perUser(table: 'sign_ins' | 'enrollments', column: 'created_at' | 'passed_at', f: ReportFilters, userIds?: number[]) {
    const q = this.knex(table).select('user_id').count({ total: '*' }).groupBy('user_id');
    this.inRange(q, column, f.range);
    if (table === 'enrollments' && f.courseId !== undefined) q.andWhere('course_id', f.courseId);
    if (column === 'passed_at') q.andWhere('status', 'passed');
    if (userIds) q.whereIn('user_id', userIds);
    const rows = await this.run<{ user_id: number; total: Num }>(q);
    return new Map(rows.map((r) => [Number(r.user_id), n(r.total)]));
  }

  async lastSignIns(userIds: number[]): Promise<Map<number, unknown>> {
    if (!userIds.length) return new Map();
    const rows = await this.run<{ user_id: number; last: unknown }>(
      this.knex('sign_ins').select('user_id').max({ last: 'created_at' }).whereIn('user_id', userIds).groupBy('user_id'),
    );
    return new Map(rows.map((r) => [Number(r.user_id), r.last]));
  }

  async users(ids: number[], f: ReportFilters) {
    if (!ids.length) return [];
    const q = this.knex('users as u')
      .leftJoin('companies as co', 'co.id', 'u.company_id')
      .select('u.id', 'u.name', 'u.email', 'u.role', 'co.name as company')
      .whereIn('u.id', ids)
      .orderBy('u.name')
      .orderBy('u.id');
    if (f.role) q.andWhere('u.role', f.role);
    const companyIds = await this.companyIds(f.companyId);
    if (companyIds) q.whereIn('u.company_id', companyIds);
    return this.run<{ id: number; name: string; email: string | null; role: string; company: string | null }>(q);
  }
}
