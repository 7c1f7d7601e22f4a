import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { ParsedManifest } from '../packages/manifest';

export const Course = defineEntity({
  name: 'Course',
  tableName: 'courses',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.string().length(191),
    description: p.text().default(''),
    /** Set for 'Company Specific' courses: only that company sees them. */
    companyId: p.integer().fieldName('company_id').nullable(),
    duration: p.string().length(64).nullable(),
    /** Certificate validity in years. */
    validityPeriod: p.integer().fieldName('validity_period').default(1),
    sku: p.string().length(64).nullable(),
    wpLink: p.string().fieldName('wp_link').length(255).nullable(),
    creditCost: p.integer().fieldName('credit_cost').default(1),
    hasBridging: p.boolean().fieldName('has_bridging').default(false),
    certificatePath: p.string().fieldName('certificate_path').length(255).nullable(),
    /** Storage folder of the unpacked SCORM package, its version and launch file. */
    packagePath: p.string().fieldName('package_path').length(255).nullable(),
    scormVersion: p.string().fieldName('scorm_version').length(16).nullable(),
    launchPath: p.string().fieldName('launch_path').length(255).nullable(),
    /** The parsed imsmanifest.xml (see packages/manifest.ts), stored at upload. */
    manifest: p.json<ParsedManifest>().nullable(),
    /** Pass mark (0–100): decides a pass when the content reports a score and no success (issue 13 item 8). */
    passMark: p.integer().fieldName('pass_mark').nullable(),
    /** Name of the uploaded zip, shown on the edit screen. */
    packageFileName: p.string().fieldName('package_file_name').length(255).nullable(),
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
export type ICourse = InferEntity<typeof Course>;

export const CourseCategory = defineEntity({
  name: 'CourseCategory',
  tableName: 'course_categories',
  properties: (p) => ({
    courseId: p.integer().fieldName('course_id').primary(),
    categoryId: p.integer().fieldName('category_id').primary(),
  }),
});
