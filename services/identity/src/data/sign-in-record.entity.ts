import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { SIGN_IN_METHODS } from '@portal/contracts';

/** One sign-in of a user: when and how (kept for their own history; no address or browser is kept). */
export const SignInRecord = defineEntity({
  name: 'SignInRecord',
  tableName: 'sign_ins',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    userId: p.integer().fieldName('user_id'),
    method: p.enum([...SIGN_IN_METHODS]),
    createdAt: p.datetime().fieldName('created_at'),
  }),
});
export type ISignInRecord = InferEntity<typeof SignInRecord>;
