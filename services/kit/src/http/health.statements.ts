import type { Orm } from '../db/orm';

// The health check's raw statement (the only file here that builds SQL: eslint.config.mjs).

/** The cheapest statement the database answers: it proves the connection works. */
export async function pingDatabase(orm: Orm): Promise<void> {
  await orm.em.getConnection().execute('select 1');
}
