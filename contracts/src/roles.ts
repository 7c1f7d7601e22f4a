import { z } from 'zod';

export const ROLES = ['learner', 'manager', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles a user may be given from the admin screens (spec §5: learner and manager only). */
export const ASSIGNABLE_ROLES = ['learner', 'manager'] as const satisfies readonly Role[];
