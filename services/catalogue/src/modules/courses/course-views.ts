import type { CourseDetail, CourseSummary } from '@portal/contracts';
import type { Em } from '@portal/service-kit';
import { Category } from '../categories/category.entity';
import { CourseActivity } from '../activities/course-activity.entity';
import { Course, CourseCategory, type ICourse } from './course.entity';
import { storageUrl } from '../../queries';

const iso = (value: Date | string | number | null | undefined) => (value ? new Date(value).toISOString() : new Date(0).toISOString());

/** Courses as the API shows them, with their categories (one query for the lot). */
export async function toCourseSummaries(em: Em, courses: ICourse[]): Promise<CourseSummary[]> {
  if (courses.length === 0) return [];
  const links = await em.find(CourseCategory, { courseId: { $in: courses.map((c) => c.id) } });
  const categories = await em.find(Category, { id: { $in: [...new Set(links.map((l) => l.categoryId))] } }, { orderBy: { name: 'asc' } });
  const categoryById = new Map(categories.map((c) => [c.id, { id: c.id, name: c.name }]));
  return courses.map((course) => {
    const own = categories.filter((cat) => links.some((l) => l.courseId === course.id && l.categoryId === cat.id));
    return {
      id: course.id,
      name: course.name,
      description: course.description,
      category_ids: own.map((c) => c.id),
      categories: own.map((c) => categoryById.get(c.id)!),
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
  const course = await em.findOne(Course, { id: courseId });
  if (!course) return null;
  const [summary] = await toCourseSummaries(em, [course as ICourse]);
  const activities = await em.find(CourseActivity, { courseId }, { orderBy: { position: 'asc', id: 'asc' } });
  return {
    ...summary!,
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
