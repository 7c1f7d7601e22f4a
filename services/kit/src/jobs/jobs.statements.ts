import { isMysql, type Em } from '../db';

// The job queue's raw statements (the only file of the jobs feature that builds SQL: eslint.config.mjs).

/**
 * Reserves the next due job of these names (and queues, when given) for this worker, or answers
 * undefined: one whose reservation is older than `staleBefore` counts as free again. MySQL/MariaDB:
 * a locking read that skips rows other workers hold, then the update, in one transaction. SQLite:
 * one UPDATE … RETURNING (its one writer needs no lock).
 */
export async function reserveNextJob(
  em: Em,
  input: { names: string[]; queues: string[]; at: unknown; staleBefore: unknown; workerId: string },
): Promise<number | undefined> {
  const { names, queues, at, staleBefore, workerId } = input;
  const where = [
    `name IN (${names.map(() => '?').join(', ')})`,
    ...(queues.length ? [`queue IN (${queues.map(() => '?').join(', ')})`] : []),
    'available_at <= ?',
    '(reserved_at IS NULL OR reserved_at <= ?)',
  ].join(' AND ');
  const params = [...names, ...queues, at, staleBefore];
  if (isMysql(em)) {
    return em.transactional(async (tx: Em) => {
      const rows = await tx.execute<{ id: number }[]>(
        `SELECT id FROM jobs WHERE ${where} ORDER BY available_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        params,
      );
      const row = rows[0];
      if (!row) return undefined;
      await tx.execute('UPDATE jobs SET reserved_at = ?, reserved_by = ?, attempts = attempts + 1 WHERE id = ?', [at, workerId, row.id]);
      return Number(row.id);
    });
  }
  const rows = await em.execute<{ id: number }[]>(
    `UPDATE jobs SET reserved_at = ?, reserved_by = ?, attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE ${where} ORDER BY available_at, id LIMIT 1) RETURNING id`,
    [at, workerId, ...params],
    'all',
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}
