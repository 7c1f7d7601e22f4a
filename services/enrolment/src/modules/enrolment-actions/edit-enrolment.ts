import { REPORTING_MESSAGES } from '@portal/contracts';
import { notFound, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { refundEnrolments } from '../credits/charge-credits';
import { findEnrolment } from '../enrolments/enrolment.repository';
import { deleteEnrolments } from '../enrolling/remove-enrolments';
import type { IEnrolment } from '../enrolments/enrolment.entity';
import { actingScope, assertInScope } from './acting-scope';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue'>;

/** The enrolment when it is the acting company's (or a depot's); another company's is 403, a missing one 404. */
async function scopedEnrolment(em: Em, deps: Deps, principal: Principal, id: number) {
  const scope = await actingScope(deps.identity, principal.companyId);
  const enrolment = await findEnrolment(em, id);
  if (!enrolment) throw notFound('That enrolment');
  assertInScope(scope, [enrolment.companyId]);
  return { scope, enrollment: enrolment };
}

function assertNotStarted(enrolment: IEnrolment, field: string) {
  if (enrolment.status !== 'not_started')
    throw validationError({ [field]: [REPORTING_MESSAGES.onlyNotStarted] }, REPORTING_MESSAGES.onlyNotStarted);
}

/** The edit page's data. */
export async function showEnrolment(em: Em, deps: Deps, principal: Principal, id: number) {
  const { scope, enrollment: enrolment } = await scopedEnrolment(em, deps, principal, id);
  const [[user], [course], [code]] = await Promise.all([
    deps.identity.usersByIds([enrolment.userId]),
    deps.catalogue.coursesByIds([enrolment.courseId]),
    deps.identity.loginCodes([enrolment.userId]),
  ]);
  return {
    data: {
      id: enrolment.id,
      status: enrolment.status,
      course: { id: enrolment.courseId, name: course?.name ?? 'Deleted course' },
      learner: {
        id: enrolment.userId,
        name: user?.name ?? 'Deleted learner',
        email: user?.email ?? null,
        login_code: code?.loginCode ?? null,
      },
      depot: enrolment.companyId,
      depots: scope.companies,
      editable: enrolment.status === 'not_started',
    },
  };
}

/**
 * Edits a not-started enrolment: the learner's name and email (identity, through its port, before
 * anything here changes: a used email leaves everything as it was) and the depot both belong to.
 */
export async function editEnrolment(
  em: Em,
  deps: Deps,
  principal: Principal,
  id: number,
  input: { name: string; email?: string | null; depot: number },
) {
  const { scope, enrollment: enrolment } = await scopedEnrolment(em, deps, principal, id);
  assertNotStarted(enrolment, 'name');
  if (!scope.ids.has(input.depot)) throw validationError({ depot: ['Choose your company or one of its depots.'] });
  const updated = await deps.identity.updateLearner(enrolment.userId, {
    name: input.name,
    email: input.email ?? null,
    companyId: input.depot,
  });
  if (!updated.ok) throw validationError(updated.errors);
  enrolment.companyId = input.depot;
  await em.flush();
}

/** Deletes a not-started enrolment; what it cost comes back to whoever paid, as refund rows of the ledger. */
export async function deleteEnrolment(em: Em, deps: Deps, principal: Principal, id: number, now: Date): Promise<number> {
  const { enrollment: enrolment } = await scopedEnrolment(em, deps, principal, id);
  assertNotStarted(enrolment, 'enrolment');
  return em.transactional(async (tx) => {
    const refunded = await refundEnrolments(tx, {
      enrolmentIds: [enrolment.id],
      actor: { userId: principal.userId, name: principal.name },
      reason: 'Enrolment deleted',
      at: now,
    });
    await deleteEnrolments(tx, [enrolment.id]);
    return refunded;
  });
}
