import { whereContains, type Em, type Knex } from '@portal/service-kit';

/**
 * A sort by course name when the names live in the catalogue: each course id's rank in the
 * alphabetical order (`rankedCourseIds`), every other course after them.
 */
export function courseRankOrder(em: Em, rankedCourseIds: number[]): Knex.Raw {
  const knex = em.getKnex();
  if (!rankedCourseIds.length) return knex.raw('0');
  return knex.raw(`CASE c.course_id ${rankedCourseIds.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ? END`, [
    ...rankedCourseIds.flatMap((id, i) => [id, i]),
    rankedCourseIds.length,
  ]);
}

/**
 * The ids of a learner's certificates as a list's base query: of one course if asked, and when
 * searching, those whose code contains the text or whose course is one of `searchCourseIds`.
 */
export function certificateHistoryQuery(
  em: Em,
  filter: { userId: number; courseId?: number | undefined; search: string | null; searchCourseIds: number[] },
): Knex.QueryBuilder {
  const base = em.getKnex()('certificates as c').where('c.user_id', filter.userId).select('c.id');
  if (filter.courseId) base.where('c.course_id', filter.courseId);
  const { search, searchCourseIds } = filter;
  if (search !== null) {
    base.where((where) => {
      whereContains(where, ['c.code'], search);
      if (searchCourseIds.length) where.orWhereIn('c.course_id', searchCourseIds);
    });
  }
  return base;
}
