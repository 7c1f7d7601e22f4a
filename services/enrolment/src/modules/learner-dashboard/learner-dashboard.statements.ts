import { preparedRead } from '@portal/service-kit';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';

// The learner dashboard's raw statements (the only file of this feature that builds SQL: eslint.config.mjs).

interface EnrolmentRow {
  id: number;
  course_id: number;
  status: EnrolmentStatus;
  certificate_code: string | null;
  passed_at: unknown;
  expires_at: unknown;
  created_at: unknown;
}

export const enrolmentsOfLearner = preparedRead<EnrolmentRow, [userId: number]>((knex, userId) =>
  knex('enrollments')
    .select('id', 'course_id', 'status', 'certificate_code', 'passed_at', 'expires_at', 'created_at')
    .where('user_id', userId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]),
);
