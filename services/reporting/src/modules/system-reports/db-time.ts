import { isMysql, type Em } from '@portal/service-kit';

/**
 * MikroORM stores datetimes as epoch milliseconds on SQLite and DATETIME on MySQL; raw queries
 * compare against the stored form and read either back (docs/architecture.md "Dates").
 */
export function dbTime(em: Em, date: Date): number | Date {
  return isMysql(em) ? date : date.getTime();
}

export function fromDbTime(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') return new Date(/^\d+$/.test(value) ? Number(value) : value);
  return null;
}

/** YYYY-MM-DD (UTC) of a stored datetime, or null. */
export function dbDay(value: unknown): string | null {
  const date = fromDbTime(value);
  return date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, 10) : null;
}
