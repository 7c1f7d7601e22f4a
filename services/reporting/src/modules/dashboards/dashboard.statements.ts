import type { Em } from '@portal/service-kit';

/**
 * The dashboards' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).
 * Reporting is the read model (DESIGN.md "Data"): it reads every service's tables, never writes.
 * Aggregates run in the database so a company with thousands of enrolments costs one query.
 */
export class DashboardRepository {
  constructor(private readonly em: Em) {}

  private get knex() {
    return this.em.getKnex();
  }

  /** The company and its depots: a company dashboard counts both. */
  async companyWithDepots(companyId: number): Promise<{ name: string | null; ids: number[] }> {
    const rows: { id: number; name: string; parent_id: number | null }[] = await this.em.execute(
      this.knex('companies').select('id', 'name', 'parent_id').where('id', companyId).orWhere('parent_id', companyId),
    );
    const self = rows.find((r) => Number(r.id) === companyId);
    return { name: self?.name ?? null, ids: rows.map((r) => Number(r.id)) };
  }

  async statusCounts(companyIds: number[]): Promise<Record<string, number>> {
    const rows: { status: string; total: number | string }[] = await this.em.execute(
      this.knex('enrollments').select('status').count({ total: '*' }).whereIn('company_id', companyIds).groupBy('status'),
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.total)]));
  }

  async distinctLearners(companyIds: number[]): Promise<number> {
    const rows: { total: number | string }[] = await this.em.execute(
      this.knex('enrollments').countDistinct({ total: 'user_id' }).whereIn('company_id', companyIds),
    );
    return Number(rows[0]?.total ?? 0);
  }

  async creditBalance(companyId: number): Promise<number> {
    const rows: { balance: number | string }[] = await this.em.execute(
      this.knex('credit_accounts').select('balance').where('company_id', companyId),
    );
    return Number(rows[0]?.balance ?? 0);
  }

  async courseProgress(companyIds: number[]): Promise<{ id: number; name: string; total: number; passed: number }[]> {
    const knex = this.knex;
    const rows: { id: number; name: string; total: number | string; passed: number | string }[] = await this.em.execute(
      knex('enrollments as e')
        .join('courses as c', 'c.id', 'e.course_id')
        .select('c.id', 'c.name')
        .count({ total: '*' })
        .select(knex.raw("SUM(CASE WHEN e.status = 'passed' THEN 1 ELSE 0 END) as passed"))
        .whereIn('e.company_id', companyIds)
        .groupBy('c.id', 'c.name')
        .orderBy('c.name'),
    );
    return rows.map((r) => ({ id: Number(r.id), name: r.name, total: Number(r.total), passed: Number(r.passed ?? 0) }));
  }

  async countUsersWithRoles(roles: readonly string[]): Promise<number> {
    const rows: { total: number | string }[] = await this.em.execute(
      this.knex('users')
        .count({ total: '*' })
        .whereIn('role', [...roles]),
    );
    return Number(rows[0]?.total ?? 0);
  }

  async count(table: string, where?: Record<string, unknown>, whereNullColumn?: string): Promise<number> {
    let query = this.knex(table).count({ total: '*' });
    if (where) query = query.where(where);
    if (whereNullColumn) query = query.whereNull(whereNullColumn);
    const rows: { total: number | string }[] = await this.em.execute(query);
    return Number(rows[0]?.total ?? 0);
  }
}
