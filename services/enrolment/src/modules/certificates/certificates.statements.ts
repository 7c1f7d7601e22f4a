import type { Knex } from '@portal/service-kit';

/**
 * A sort by course name when the names live in the catalogue: each course id's rank in the
 * alphabetical order (`rankedCourseIds`), every other course after them.
 */
export function courseRankOrder(knex: Knex, rankedCourseIds: number[]): Knex.Raw {
  if (!rankedCourseIds.length) return knex.raw('0');
  return knex.raw(`CASE c.course_id ${rankedCourseIds.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ? END`, [
    ...rankedCourseIds.flatMap((id, i) => [id, i]),
    rankedCourseIds.length,
  ]);
}
