import type { Knex } from '@mikro-orm/knex';
import type { Em } from './orm';
import { compiledStatements, runCompiled } from './prepared-read';
import { DirectTransaction } from './direct-transaction';
import { runOnTransaction, runWrite, type WriteResult } from './rows';

/**
 * The write-side twin of `preparedRead` for a hot write (the SCORM commit: docs/benchmarks.md
 * "SCORM commits"): an insert, update or delete whose SQL knex builds and compiles once per shape,
 * later calls only placing values, run on the driver without knex's runner or the entity manager.
 * `build` uses each argument only as a value: a plain value, a list of values, or rows (objects,
 * or lists of objects, with the same keys in every call: `insert(rows)`, `update(fields)`, each
 * field bound as it is, null included). A list's length and a row's keys are its shape.
 *
 * On a `DirectTransaction`, or the entity manager's transaction when it has one (on its
 * connection), otherwise as a statement of its own on a pooled connection. Dates are passed as the database stores them
 * (`em.getPlatform().processDateProperty(date)`): rows are not entities.
 */
export function preparedWrite<Args extends unknown[]>(
  build: (knex: Knex, ...args: Args) => Knex.QueryBuilder,
): (em: Em | DirectTransaction, ...args: Args) => Promise<WriteResult> {
  const compiled = compiledStatements(build, ['insert', 'update', 'del', 'upsert']);
  return (em, ...args) => {
    if (em instanceof DirectTransaction) return runCompiled(em, compiled, args) as Promise<WriteResult>;
    const knex = em.getKnex();
    let statement: { sql: string; bindings: unknown[]; method: string };
    try {
      statement = compiled(knex, args);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const transaction = em.getTransactionContext<Knex.Transaction>();
    if (transaction) return runOnTransaction(transaction, statement.method, statement.sql, statement.bindings) as Promise<WriteResult>;
    return runWrite(knex, statement.sql, statement.bindings, statement.method);
  };
}
