import type { Em, Knex } from '@portal/service-kit';

// The courses' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The ids of the courses a list may show (shared ones and those of `companyIds`, or every one for null), of one category when given. */
export function courseIdsQuery(em: Em, companyIds: number[] | null, categoryId: number | null | undefined): Knex.QueryBuilder {
  const knex = em.getKnex();
  const base = knex('courses').select('id');
  if (companyIds)
    base.where((where) => {
      where.whereNull('company_id').orWhereIn('company_id', companyIds);
    });
  if (categoryId) base.whereIn('id', knex('course_categories').select('course_id').where('category_id', categoryId));
  return base;
}

/** Names as people read them: case-insensitively on every database. */
export const courseNameSort = (em: Em) => em.getKnex().raw('lower(name)');
