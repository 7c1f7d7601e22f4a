import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A course's activity template (spec §3 "Activity (course)"): done on site, confirmed by its code. */
export const CourseActivity = defineEntity({
  name: 'CourseActivity',
  tableName: 'course_activities',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    courseId: p.integer().fieldName('course_id'),
    position: p.integer().default(0),
    name: p.string().length(191),
    code: p.integer(),
    description: p.text().default(''),
    type: p.string().length(16).$type<'file' | 'video'>(),
    /** Storage key of the attachment. */
    filePath: p.string().fieldName('file_path').length(255).nullable(),
    fileName: p.string().fieldName('file_name').length(255).nullable(),
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
export type ICourseActivity = InferEntity<typeof CourseActivity>;
