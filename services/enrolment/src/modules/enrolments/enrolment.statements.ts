import { preparedWrite, type Em } from '@portal/service-kit';

// The enrolments' raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

/** The distinct courses of these the company has any enrolment on. */
export function coursesWithEnrolmentsRows(em: Em, companyId: number, courseIds: number[]): Promise<{ course_id: number | string }[]> {
  return em.execute(em.getKnex()('enrollments').distinct('course_id').where('company_id', companyId).whereIn('course_id', courseIds));
}

/** How many enrolments each of these users holds, a row per user that has any. */
export async function enrolmentCountRows(em: Em, userIds: number[]): Promise<{ user_id: number | string; count: number | string }[]> {
  return (await em.getKnex()('enrollments').whereIn('user_id', userIds).groupBy('user_id').select('user_id').count({ count: '*' })) as {
    user_id: number | string;
    count: number | string;
  }[];
}

export const setUpdatedAt = preparedWrite<[id: number, fields: { updated_at: unknown }]>((knex, id, fields) =>
  knex('enrollments').where('id', id).update(fields),
);
