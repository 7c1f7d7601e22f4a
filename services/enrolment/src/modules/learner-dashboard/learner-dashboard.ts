import type { LearnerEnrollment } from '@portal/contracts';
import { preparedRead, rowDate, type CourseSummary, type Em, type Orm, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { EnrollmentStatus } from '../enrollments/enrollment.entity';
import { learnerCardState } from './learner-card-state';
import { progressOfEnrollments } from '../player/scorm.repository';

/** What a card shows of an enrolment. */
export interface DashboardEnrollment {
  id: number;
  courseId: number;
  status: EnrollmentStatus;
  certificateCode: string | null;
  passedAt: Date | null;
  expiresAt: Date | null;
}

export interface LearnerCard {
  enrollment: DashboardEnrollment;
  /** Undefined once the course is gone from the catalogue. */
  course: CourseSummary | undefined;
  state: LearnerEnrollment['state'];
  /** 0–100 from the content's progress measure, or null when it reports none. */
  progress: number | null;
}

export interface LearnerDashboard {
  cards: LearnerCard[];
  isPurchasedAccount: boolean;
}

interface EnrollmentRow {
  id: number;
  course_id: number;
  status: EnrollmentStatus;
  certificate_code: string | null;
  passed_at: unknown;
  expires_at: unknown;
}

const enrollmentsOfLearner = preparedRead<EnrollmentRow, [userId: number]>((knex, userId) =>
  knex('enrollments')
    .select('id', 'course_id', 'status', 'certificate_code', 'passed_at', 'expires_at')
    .where('user_id', userId)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]),
);

/**
 * The learner's own enrolments, newest first, each with its course, the state its card shows and
 * its progress. Read as plain rows, the columns a card needs (every signed-in learner opens this
 * page first: docs/benchmarks.md "Request path"). Given the ORM, it reads as a fresh entity
 * manager would, without making one.
 */
export async function learnerDashboardOf(deps: Pick<ServiceDeps, 'catalogue' | 'identity'>, em: Em | Orm, principal: Principal, now: Date): Promise<LearnerDashboard> {
  // The learner's account does not depend on the enrolments: both at once.
  const [rows, [account]] = await Promise.all([
    enrollmentsOfLearner(em, principal.userId),
    deps.identity.usersByIds([principal.userId]),
  ]);
  const enrollments: DashboardEnrollment[] = rows.map((row) => ({
    id: Number(row.id),
    courseId: Number(row.course_id),
    status: row.status,
    certificateCode: row.certificate_code ?? null,
    passedAt: rowDate(row.passed_at),
    expiresAt: rowDate(row.expires_at),
  }));
  const [courseList, progress] = await Promise.all([deps.catalogue.coursesByIds(enrollments.map((e) => e.courseId)), progressOfEnrollments(em, enrollments.map((e) => e.id))]);
  const courses = new Map(courseList.map((c) => [c.id, c]));
  return {
    cards: enrollments.map((enrollment) => ({
      enrollment,
      course: courses.get(enrollment.courseId),
      state: learnerCardState(enrollment, now),
      progress: progress.get(enrollment.id) ?? null,
    })),
    isPurchasedAccount: account?.purchasedAccount ?? false,
  };
}
