import type { Knex } from '@mikro-orm/knex';
import type { Platform } from '@mikro-orm/core';
import type { Em, Orm } from './orm';
import { runStatement, type ClientInternals } from './rows';
import type { RawConnection } from './sqlite';

/**
 * A transaction on one pooled connection, without MikroORM or knex's transaction (docs/benchmarks.md
 * "SCORM commits"): only `preparedRead` and `preparedWrite` run on it. No entities, no unit of
 * work, no AsyncLocalStorage: for a hot write whose statements are all prepared ones.
 */
export class DirectTransaction {
  /** @internal */
  constructor(
    readonly knex: Knex,
    readonly connection: unknown,
    private readonly platform: Platform,
  ) {}

  getKnex(): Knex {
    return this.knex;
  }

  /** For dates as the database stores them (`processDateProperty`), as on an entity manager. */
  getPlatform(): Platform {
    return this.platform;
  }

  /** @internal A compiled statement on this transaction's connection. */
  run(method: string, sql: string, bindings: readonly unknown[]): Promise<unknown> {
    try {
      return Promise.resolve(runStatement(this.knex.client as unknown as ClientInternals, this.connection, method, sql, bindings));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}

/**
 * Runs `work` between BEGIN and COMMIT on a connection of the pool (ROLLBACK when it throws), the
 * connection held throughout: on SQLite's pool of one, every other statement waits its turn, as for
 * `em.transactional`. Statements are announced on knex's `query` event like knex's own.
 */
export async function directTransaction<T>(from: Em | Orm, work: (tx: DirectTransaction) => Promise<T>): Promise<T> {
  const em = 'em' in from ? from.em : from;
  const knex = em.getKnex();
  const client = knex.client as unknown as ClientInternals;
  const connection = await client.acquireConnection();
  const tx = new DirectTransaction(knex, connection, em.getPlatform());
  try {
    await control(client, connection, 'BEGIN;');
    const result = await work(tx);
    await control(client, connection, 'COMMIT;');
    return result;
  } catch (error) {
    // Also after a failed COMMIT: the connection goes back to the pool with no transaction open.
    await control(client, connection, 'ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.releaseConnection(connection);
  }
}

/** BEGIN, COMMIT or ROLLBACK: at once on SQLite, a round trip on MySQL. */
async function control(client: ClientInternals, connection: unknown, sql: string): Promise<unknown> {
  client.emit('query', { sql, bindings: [], method: 'raw' as 'select', __knexUid: (connection as { __knexUid?: unknown }).__knexUid });
  if (client.driverName === 'libsql') return (connection as RawConnection).exec(sql);
  return new Promise((resolve, reject) =>
    (connection as { query(sql: string, done: (error: Error | null) => void): void }).query(sql, (error) =>
      error ? reject(error) : resolve(undefined),
    ),
  );
}
