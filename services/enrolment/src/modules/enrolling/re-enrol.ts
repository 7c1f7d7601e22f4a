import { formatDate, isRenewalDue, REPORTING_MESSAGES } from '@portal/contracts';
import { notFound, validationError, type Em, type ServiceDeps } from '@portal/service-kit';
import { findEnrolment, laterEnrolmentOf } from '../enrolments/enrolment.repository';

const FIELD = 'enrollment_id';

/**
 * Re-enrol from /reporting names the enrolment it renews. It acts only on a passed enrolment of
 * this company whose expiry is due (spec §4: within RENEWAL_THRESHOLD_DAYS, or past) and that has
 * no newer enrolment of the learner on the course; otherwise a 422 says why, and nothing is
 * enrolled or charged. Checked before enrolFromPage, which skips a learner already enrolled anyway (the
 * race of two clicks ends there: see refuseUnmadeReEnrolment).
 */
export async function assertReEnrolable(
  em: Em,
  deps: Pick<ServiceDeps, 'identity' | 'catalogue'>,
  input: { companyId: number; enrolmentId: number; courseIds: number[]; userIds: number[]; now: Date },
): Promise<void> {
  const enrolment = await findEnrolment(em, input.enrolmentId);
  // Another company's enrolment answers like a missing one.
  if (!enrolment || enrolment.companyId !== input.companyId) throw notFound('That enrolment');
  if (input.courseIds.some((id) => id !== enrolment.courseId) || input.userIds.some((id) => id !== enrolment.userId)) {
    throw validationError({ [FIELD]: ['That enrolment is not this learner’s on this course.'] });
  }
  const later = await laterEnrolmentOf(em, enrolment);
  if (later) {
    const [[learner], [course]] = await Promise.all([
      deps.identity.usersByIds([enrolment.userId]),
      deps.catalogue.coursesByIds([enrolment.courseId]),
    ]);
    const message = REPORTING_MESSAGES.alreadyReEnrolled(
      learner?.name ?? 'This learner',
      course?.name ?? 'this course',
      formatDate(later.createdAt),
    );
    throw validationError({ [FIELD]: [message] }, message);
  }
  if (enrolment.status !== 'passed' || !isRenewalDue(enrolment.expiresAt, input.now))
    throw validationError({ [FIELD]: [REPORTING_MESSAGES.reEnrolNotDue] });
}

/** A re-enrolment that made nothing (a second click that lost the race): refused with enrolFromPage's reason, never a success. */
export function refuseUnmadeReEnrolment(failed: { reason: string }[]): never {
  const reason = failed[0]?.reason ?? 'Nothing was enrolled.';
  throw validationError({ [FIELD]: [reason] }, reason);
}
