import type { Knex } from '@mikro-orm/knex';
import type { Em } from './orm';

/**
 * Plain rows for a read on a hot path (docs/benchmarks.md "Request path"): a knex query run as it
 * is, on the entity manager's transaction when it is in one. No entities are built (MikroORM's
 * `find` costs ten to twenty times the query for a few rows: criteria, hydration, identity map),
 * and the values stay bound rather than written into the SQL as `em.execute` does, so SQLite
 * reuses the prepared statement for every caller (sqlite.ts). Column names and values come back
 * as the database answers: see `rowDate` and `rowBoolean`.
 */
export function readRows<Row>(em: Em, query: Knex.QueryBuilder): Promise<Row[]> {
  const transaction = em.getTransactionContext<Knex.Transaction>();
  return (transaction ? query.transacting(transaction) : query) as unknown as Promise<Row[]>;
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
