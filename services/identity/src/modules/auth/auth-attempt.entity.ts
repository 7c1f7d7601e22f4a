import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One counted attempt in a rate-limit bucket (a failed sign-in, a mail request). */
export const AuthAttempt = defineEntity({
  name: 'AuthAttempt',
  tableName: 'auth_attempts',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    bucket: p.string().length(191),
    createdAt: p.datetime().fieldName('created_at'),
  }),
});
export type IAuthAttempt = InferEntity<typeof AuthAttempt>;
