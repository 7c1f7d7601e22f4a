import { deleteEnrolment, editEnrolment, enrolmentForEdit, remindAll, remindEnrolment, REPORTING_MESSAGES } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { deleteEnrolment as deleteOne, editEnrolment as editOne, showEnrolment } from './edit-enrolment';
import { remindAll as remindEveryone, remindOne } from './remind';

/** What the /reporting rows and buttons do: edit, delete with refund, remind one and all. */
export function enrolmentActionRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(enrolmentForEdit, async ({ em, principal, params }) => showEnrolment(em, deps, principal, params.id))
    .handle(editEnrolment, async ({ em, principal, params, body }) => {
      await editOne(em, deps, principal, params.id, body);
      return { success: true as const, message: REPORTING_MESSAGES.edited };
    })
    .handle(deleteEnrolment, async ({ em, principal, params }) => ({
      success: true as const,
      message: REPORTING_MESSAGES.deleted,
      refunded: await deleteOne(em, deps, principal, params.id, deps.now()),
    }))
    .handle(remindEnrolment, async ({ em, principal, params }) => remindOne(em, deps, principal, params.companyId, params.enrollmentId, deps.now()))
    .handle(remindAll, async ({ em, principal, params, body }) => remindEveryone(em, deps, principal, params.companyId, body.courses, deps.now())).app;
}
