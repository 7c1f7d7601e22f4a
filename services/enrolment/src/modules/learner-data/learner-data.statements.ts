import { whereContains, type Em, type Knex } from '@portal/service-kit';

// The learner data's raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The ids of a learner's certificates, those whose code contains `search` or of these courses when searching: the list's base query. */
export function certificateIdsQuery(em: Em, userId: number, search: { text: string; courseIds: number[] } | null): Knex.QueryBuilder {
  const base = em.getKnex()('certificates as c').where('c.user_id', userId).select('c.id');
  if (search !== null) {
    base.where((where) => {
      whereContains(where, ['c.code'], search.text);
      if (search.courseIds.length) where.orWhereIn('c.course_id', search.courseIds);
    });
  }
  return base;
}
