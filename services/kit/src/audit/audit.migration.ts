import type { Knex } from '@mikro-orm/knex';
import { SchemaMigration } from '../db/schema-migration';
import type { ServiceSchema } from '../db/orm';
import { AuditEntry } from './audit.entity';

/** The audit log: one row per recorded action, read newest first and filtered by actor, company and action. */
export class CreateAuditLog extends SchemaMigration {
  protected build(schema: Knex.SchemaBuilder) {
    return schema.createTable('audit_log', (t) => {
      t.increments('id').primary();
      t.integer('actor_id').nullable();
      t.string('actor_name', 191).notNullable();
      t.string('actor_role', 32).nullable();
      t.string('action', 64).notNullable();
      t.integer('company_id').nullable();
      t.string('subject_type', 64).nullable();
      t.integer('subject_id').nullable();
      t.text('details').nullable();
      t.datetime('created_at').notNullable();
      t.index(['company_id', 'created_at']);
      t.index(['actor_id', 'created_at']);
      t.index(['action', 'created_at']);
    });
  }
}

export const auditSchema: ServiceSchema = {
  entities: [AuditEntry],
  migrations: [{ name: '202611250001_kit_audit_log', class: CreateAuditLog }],
};
