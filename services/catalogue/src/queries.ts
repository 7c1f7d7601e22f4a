import type { Em } from '@portal/service-kit';
import { Course, type ICourse } from './modules/courses/course.entity';
import { CourseActivity } from './modules/activities/course-activity.entity';
import { BridgingActivity, CompanyCourse } from './modules/company-courses/company-course.entity';
import { packageBaseUrl } from './modules/packages/course-package';
import type { ManifestSco, ParsedManifest } from './modules/packages/manifest';
import { textToHtml } from './modules/courses/sanitise-html';

/** Catalogue's in-process read API for the other services. */
export async function findCoursesByIds(em: Em, ids: number[]): Promise<Map<number, ICourse>> {
  if (ids.length === 0) return new Map();
  const courses = await em.find(Course, { id: { $in: [...new Set(ids)] } });
  return new Map(courses.map((c) => [c.id, c as ICourse]));
}

/** What the player needs to launch a course's SCORM package. */
export interface CoursePackage {
  courseId: number;
  version: '1.2' | '2004';
  /** Same-origin folder of the unpacked package, with a trailing slash: `/storage/courses/7/package/`. */
  baseUrl: string;
  /** Launchable items of the default organisation in order; `href` is relative to baseUrl, parameters included. */
  scos: ManifestSco[];
}

/** The stored manifest: MariaDB hands a JSON column back as text, MySQL and SQLite as an object. */
export function readManifest(value: unknown): ParsedManifest | null {
  if (!value) return null;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as ParsedManifest;
    } catch {
      return null;
    }
  }
  return value as ParsedManifest;
}

export async function getCoursePackage(em: Em, courseId: number): Promise<CoursePackage | null> {
  const course = await em.findOne(Course, { id: courseId });
  if (!course || !course.packagePath) return null;
  const baseUrl = packageBaseUrl(course.id);
  const manifest = readManifest(course.manifest);
  if (manifest && manifest.scos.length > 0) {
    return { courseId: course.id, version: manifest.version, baseUrl, scos: manifest.scos };
  }
  // A course stored before manifests were kept: one SCO at the stored launch path.
  if (!course.launchPath) return null;
  return {
    courseId: course.id,
    version: course.scormVersion === '2004' ? '2004' : '1.2',
    baseUrl,
    scos: [{ identifier: 'item_1', title: course.name, href: course.launchPath, masteryScore: null, dataFromLms: null, scaledPassingScore: null, objectiveIds: [] }],
  };
}

export interface CourseActivityInfo {
  id: number;
  name: string;
  code: number;
  /** Sanitised HTML. */
  description: string;
  type: 'file' | 'video';
  /** Same-origin URL of the attachment (signed-in users only), or null. */
  fileUrl: string | null;
}

export const storageUrl = (key: string | null | undefined) => (key ? `/storage/${key.split('/').map(encodeURIComponent).join('/')}` : null);

/** A course's activity templates, in their order. */
export async function findCourseActivities(em: Em, courseId: number): Promise<CourseActivityInfo[]> {
  const activities = await em.find(CourseActivity, { courseId }, { orderBy: { position: 'asc', id: 'asc' } });
  return activities.map((a) => ({ id: a.id, name: a.name, code: a.code, description: a.description, type: a.type, fileUrl: storageUrl(a.filePath) }));
}

/** Whether a course has bridging (location) activities after the package. */
export const hasBridging = (course: Pick<ICourse, 'hasBridging'>) => Boolean(course.hasBridging);

/** Certificate validity in years for a company's enrolment: the company's own setting, else the course's. */
export async function courseValidityFor(em: Em, companyId: number, courseId: number): Promise<number | null> {
  const [course, settings] = await Promise.all([em.findOne(Course, { id: courseId }), em.findOne(CompanyCourse, { companyId, courseId })]);
  if (!course) return null;
  return settings?.validityPeriod ?? course.validityPeriod;
}

/**
 * A company's view of a course's activities: its bridging description and switch where it has set
 * them (disabled ones are left out), the template's otherwise.
 */
export async function findCompanyCourseActivities(em: Em, companyId: number, courseId: number): Promise<CourseActivityInfo[]> {
  const [activities, bridging] = await Promise.all([
    findCourseActivities(em, courseId),
    em.find(BridgingActivity, { companyId, courseId }),
  ]);
  const byActivity = new Map(bridging.map((b) => [b.courseActivityId, b]));
  return activities
    .filter((a) => byActivity.get(a.id)?.enabled ?? true)
    .map((a) => {
      const own = byActivity.get(a.id);
      return own && own.description.trim() ? { ...a, description: textToHtml(own.description) } : a;
    });
}
