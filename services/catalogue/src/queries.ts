import { rowBoolean, type CourseActivityInfo, type CoursePackage, type CourseSummary, type Em, type Orm } from '@portal/service-kit';
import { Course } from './modules/courses/course.entity';
import { CourseActivity } from './modules/activities/course-activity.entity';
import { BridgingActivity } from './modules/company-courses/company-course.entity';
import type { ParsedManifest } from './modules/packages/manifest';
import { textToHtml } from './modules/courses/sanitise-html';
import { companyValidities, coursePackageRow, coursesWithIds } from './catalogue.statements';

/**
 * Catalogue's reads behind its port (`catalogue-port.ts`) and its own routes. Course summaries are
 * plain rows of the columns they show (the learner dashboard asks on every visit; entities with
 * their stored manifests cost many times the query).
 */
export async function findCourseSummaries(from: Em | Orm, ids: number[], companyId?: number): Promise<CourseSummary[]> {
  if (ids.length === 0) return [];
  const courses = await coursesWithIds(from, [...new Set(ids)]);
  const settings =
    companyId === undefined || !courses.length
      ? []
      : await companyValidities(
          from,
          companyId,
          courses.map((c) => Number(c.id)),
        );
  const ownValidity = new Map(settings.map((s) => [Number(s.course_id), s.validity_period === null ? null : Number(s.validity_period)]));
  return courses.map((c) => ({
    id: Number(c.id),
    name: c.name,
    description: c.description,
    wpLink: c.wp_link ?? null,
    companyId: c.company_id === null ? null : Number(c.company_id),
    creditCost: Number(c.credit_cost),
    validityYears: ownValidity.get(Number(c.id)) ?? Number(c.validity_period),
    hasBridging: rowBoolean(c.has_bridging),
  }));
}

/** The course the shop sells under this SKU (the shop's product code), or null. */
export async function findCourseSummaryBySku(em: Em, sku: string): Promise<CourseSummary | null> {
  const course = await em.findOne(Course, { sku }, { fields: ['id'] });
  if (!course) return null;
  return (await findCourseSummaries(em, [course.id]))[0] ?? null;
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

const parsedManifests = new Map<number, { text: string; manifest: ParsedManifest | null }>();

/** The stored manifest, parsed once per course and text (a new upload's text differs, so it is read again). */
function manifestOf(courseId: number, value: unknown): ParsedManifest | null {
  if (typeof value !== 'string') return readManifest(value);
  const known = parsedManifests.get(courseId);
  if (known && known.text === value) return known.manifest;
  const manifest = readManifest(value);
  parsedManifests.set(courseId, { text: value, manifest });
  return manifest;
}

export async function getCoursePackage(from: Em | Orm, courseId: number): Promise<CoursePackage | null> {
  const [course] = await coursePackageRow(from, courseId);
  if (!course || !course.package_path) return null;
  const id = Number(course.id);
  const passMark = course.pass_mark === null || course.pass_mark === undefined ? null : Number(course.pass_mark);
  const manifest = manifestOf(id, course.manifest);
  if (manifest && manifest.scos.length > 0) {
    return { courseId: id, version: manifest.version, scos: manifest.scos, passMark };
  }
  // A course stored before manifests were kept: one SCO at the stored launch path.
  if (!course.launch_path) return null;
  return {
    courseId: id,
    version: course.scorm_version === '2004' ? '2004' : '1.2',
    scos: [
      {
        identifier: 'item_1',
        title: course.name,
        href: course.launch_path,
        masteryScore: null,
        dataFromLms: null,
        scaledPassingScore: null,
        objectiveIds: [],
      },
    ],
    passMark,
  };
}

export const storageUrl = (key: string | null | undefined) => (key ? `/storage/${key.split('/').map(encodeURIComponent).join('/')}` : null);

/** A course's activity templates, in their order. */
export async function findCourseActivities(em: Em, courseId: number): Promise<CourseActivityInfo[]> {
  const activities = await em.find(CourseActivity, { courseId }, { orderBy: { position: 'asc', id: 'asc' } });
  return activities.map((a) => ({
    id: a.id,
    name: a.name,
    code: a.code,
    description: a.description,
    type: a.type,
    fileUrl: storageUrl(a.filePath),
  }));
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
