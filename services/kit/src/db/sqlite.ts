import type { Configuration } from '@mikro-orm/core';
import { AbstractSqlDriver, LibSqlKnexDialect } from '@mikro-orm/knex';
import { LibSqlConnection, LibSqlPlatform } from '@mikro-orm/libsql';

/**
 * The SQLite driver: MikroORM's libsql driver with three changes to its knex dialect, for the
 * request path (docs/benchmarks.md "Request path"):
 *
 * - Statements are prepared once per connection and kept (the most recently used
 *   STATEMENT_CACHE_SIZE): the dialect prepared every statement again on every query, a third of
 *   the database time of a short read. A statement with its values bound (knex's builders) is one
 *   statement for every caller; SQL with values written in (MikroORM's own queries) is reused
 *   only by the same values, and ages out of the cache.
 * - The connection is kept: the dialect took every local connection older than 10 seconds for a
 *   dead one (a rule for remote libsql servers), so every 10 s it closed the file, opened it again
 *   and lost its cache.
 * - Each new connection gets the portal's pragmas (CONNECTION_PRAGMAS).
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * WAL: readers do not wait for a writer (the worker process beside the server) and a commit is
 * one append; synchronous=NORMAL is WAL's usual setting (a commit survives a crash of the process,
 * though not always a power cut in its last moment); foreign keys checked, as the migrations expect.
 */
export const CONNECTION_PRAGMAS = ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON'];

interface Statement {
  all(bindings: unknown[]): unknown;
  run(bindings: unknown[]): unknown;
  get(bindings: unknown[]): unknown;
}
export interface RawConnection {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  memory?: boolean;
  open?: boolean;
}
interface QueryObject {
  sql?: string;
  bindings?: unknown[];
  response?: unknown;
  context?: { lastID: unknown; changes: unknown };
}
/** The parts of knex's dialect this class uses, which its typings leave out or make private. */
interface DialectInternals {
  getCallMethod(obj: QueryObject): 'all' | 'run' | 'get';
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}

const statements = new WeakMap<RawConnection, Map<string, Statement>>();

/** The connection's statement for this SQL, prepared on first use; the least recently used goes past the limit. */
export function preparedStatement(connection: RawConnection, sql: string): Statement {
  let cache = statements.get(connection);
  if (!cache) statements.set(connection, (cache = new Map()));
  let statement = cache.get(sql);
  if (statement) {
    cache.delete(sql);
  } else {
    statement = connection.prepare(sql);
    const leastRecent = cache.size >= STATEMENT_CACHE_SIZE ? cache.keys().next() : undefined;
    if (leastRecent && !leastRecent.done) cache.delete(leastRecent.value);
  }
  cache.set(sql, statement);
  return statement;
}

class PortalLibSqlDialect extends LibSqlKnexDialect {
  override async _query(connection: RawConnection, obj: QueryObject) {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const internals = this as unknown as DialectInternals;
    const statement = preparedStatement(connection, obj.sql);
    const response = (await statement[internals.getCallMethod(obj)](internals._formatBindings(obj.bindings))) as {
      lastInsertRowid?: unknown;
      changes?: unknown;
    };
    obj.response = response;
    obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
    return obj;
  }

  override async acquireRawConnection() {
    const connection = (await super.acquireRawConnection()) as RawConnection;
    for (const pragma of CONNECTION_PRAGMAS) connection.exec(`pragma ${pragma}`);
    return connection;
  }

  /** A local file's connection stays good while it is open. */
  override validateConnection(connection: RawConnection) {
    return connection.open !== false;
  }
}

class PortalLibSqlConnection extends LibSqlConnection {
  override createKnex() {
    this.client = this.createKnexClient(PortalLibSqlDialect as unknown as string);
    this.connected = true;
  }
}

export class PortalLibSqlDriver extends AbstractSqlDriver<PortalLibSqlConnection> {
  constructor(config: Configuration) {
    super(config, new LibSqlPlatform(), PortalLibSqlConnection, ['knex', 'libsql']);
  }
}
