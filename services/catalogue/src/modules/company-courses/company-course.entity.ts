import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A company's own settings for a course: in its selection or not, and its certificate expiry. */
export const CompanyCourse = defineEntity({
  name: 'CompanyCourse',
  tableName: 'company_courses',
  properties: (p) => ({
    companyId: p.integer().fieldName('company_id').primary(),
    courseId: p.integer().fieldName('course_id').primary(),
    selected: p.boolean().default(false),
    validityPeriod: p.integer().fieldName('validity_period').nullable(),
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
export type ICompanyCourse = InferEntity<typeof CompanyCourse>;

/** A company's bridging activity: its own description and switch for one of the course's activities. */
export const BridgingActivity = defineEntity({
  name: 'BridgingActivity',
  tableName: 'bridging_activities',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().fieldName('company_id'),
    courseId: p.integer().fieldName('course_id'),
    courseActivityId: p.integer().fieldName('course_activity_id'),
    description: p.text().default(''),
    enabled: p.boolean().default(true),
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
export type IBridgingActivity = InferEntity<typeof BridgingActivity>;
