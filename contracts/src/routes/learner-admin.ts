import { z } from 'zod';
import { defineRoute, idParam } from '../route';

/** Texts of anonymising and of deleting a depot with its learners moved (the spec shows none). */
export const LEARNER_ADMIN_MESSAGES = {
  anonymised: 'Learner anonymised successfully!',
  onlyLearners: 'Only learners can be anonymised.',
  alreadyAnonymised: 'This learner is already anonymised.',
  movedToParent: 'Learners moved to the parent company and depot deleted.',
  notADepot: 'Only a depot can move its learners to a parent company.',
} as const;

/** The name an anonymised learner is left with. */
export const anonymisedName = (userId: number) => `Anonymised learner #${userId}`;

export const userAnonymise = defineRoute({
  name: 'user.anonymise',
  method: 'POST',
  path: '/api/user/{id}/anonymise',
  service: 'identity',
  access: ['manager', 'admin'],
  summary:
    'GDPR erasure of a learner: name, email, login code, password and SCORM suspend data removed, sessions and sign-in links ended; enrolments, certificates and the credit ledger stay. An admin, or a manager for a learner of their company or its depots.',
  params: z.object({ id: idParam }),
  response: z.object({ success: z.literal(true), message: z.string(), data: z.object({ id: z.number().int(), name: z.string() }) }),
});

/** What deleting a depot would remove, said before it happens. */
export const depotDeletionPreviewSchema = z.object({
  depot: z.object({ id: z.number().int(), name: z.string() }),
  parent: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  learners: z.number().int(),
  managers: z.number().int(),
  enrollments: z.number().int(),
});
export type DepotDeletionPreview = z.infer<typeof depotDeletionPreviewSchema>;

export const depotMovedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  moved_learners: z.number().int(),
  moved_enrollments: z.number().int(),
});

export const accountDepotDeletionPreview = defineRoute({
  name: 'account.depot.deletionPreview',
  method: 'GET',
  path: '/account/depot/{id}/deletion-preview',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'id' },
  summary: 'How many learners, managers and enrolments a depot of the caller’s company holds, before deleting it.',
  params: z.object({ id: idParam }),
  response: depotDeletionPreviewSchema,
});

export const accountDepotMoveToParent = defineRoute({
  name: 'account.depot.moveToParent',
  method: 'POST',
  path: '/account/depot/{id}/move-to-parent',
  service: 'identity',
  access: ['manager', 'admin'],
  tenant: { param: 'id' },
  summary:
    'Moves a depot’s learners, their enrolments and the depot’s remaining credits to the parent company, then deletes the depot (its managers go with it).',
  params: z.object({ id: idParam }),
  response: depotMovedSchema,
});

export const depotDeletionPreview = defineRoute({
  name: 'company.depot.deletionPreview',
  method: 'GET',
  path: '/api/company/{companyId}/depot/{depotId}/deletion-preview',
  service: 'identity',
  access: ['admin'],
  summary: 'How many learners, managers and enrolments a depot holds, before deleting it.',
  params: z.object({ companyId: idParam, depotId: idParam }),
  response: depotDeletionPreviewSchema,
});

export const depotMoveToParent = defineRoute({
  name: 'company.depot.moveToParent',
  method: 'POST',
  path: '/api/company/{companyId}/depot/{depotId}/move-to-parent',
  service: 'identity',
  access: ['admin'],
  summary: 'Moves a depot’s learners, their enrolments and its remaining credits to the company, then deletes the depot.',
  params: z.object({ companyId: idParam, depotId: idParam }),
  response: depotMovedSchema,
});

export const learnerAdminRoutes = [
  userAnonymise,
  accountDepotDeletionPreview,
  accountDepotMoveToParent,
  depotDeletionPreview,
  depotMoveToParent,
] as const;
