import { Migration } from '@mikro-orm/migrations';
import type { Knex } from '@mikro-orm/knex';

/**
 * A migration written once with knex's schema builder, so the same file yields the right DDL on
 * SQLite and on MySQL/MariaDB (DESIGN.md: "The same migrations run on both").
 */
export abstract class SchemaMigration extends Migration {
  protected abstract build(schema: Knex.SchemaBuilder, knex: Knex): Knex.SchemaBuilder;

  // A promise, as subclasses `await super.up()` before adding their own statements.
  override up(): Promise<void> {
    const knex = this.getKnex();
    for (const statement of this.build(knex.schema, knex).toSQL()) {
      this.addSql(statement.bindings?.length ? knex.raw(statement.sql, statement.bindings as Knex.RawBinding[]).toQuery() : statement.sql);
    }
    return Promise.resolve();
  }
}

/** Columns every table carries. */
export function timestamps(table: Knex.CreateTableBuilder): void {
  table.datetime('created_at').notNullable();
  table.datetime('updated_at').notNullable();
}
