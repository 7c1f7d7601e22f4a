import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** `set_up`: a learner without a password adds `email` and a password (learner-account). */
export const TOKEN_PURPOSES = ['login_link', 'reset', 'set_up'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** An emailed single-use token; only its SHA-256 is stored. */
export const UserToken = defineEntity({
  name: 'UserToken',
  tableName: 'user_tokens',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    userId: p.integer().fieldName('user_id'),
    purpose: p.enum([...TOKEN_PURPOSES]),
    tokenHash: p.string().fieldName('token_hash').length(64),
    expiresAt: p.datetime().fieldName('expires_at'),
    usedAt: p.datetime().fieldName('used_at').nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    /** The address a set-up link was sent to, adopted when it is used. */
    email: p.string().length(191).nullable(),
  }),
});
export type IUserToken = InferEntity<typeof UserToken>;
