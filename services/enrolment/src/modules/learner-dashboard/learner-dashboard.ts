import type { LearnerEnrolment } from '@portal/contracts';
import { rowDate, type CourseSummary, type Em, type Orm, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { EnrolmentStatus } from '../enrolments/enrolment.entity';
import { learnerCardState } from './learner-card-state';
import { enrolmentsOfLearner } from './learner-dashboard.statements';
import { progressOfEnrolments } from '../player/scorm.repository';

/** What a card shows of an enrolment. */
export interface DashboardEnrolment {
  id: number;
  courseId: number;
  status: EnrolmentStatus;
  certificateCode: string | null;
  passedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date | null;
}

/** The earlier pass a card's enrolment renews. */
export interface RenewedPass {
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
  /** The latest earlier pass of the course, when this enrolment renews one. */
  renews: RenewedPass | null;
}

export interface LearnerDashboard {
  cards: LearnerCard[];
  isPurchasedAccount: boolean;
}

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
    createdAt: rowDate(row.created_at),
  }));
  const shown = oneCardPerCourse(enrolments);
  const [courseList, progress] = await Promise.all([
    deps.catalogue.coursesByIds(shown.map(({ enrolment }) => enrolment.courseId)),
    progressOfEnrolments(
      em,
      shown.map(({ enrolment }) => enrolment.id),
    ),
  ]);
  const courses = new Map(courseList.map((c) => [c.id, c]));
  return {
    cards: shown.map(({ enrolment, renews }) => ({
      enrollment: enrolment,
      course: courses.get(enrolment.courseId),
      state: learnerCardState(enrolment, now),
      progress: progress.get(enrolment.id) ?? null,
      renews,
    })),
    isPurchasedAccount: account?.purchasedAccount ?? false,
  };
}

/**
 * One card per course (issue 32 item 4): the newest enrolment of each course (they come newest
 * first), with the latest earlier pass it renews. A re-enrolled learner so sees the new enrolment
 * and not the expired one beside it, whose Renew link would have them pay a second time.
 */
export function oneCardPerCourse(newestFirst: DashboardEnrolment[]): { enrolment: DashboardEnrolment; renews: RenewedPass | null }[] {
  const cards = new Map<number, { enrolment: DashboardEnrolment; renews: RenewedPass | null }>();
  for (const enrolment of newestFirst) {
    const card = cards.get(enrolment.courseId);
    if (!card) cards.set(enrolment.courseId, { enrolment, renews: null });
    else if (!card.renews && enrolment.status === 'passed') card.renews = { passedAt: enrolment.passedAt, expiresAt: enrolment.expiresAt };
  }
  return [...cards.values()];
}
