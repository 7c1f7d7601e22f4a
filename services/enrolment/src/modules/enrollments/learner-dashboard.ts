import type { LearnerEnrollment } from '@portal/contracts';
import type { CourseSummary, Em, Principal, ServiceDeps } from '@portal/service-kit';
import type { IEnrollment } from './enrollment.entity';
import { enrollmentsOfUser } from './enrollment.repository';
import { learnerCardState } from './learner-card-state';

export interface LearnerCard {
  enrollment: IEnrollment;
  /** Undefined once the course is gone from the catalogue. */
  course: CourseSummary | undefined;
  state: LearnerEnrollment['state'];
}

export interface LearnerDashboard {
  cards: LearnerCard[];
  isPurchasedAccount: boolean;
}

/** The learner's own enrolments, newest first, each with its course and the state its card shows. */
export async function learnerDashboardOf(deps: Pick<ServiceDeps, 'catalogue' | 'identity'>, em: Em, principal: Principal, now: Date): Promise<LearnerDashboard> {
  const enrollments = await enrollmentsOfUser(em, principal.userId);
  const [courseList, [user]] = await Promise.all([
    deps.catalogue.coursesByIds(enrollments.map((e) => e.courseId)),
    deps.identity.usersByIds([principal.userId]),
  ]);
  const courses = new Map(courseList.map((c) => [c.id, c]));
  return {
    cards: enrollments.map((enrollment) => ({ enrollment, course: courses.get(enrollment.courseId), state: learnerCardState(enrollment, now) })),
    isPurchasedAccount: user?.purchasedAccount ?? false,
  };
}
