import { SchemaMigration, timestamps, type Knex } from '@portal/service-kit';

/**
 * Certificates (issue 11): one row per certificate ever issued. The code has 80 random bits
 * (stored without dashes, printed grouped); a renewal's newer certificate supersedes the older
 * ones of the same learner and course; a withdrawn pass or a deleted enrolment revokes one.
 * Rows are kept when their enrolment goes (no foreign key), so every code stays verifiable.
 * Existing passed enrolments get a row carrying their old `CERT-…` code.
 */
export class EnrolmentCertificates extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.createTable('certificates', (t) => {
      t.increments('id').primary();
      t.string('code', 64).notNullable().unique();
      t.integer('enrollment_id').notNullable();
      t.integer('user_id').notNullable();
      t.integer('course_id').notNullable();
      t.integer('company_id').notNullable();
      t.datetime('issued_at').notNullable();
      t.datetime('expires_at').nullable();
      t.datetime('revoked_at').nullable();
      t.string('revoked_reason', 255).nullable();
      t.integer('revoked_by_id').nullable();
      t.string('revoked_by', 191).nullable();
      t.integer('superseded_by').nullable();
      t.datetime('superseded_at').nullable();
      timestamps(t);
      t.index(['enrollment_id'], 'certificates_enrollment_index');
      t.index(['user_id', 'course_id'], 'certificates_user_course_index');
    });
  }

  override async up(): Promise<void> {
    await super.up();
    this.addSql(
      `INSERT INTO certificates (code, enrollment_id, user_id, course_id, company_id, issued_at, expires_at, created_at, updated_at)
       SELECT certificate_code, id, user_id, course_id, company_id, COALESCE(passed_at, created_at), expires_at, created_at, updated_at
       FROM enrollments WHERE status = 'passed' AND certificate_code IS NOT NULL`,
    );
  }
}
