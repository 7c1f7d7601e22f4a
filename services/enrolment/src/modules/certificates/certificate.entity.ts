import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A certificate ever issued; never deleted, so its code stays verifiable with its true state. */
export const CertificateRecord = defineEntity({
  name: 'CertificateRecord',
  tableName: 'certificates',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    /** Stored without dashes (`7KQM2XD9…`, or a legacy `CERT-…`); printed grouped. */
    code: p.string().length(64).unique(),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    userId: p.integer().fieldName('user_id'),
    courseId: p.integer().fieldName('course_id'),
    companyId: p.integer().fieldName('company_id'),
    /** The pass date printed on it. */
    issuedAt: p.datetime().fieldName('issued_at'),
    expiresAt: p.datetime().fieldName('expires_at').nullable(),
    revokedAt: p.datetime().fieldName('revoked_at').nullable(),
    revokedReason: p.string().fieldName('revoked_reason').length(255).nullable(),
    revokedById: p.integer().fieldName('revoked_by_id').nullable(),
    revokedBy: p.string().fieldName('revoked_by').length(191).nullable(),
    /** The newer certificate (a renewal) that replaced it. */
    supersededBy: p.integer().fieldName('superseded_by').nullable(),
    supersededAt: p.datetime().fieldName('superseded_at').nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .fieldName('updated_at')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type ICertificateRecord = InferEntity<typeof CertificateRecord>;
