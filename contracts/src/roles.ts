import { z } from 'zod';

export const ROLES = ['learner', 'manager', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a user may be given from the admin screens (spec §5: learner and manager only). */
export const ASSIGNABLE_ROLES = ['learner', 'manager'] as const satisfies readonly Role[];

/**
 * Who the admin's Learners tab lists and counts (its badge and its "N in total" are one number):
 * everyone an admin can give a role to, learners and managers; admins never appear.
 */
export const LEARNERS_TAB_ROLES: readonly Role[] = ASSIGNABLE_ROLES;
