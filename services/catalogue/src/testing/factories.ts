import { randomBytes } from 'node:crypto';
import type { CourseSco, Em } from '@portal/service-kit';
import { Course, type ICourse } from '../modules/courses/course.entity';
import { CourseActivity, type ICourseActivity } from '../modules/activities/course-activity.entity';
import {
  BridgingActivity,
  CompanyCourse,
  type IBridgingActivity,
  type ICompanyCourse,
} from '../modules/company-courses/company-course.entity';

const unique = () => randomBytes(4).toString('hex');

/** One SCO of a test package: the kit's, which its fake catalogue port uses too. */
export { makeSco } from '@portal/service-kit/testing';

/**
 * A course with a unique name. With `package`, it has a stored SCORM package of those SCOs (the
 * manifest only: no files are written).
 */
export async function makeCourse(
  em: Em,
  input: {
    name?: string;
    description?: string;
    wpLink?: string | null;
    companyId?: number | null;
    creditCost?: number;
    validityPeriod?: number;
    hasBridging?: boolean;
    passMark?: number | null;
    package?: { version: '1.2' | '2004'; scos: CourseSco[] };
  } = {},
): Promise<ICourse> {
  const pkg = input.package;
  const course = em.create(Course, {
    name: input.name ?? `Course ${unique()}`,
    description: input.description ?? '<p>A course.</p>',
    wpLink: input.wpLink ?? null,
    companyId: input.companyId ?? null,
    creditCost: input.creditCost ?? 1,
    validityPeriod: input.validityPeriod ?? 1,
    hasBridging: input.hasBridging ?? false,
    passMark: input.passMark ?? null,
    ...(pkg
      ? {
          packagePath: `courses/test-${unique()}/package`,
          scormVersion: pkg.version,
          launchPath: pkg.scos[0]?.href ?? 'index.html',
          manifest: { version: pkg.version, edition: null, identifier: 'test', title: 'Test package', organization: 'org', scos: pkg.scos },
        }
      : {}),
  });
  await em.flush();
  return course;
}

/** An activity template of a course (done on site, confirmed by its code). */
export async function makeCourseActivity(
  em: Em,
  input: {
    courseId: number;
    name?: string;
    code?: number;
    description?: string;
    type?: 'file' | 'video';
    filePath?: string | null;
    position?: number;
  },
): Promise<ICourseActivity> {
  const name = input.name ?? `Activity ${unique()}`;
  const activity = em.create(CourseActivity, {
    courseId: input.courseId,
    name,
    code: input.code ?? 123456,
    description: input.description ?? `<p>${name}.</p>`,
    type: input.type ?? 'file',
    filePath: input.filePath ?? null,
    position: input.position ?? 0,
  });
  await em.flush();
  return activity;
}

/** A company's own description and switch for one of a course's activities. */
export async function makeBridgingActivity(
  em: Em,
  input: { companyId: number; courseId: number; courseActivityId: number; description?: string; enabled?: boolean },
): Promise<IBridgingActivity> {
  const bridging = em.create(BridgingActivity, {
    companyId: input.companyId,
    courseId: input.courseId,
    courseActivityId: input.courseActivityId,
    description: input.description ?? '',
    enabled: input.enabled ?? true,
  });
  await em.flush();
  return bridging;
}

/** A company's settings for a course: in its selection, and its own certificate validity. */
export async function makeCompanyCourse(
  em: Em,
  input: { companyId: number; courseId: number; selected?: boolean; validityPeriod?: number | null },
): Promise<ICompanyCourse> {
  const row = em.create(CompanyCourse, {
    companyId: input.companyId,
    courseId: input.courseId,
    selected: input.selected ?? false,
    validityPeriod: input.validityPeriod ?? null,
  });
  await em.flush();
  return row;
}
