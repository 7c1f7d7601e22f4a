import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(191),
    email: p.string().length(191).nullable(),
    passwordHash: p.string().fieldName('password_hash').length(255).nullable(),
    loginCode: p.string().fieldName('login_code').length(64).nullable(),
    companyId: p.integer().fieldName('company_id'),
    role: p.enum(['learner', 'manager', 'admin']),
    wpUser: p.boolean().fieldName('wp_user').default(false),
    /** GDPR erasure: when the learner was anonymised (their name is then a placeholder). */
    anonymisedAt: p.datetime().fieldName('anonymised_at').nullable(),
    /** When the welcome mail was queued; null: never (a learner with an email gets it when next enrolled). */
    welcomedAt: p.datetime().fieldName('welcomed_at').nullable(),
    createdAt: p.datetime().fieldName('created_at').onCreate(() => new Date()),
    updatedAt: p.datetime().fieldName('updated_at').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
export type IUser = InferEntity<typeof User>;
