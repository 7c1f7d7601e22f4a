import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const ENROLMENT_STATUSES = ['not_started', 'in_progress', 'passed', 'failed'] as const;
export type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

export const Enrolment = defineEntity({
  name: 'Enrolment',
  tableName: 'enrollments',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    userId: p.integer().fieldName('user_id'),
    courseId: p.integer().fieldName('course_id'),
    /** The company (or depot) the enrolment was bought for. */
    companyId: p.integer().fieldName('company_id'),
    status: p.enum([...ENROLMENT_STATUSES]).default('not_started'),
    score: p.integer().nullable(),
    certificateCode: p.string().fieldName('certificate_code').length(64).nullable(),
    startedAt: p.datetime().fieldName('started_at').nullable(),
    passedAt: p.datetime().fieldName('passed_at').nullable(),
    /** When the certificate expires: passed_at plus the course's validity years. */
    expiresAt: p.datetime().fieldName('expires_at').nullable(),
    /** An admin passed it by hand: why, who (user id and name at the time) and when. */
    manualPassReason: p.string().fieldName('manual_pass_reason').length(255).nullable(),
    manualPassById: p.integer().fieldName('manual_pass_by_id').nullable(),
    manualPassBy: p.string().fieldName('manual_pass_by').length(191).nullable(),
    manualPassAt: p.datetime().fieldName('manual_pass_at').nullable(),
    /** When the learner was last reminded (reporting's remind one / remind all): at most once per 24 hours. */
    lastRemindedAt: p.datetime().fieldName('last_reminded_at').nullable(),
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
export type IEnrolment = InferEntity<typeof Enrolment>;
