import type { Knex } from '@mikro-orm/knex';
import type { Em } from './orm';
import { preparedStatement, type RawConnection } from './sqlite';

/**
 * Plain rows for a read on a hot path (docs/benchmarks.md "Request path"): a knex query run as it
 * is, on the entity manager's transaction when it is in one. No entities are built (MikroORM's
 * `find` costs ten to twenty times the query for a few rows: criteria, hydration, identity map),
 * and the values stay bound rather than written into the SQL as `em.execute` does, so SQLite
 * reuses the prepared statement for every caller (sqlite.ts). Column names and values come back
 * as the database answers: see `rowDate` and `rowBoolean`.
 *
 * Outside a transaction a select goes straight to the driver (`selectRows`), past knex's runner.
 * A read whose SQL keeps its shape is cheaper still as a `preparedRead` (prepared-read.ts).
 */
export function readRows<Row>(em: Em, query: Knex.QueryBuilder): Promise<Row[]> {
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) return query.transacting(transaction) as unknown as Promise<Row[]>;
  const compiled = query.toSQL();
  if (compiled.method !== 'select') return query as unknown as Promise<Row[]>;
  return selectRows<Row>(em.getKnex(), compiled.sql, compiled.bindings);
}

/**
 * The query with row locks until its transaction ends (`for update`) on MySQL/MariaDB; as it is on
 * SQLite, whose one writer needs none. The one place a statement asks which database it runs on.
 */
export function lockedForUpdate(knex: Knex, query: Knex.QueryBuilder): Knex.QueryBuilder {
  return (knex.client as unknown as ClientInternals).driverName === 'libsql' ? query : query.forUpdate();
}

/** knex's client, with the parts of it (and of tarn's pool) that `selectRows` uses. */
export interface ClientInternals {
  driverName: string;
  pool?: {
    used: unknown[];
    free: { resource: unknown }[];
    pendingAcquires: unknown[];
    pendingCreates: unknown[];
    pendingValidations: unknown[];
  } | null;
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  _formatBindings(bindings: readonly unknown[]): unknown[];
  emit(event: 'query', query: { sql: string; bindings: readonly unknown[]; method: 'select'; __knexUid?: unknown }): boolean;
}

interface MysqlConnection {
  query(options: { sql: string }, values: readonly unknown[], done: (error: Error | null, rows: unknown) => void): void;
  __knexUid?: unknown;
}

/**
 * A select's rows, its SQL compiled by knex, run on the driver without knex's runner: not for a
 * transaction's statements (the caller runs those on the transaction, as `readRows` does).
 *
 * SQLite: when the pool's one connection is idle (no transaction or other query holds it, nobody
 * waits for it) the statement runs on it at once, synchronously, from the connection's statement
 * cache: nothing can take the connection in between, and an open transaction always holds it, so
 * the read never sees another request's uncommitted rows. Otherwise it waits its turn in the pool.
 * MySQL: a connection from the pool, the statement as knex would send it.
 *
 * knex's `query` event is still emitted (the benches catch statements from it).
 */
export function selectRows<Row>(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  const client = knex.client as unknown as ClientInternals;
  if (client.driverName === 'libsql') {
    const pool = client.pool;
    const idle =
      pool && !pool.used.length && !pool.pendingAcquires.length && !pool.pendingCreates.length && !pool.pendingValidations.length
        ? (pool.free[0]?.resource as RawConnection | undefined)
        : undefined;
    if (idle && idle.open !== false) {
      try {
        return Promise.resolve(sqliteSelect<Row>(client, idle, sql, bindings));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return onPooledConnection(client, (connection) => sqliteSelect<Row>(client, connection as RawConnection, sql, bindings));
  }
  if (client.driverName === 'mysql2' || client.driverName === 'mysql') {
    return onPooledConnection(client, (connection) => mysqlSelect<Row>(client, connection as MysqlConnection, sql, bindings));
  }
  throw new Error(`selectRows does not know the driver ${client.driverName}`);
}

/** What a write statement did: rows changed (MySQL: affected) and the new row's id of an insert. */
export interface WriteResult {
  changes: number;
  insertId: number | null;
}

/**
 * A compiled statement run on a transaction's own connection, past knex's runner (a read, or a
 * write answering `WriteResult`). knex's `query` event is emitted as for any of its statements.
 */
export async function runOnTransaction(
  transaction: Knex.Transaction,
  method: string,
  sql: string,
  bindings: readonly unknown[],
): Promise<unknown> {
  const client = transaction.client as unknown as ClientInternals;
  const connection = await client.acquireConnection();
  return runStatement(client, connection, method, sql, bindings);
}

/** A compiled write outside any transaction: on a pooled connection, as one statement of its own. */
export function runWrite(knex: Knex, sql: string, bindings: readonly unknown[], method = 'insert'): Promise<WriteResult> {
  return onPooledConnection(
    knex.client as unknown as ClientInternals,
    (connection) => runStatement(knex.client as unknown as ClientInternals, connection, method, sql, bindings) as Promise<WriteResult>,
  );
}

/** A compiled statement on this connection: rows of a select, a `WriteResult` otherwise (synchronous on SQLite). */
export function runStatement(
  client: ClientInternals,
  connection: unknown,
  method: string,
  sql: string,
  bindings: readonly unknown[],
): unknown {
  const uid = (connection as { __knexUid?: unknown }).__knexUid;
  if (client.driverName === 'libsql') {
    client.emit('query', { sql, bindings, method: method as 'select', __knexUid: uid });
    const statement = preparedStatement(connection as RawConnection, sql);
    if (method === 'select') return statement.all(client._formatBindings(bindings));
    const done = statement.run(client._formatBindings(bindings)) as { changes?: unknown; lastInsertRowid?: unknown };
    return {
      changes: Number(done.changes ?? 0),
      insertId: done.lastInsertRowid === undefined || done.lastInsertRowid === null ? null : Number(done.lastInsertRowid),
    } satisfies WriteResult;
  }
  if (client.driverName === 'mysql2' || client.driverName === 'mysql') {
    client.emit('query', { sql, bindings, method: method as 'select', __knexUid: uid });
    return new Promise((resolve, reject) =>
      (connection as MysqlConnection).query({ sql }, bindings, (error, rows) => {
        if (error) return reject(error);
        if (method === 'select') return resolve(rows);
        const done = rows as { affectedRows?: number; insertId?: number };
        resolve({ changes: Number(done.affectedRows ?? 0), insertId: done.insertId ? Number(done.insertId) : null } satisfies WriteResult);
      }),
    );
  }
  throw new Error(`runOnTransaction does not know the driver ${client.driverName}`);
}

function sqliteSelect<Row>(client: ClientInternals, connection: RawConnection, sql: string, bindings: readonly unknown[]): Row[] {
  client.emit('query', { sql, bindings, method: 'select', __knexUid: (connection as { __knexUid?: unknown }).__knexUid });
  return preparedStatement(connection, sql).all(client._formatBindings(bindings)) as Row[];
}

function mysqlSelect<Row>(client: ClientInternals, connection: MysqlConnection, sql: string, bindings: readonly unknown[]): Promise<Row[]> {
  client.emit('query', { sql, bindings, method: 'select', __knexUid: connection.__knexUid });
  return new Promise((resolve, reject) =>
    connection.query({ sql }, bindings, (error, rows) => (error ? reject(error) : resolve(rows as Row[]))),
  );
}

async function onPooledConnection<T>(client: ClientInternals, work: (connection: unknown) => T | Promise<T>): Promise<T> {
  const connection = await client.acquireConnection();
  try {
    return await work(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * A date column of a plain row: epoch milliseconds on SQLite (a number, or digits), text in UTC
 * on MySQL ('YYYY-MM-DD HH:MM:SS[.fff]': the ORM's connection reads dates as strings), or a Date.
 */
export function rowDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  const text = String(value);
  if (/^\d+$/.test(text)) return new Date(Number(text));
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

/** A boolean column of a plain row: 0/1 on both databases (MySQL's TINYINT(1), SQLite's integer). */
export function rowBoolean(value: unknown): boolean {
  return value === true || Number(value) === 1;
}
