import {
  accountDepotDeletionPreview,
  accountDepotMoveToParent,
  depotDeletionPreview,
  depotMoveToParent,
  LEARNER_ADMIN_MESSAGES,
} from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { findOwnDepot } from '../account/account';
import { findDepotOrFail } from '../companies/manage-companies';
import { depotDeletionPreview as preview, moveDepotLearnersToParent } from './move-learners';

/** Deleting a depot: first what it holds, then (instead of losing them) moving its learners to the parent. */
export function moveRoutes(deps: ServiceDeps) {
  const moved = (result: { movedLearners: number; movedEnrollments: number }) => ({
    success: true as const,
    message: LEARNER_ADMIN_MESSAGES.movedToParent,
    moved_learners: result.movedLearners,
    moved_enrollments: result.movedEnrollments,
  });
  return createServiceRouter(deps)
    .handle(accountDepotDeletionPreview, async ({ em, principal, params }) =>
      preview(em, deps, await findOwnDepot(em, principal, params.id)),
    )
    .handle(accountDepotMoveToParent, async ({ em, principal, params }) =>
      moved(await moveDepotLearnersToParent(em, deps, principal, await findOwnDepot(em, principal, params.id))),
    )
    .handle(depotDeletionPreview, async ({ em, params }) => preview(em, deps, await findDepotOrFail(em, params.companyId, params.depotId)))
    .handle(depotMoveToParent, async ({ em, principal, params }) =>
      moved(await moveDepotLearnersToParent(em, deps, principal, await findDepotOrFail(em, params.companyId, params.depotId))),
    ).app;
}
