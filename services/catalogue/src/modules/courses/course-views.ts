import type { CourseDetail, CourseSummary } from '@portal/contracts';
import { single, type Em } from '@portal/service-kit';
import { categoriesByIds } from '../categories/category.repository';
import { activitiesOfCourse } from '../activities/course-activity.repository';
import type { ICourse } from './course.entity';
import { categoryLinksOf, findCourse } from './course.repository';
import { readManifest, storageUrl } from '../../queries';
import { packagePassMark } from './pass-mark';

const iso = (value: Date | string | number | null | undefined) => (value ? new Date(value).toISOString() : new Date(0).toISOString());

/** Courses as the API shows them, with their categories (one query for the lot). */
export async function toCourseSummaries(em: Em, courses: ICourse[]): Promise<CourseSummary[]> {
  if (courses.length === 0) return [];
  const links = await categoryLinksOf(
    em,
    courses.map((c) => c.id),
  );
  const categories = await categoriesByIds(
    em,
    links.map((l) => l.categoryId),
  );
  return courses.map((course) => {
    const own = categories.filter((cat) => links.some((l) => l.courseId === course.id && l.categoryId === cat.id));
    return {
      id: course.id,
      name: course.name,
      description: course.description,
      category_ids: own.map((c) => c.id),
      categories: own.map((c) => ({ id: c.id, name: c.name })),
      company_id: course.companyId ?? null,
      duration: course.duration ?? null,
      validity_period: course.validityPeriod,
      sku: course.sku ?? null,
      wp_link: course.wpLink ?? null,
      credit_cost: course.creditCost,
      has_bridging: course.hasBridging ? 1 : 0,
      scorm_version: course.scormVersion === '2004' ? '2004' : course.scormVersion === '1.2' ? '1.2' : null,
      file_name: course.packageFileName ?? null,
      certificate_link: storageUrl(course.certificatePath),
      created_at: iso(course.createdAt),
    };
  });
}

export async function loadCourseDetail(em: Em, courseId: number): Promise<CourseDetail | null> {
  const course = await findCourse(em, courseId);
  if (!course) return null;
  const summary = single(await toCourseSummaries(em, [course]), 'course summary');
  const activities = await activitiesOfCourse(em, courseId);
  return {
    ...summary,
    pass_mark: course.passMark ?? null,
    package_pass_mark: packagePassMark(readManifest(course.manifest)),
    activities: activities.map((a) => ({
      id: a.id,
      name: a.name,
      code: a.code,
      description: a.description,
      type: a.type,
      file_url: storageUrl(a.filePath),
      file_name: a.fileName ?? null,
    })),
  };
}
