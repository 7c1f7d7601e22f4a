import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A signed-in session; `id` is the SHA-256 of the cookie's token, never the token itself. */
export const Session = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: (p) => ({
    id: p.string().length(64).primary(),
    userId: p.integer().fieldName('user_id'),
    mimicCompanyId: p.integer().fieldName('mimic_company_id').nullable(),
    ipAddress: p.string().fieldName('ip_address').length(64).nullable(),
    userAgent: p.string().fieldName('user_agent').length(255).nullable(),
    createdAt: p.datetime().fieldName('created_at'),
    lastSeenAt: p.datetime().fieldName('last_seen_at'),
    expiresAt: p.datetime().fieldName('expires_at'),
  }),
});
export type ISession = InferEntity<typeof Session>;
