import { defineEntity, type InferEntity } from '@mikro-orm/core';

/**
 * One thing someone did that the record must keep: who (id, and name and role at the time, so a
 * deleted or anonymised actor still reads), what, on which company, on what, when and with what.
 */
export const AuditEntry = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    actorId: p.integer().fieldName('actor_id').nullable(),
    actorName: p.string().fieldName('actor_name').length(191),
    actorRole: p.string().fieldName('actor_role').length(32).nullable(),
    action: p.string().length(64),
    companyId: p.integer().fieldName('company_id').nullable(),
    subjectType: p.string().fieldName('subject_type').length(64).nullable(),
    subjectId: p.integer().fieldName('subject_id').nullable(),
    details: p.text().nullable(),
    createdAt: p.datetime().fieldName('created_at'),
  }),
});
export type IAuditEntry = InferEntity<typeof AuditEntry>;
