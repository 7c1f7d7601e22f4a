import type { Em, Knex } from '@portal/service-kit';

// The jobs pages' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The ids of the queued and running jobs and of those that finished (one table or the other under the same id): the list's base query. */
export function jobIdsQuery(em: Em): Knex.QueryBuilder {
  const knex = em.getKnex();
  const columns = ['id', 'name', 'queue', 'attempts', 'available_at'];
  const both = knex.select(columns).from('jobs').unionAll(knex.select(columns).from('finished_jobs'));
  return knex.select('id').from(both.as('all_jobs'));
}

/** The ids of the failed jobs: the list's base query. */
export function failedJobIdsQuery(em: Em): Knex.QueryBuilder {
  return em.getKnex()('failed_jobs').select('id');
}
