import type { LearnerEnrolment } from '@portal/contracts';
import { preparedRead, rowDate, type CourseSummary, type Em, type Orm, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';
import { learnerCardState } from './learner-card-state';
import { progressOfEnrolments } from '../player/scorm.repository';

/** What a card shows of an enrolment. */
export interface DashboardEnrolment {
  id: number;
  courseId: number;
  status: EnrolmentStatus;
  certificateCode: string | null;
  passedAt: Date | null;
  expiresAt: Date | null;
}

export interface LearnerCard {
  enrollment: DashboardEnrolment;
  /** Undefined once the course is gone from the catalogue. */
  course: CourseSummary | undefined;
  state: LearnerEnrolment['state'];
  /** 0–100 from the content's progress measure, or null when it reports none. */
  progress: number | null;
}

export interface LearnerDashboard {
  cards: LearnerCard[];
  isPurchasedAccount: boolean;
}

interface EnrolmentRow {
  id: number;
  course_id: number;
  status: EnrolmentStatus;
  certificate_code: string | null;
  passed_at: unknown;
  expires_at: unknown;
}

const enrolmentsOfLearner = preparedRead<EnrolmentRow, [userId: number]>((knex, userId) =>
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
export async function learnerDashboardOf(
  deps: Pick<ServiceDeps, 'catalogue' | 'identity'>,
  em: Em | Orm,
  principal: Principal,
  now: Date,
): Promise<LearnerDashboard> {
  // The learner's account does not depend on the enrolments: both at once.
  const [rows, [account]] = await Promise.all([enrolmentsOfLearner(em, principal.userId), deps.identity.usersByIds([principal.userId])]);
  const enrolments: DashboardEnrolment[] = rows.map((row) => ({
    id: Number(row.id),
    courseId: Number(row.course_id),
    status: row.status,
    certificateCode: row.certificate_code ?? null,
    passedAt: rowDate(row.passed_at),
    expiresAt: rowDate(row.expires_at),
  }));
  const [courseList, progress] = await Promise.all([
    deps.catalogue.coursesByIds(enrolments.map((e) => e.courseId)),
    progressOfEnrolments(
      em,
      enrolments.map((e) => e.id),
    ),
  ]);
  const courses = new Map(courseList.map((c) => [c.id, c]));
  return {
    cards: enrolments.map((enrolment) => ({
      enrollment: enrolment,
      course: courses.get(enrolment.courseId),
      state: learnerCardState(enrolment, now),
      progress: progress.get(enrolment.id) ?? null,
    })),
    isPurchasedAccount: account?.purchasedAccount ?? false,
  };
}
