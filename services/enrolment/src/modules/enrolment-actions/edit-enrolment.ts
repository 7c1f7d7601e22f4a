import { REPORTING_MESSAGES } from '@portal/contracts';
import { notFound, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { refundEnrolments } from '../credits/charge-credits';
import { findEnrollment } from '../enrollments/enrollment.repository';
import { deleteEnrollments } from '../enrolling/remove-enrollments';
import type { IEnrollment } from '../enrollments/enrollment.entity';
import { actingScope, assertInScope } from './acting-scope';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue'>;

/** The enrolment when it is the acting company's (or a depot's); another company's is 403, a missing one 404. */
async function scopedEnrollment(em: Em, deps: Deps, principal: Principal, id: number) {
  const scope = await actingScope(deps.identity, principal.companyId);
  const enrollment = await findEnrollment(em, id);
  if (!enrollment) throw notFound('That enrolment');
  assertInScope(scope, [enrollment.companyId]);
  return { scope, enrollment };
}

function assertNotStarted(enrollment: IEnrollment, field: string) {
  if (enrollment.status !== 'not_started') throw validationError({ [field]: [REPORTING_MESSAGES.onlyNotStarted] }, REPORTING_MESSAGES.onlyNotStarted);
}

/** The edit page's data. */
export async function showEnrolment(em: Em, deps: Deps, principal: Principal, id: number) {
  const { scope, enrollment } = await scopedEnrollment(em, deps, principal, id);
  const [[user], [course], [code]] = await Promise.all([
    deps.identity.usersByIds([enrollment.userId]),
    deps.catalogue.coursesByIds([enrollment.courseId]),
    deps.identity.loginCodes([enrollment.userId]),
  ]);
  return {
    data: {
      id: enrollment.id,
      status: enrollment.status,
      course: { id: enrollment.courseId, name: course?.name ?? 'Deleted course' },
      learner: { id: enrollment.userId, name: user?.name ?? 'Deleted learner', email: user?.email ?? null, login_code: code?.loginCode ?? null },
      depot: enrollment.companyId,
      depots: scope.companies,
      editable: enrollment.status === 'not_started',
    },
  };
}

/**
 * Edits a not-started enrolment: the learner's name and email (identity, through its port, before
 * anything here changes: a used email leaves everything as it was) and the depot both belong to.
 */
export async function editEnrolment(em: Em, deps: Deps, principal: Principal, id: number, input: { name: string; email?: string | null; depot: number }) {
  const { scope, enrollment } = await scopedEnrollment(em, deps, principal, id);
  assertNotStarted(enrollment, 'name');
  if (!scope.ids.has(input.depot)) throw validationError({ depot: ['Choose your company or one of its depots.'] });
  const updated = await deps.identity.updateLearner(enrollment.userId, { name: input.name, email: input.email ?? null, companyId: input.depot });
  if (!updated.ok) throw validationError(updated.errors);
  enrollment.companyId = input.depot;
  await em.flush();
}

/** Deletes a not-started enrolment; what it cost comes back to whoever paid, as refund rows of the ledger. */
export async function deleteEnrolment(em: Em, deps: Deps, principal: Principal, id: number, now: Date): Promise<number> {
  const { enrollment } = await scopedEnrollment(em, deps, principal, id);
  assertNotStarted(enrollment, 'enrolment');
  return em.transactional(async (tx) => {
    const refunded = await refundEnrolments(tx, { enrollmentIds: [enrollment.id], actor: { userId: principal.userId, name: principal.name }, reason: 'Enrolment deleted', at: now });
    await deleteEnrollments(tx, [enrollment.id]);
    return refunded;
  });
}
