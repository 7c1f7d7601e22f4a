import { MikroORM, type Constructor, type EntitySchema, type Options } from '@mikro-orm/core';
import type { EntityManager, AbstractSqlDriver, Knex } from '@mikro-orm/knex';
import { MySqlDriver } from '@mikro-orm/mysql';
import { Migrator, type Migration } from '@mikro-orm/migrations';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PortalLibSqlDriver } from './sqlite';

export type Orm = MikroORM<AbstractSqlDriver>;
export type Em = EntityManager;
export type { Knex };

export interface MigrationEntry {
  /** Globally ordered: `<yyyymmddhhmm>_<service>_<what>`. */
  name: string;
  class: Constructor<Migration>;
}

/** What a service contributes to the database: its entities and its migrations. */
export interface ServiceSchema {
  /** Any entity's schema, as MikroORM's own `entities` option takes them. */
  entities: EntitySchema[];
  migrations: MigrationEntry[];
}

export interface DatabaseOptions {
  /** mysql://… or absent for SQLite. */
  databaseUrl?: string;
  /** SQLite file (default `<dataDir>/portal.sqlite`), or ':memory:'. */
  sqliteFile?: string;
  dataDir: string;
  schemas: ServiceSchema[];
  debug?: boolean;
}

export function isMysqlUrl(url: string | undefined): url is string {
  return !!url && /^mysql:\/\//.test(url);
}

export async function createOrm(options: DatabaseOptions): Promise<Orm> {
  const entities = options.schemas.flatMap((s) => s.entities);
  const migrationsList = options.schemas.flatMap((s) => s.migrations).sort((a, b) => a.name.localeCompare(b.name));
  const mysql = isMysqlUrl(options.databaseUrl);
  const common: Partial<Options> = {
    entities,
    extensions: [Migrator],
    // MySQL commits DDL implicitly, so a transaction around a migration there only pretends.
    migrations: {
      migrationsList,
      tableName: 'schema_migrations',
      transactional: !mysql,
      allOrNothing: !mysql,
      snapshot: false,
      silent: true,
    },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
    discovery: { warnWhenNoEntities: false },
  };
  if (mysql) {
    return (await MikroORM.init({
      ...common,
      driver: MySqlDriver,
      clientUrl: options.databaseUrl,
      pool: { min: 0, max: 10 },
    })) as unknown as Orm;
  }
  const file = options.sqliteFile ?? join(options.dataDir, 'portal.sqlite');
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  // A writer waits up to 5 s for another process's lock (a worker process beside the server)
  // instead of failing at once with SQLITE_BUSY. The driver is libsql's with statements kept (sqlite.ts).
  return (await MikroORM.init({
    ...common,
    driver: PortalLibSqlDriver,
    dbName: file,
    driverOptions: { connection: { timeout: 5000 } },
  })) as unknown as Orm;
}

/** Applies every pending migration of every service, in name order. */
export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.getMigrator().up();
  return applied.map((m) => m.name);
}

export function isMysql(em: Em): boolean {
  return (
    em.getPlatform().constructor.name.toLowerCase().includes('mysql') || em.getPlatform().constructor.name.toLowerCase().includes('maria')
  );
}
