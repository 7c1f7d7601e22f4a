import {
  ADMIN_PAGE_SIZE,
  CATALOGUE_PAGE_SIZE,
  MIN_SEARCH_LENGTH,
  createCourse,
  deleteCourse,
  getCourse,
  listCourses,
} from '@portal/contracts';
import { raw } from '@mikro-orm/core';
import { AppError, createServiceRouter, notFound, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { Course, CourseCategory, type ICourse } from './course.entity';
import { CourseActivity } from '../activities/course-activity.entity';
import { BridgingActivity, CompanyCourse } from '../company-courses/company-course.entity';
import { loadCourseDetail, toCourseSummaries } from './course-views';
import { saveCourse } from './save-course';
import { updateCourse } from '@portal/contracts';

/** Whether the caller sees the catalogue as a company (managers, and admins acting for a company). */
export const isCompanyView = (principal: Principal) => principal.role === 'manager' || principal.isMimicking;

/** Company ids whose company-specific courses a company sees: its own and, for a depot, its parent's. */
export async function visibleCompanyIds(deps: ServiceDeps, em: Em, companyId: number): Promise<number[]> {
  const parentId = await deps.identity.companyParentId(em, companyId);
  return parentId ? [companyId, parentId] : [companyId];
}

/** The course if the caller's company may see it (shared, or company-specific to it); 404 otherwise. */
export async function findVisibleCourse(deps: ServiceDeps, em: Em, principal: Principal, courseId: number) {
  const course = await em.findOne(Course, { id: courseId });
  if (!course) throw notFound('That course');
  if (principal.role === 'admin' && !principal.isMimicking) return course;
  if (course.companyId != null && !(await visibleCompanyIds(deps, em, principal.companyId)).includes(course.companyId)) {
    throw notFound('That course');
  }
  return course;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export function courseRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(listCourses, async ({ em, principal, query }) => {
      const companyView = isCompanyView(principal);
      const where: Record<string, unknown>[] = [];
      if (companyView) where.push({ $or: [{ companyId: null }, { companyId: { $in: await visibleCompanyIds(deps, em, principal.companyId) } }] });
      const search = query.search?.trim() ?? '';
      if (search.length >= MIN_SEARCH_LENGTH) where.push({ name: { $like: `%${escapeLike(search)}%` } });
      if (query.category_id) {
        const links = await em.find(CourseCategory, { categoryId: query.category_id });
        where.push({ id: { $in: links.map((l) => l.courseId) } });
      }
      const filter = where.length ? { $and: where } : {};
      const perPage = query.per_page ?? (companyView ? CATALOGUE_PAGE_SIZE : ADMIN_PAGE_SIZE);
      const total = await em.count(Course, filter as never);
      const lastPage = Math.max(1, Math.ceil(total / perPage));
      const page = Math.min(Math.max(1, query.page ?? 1), lastPage);
      const sortField = { name: 'name', id: 'id', credit_cost: 'creditCost', validity_period: 'validityPeriod', created_at: 'createdAt' }[query.sortBy ?? 'name'];
      const direction = query.sortDir ?? 'asc';
      // Names sort as people read them: case-insensitively on every database.
      const orderKey = sortField === 'name' ? raw('lower(name)') : sortField;
      const courses = await em.find(Course, filter as never, {
        orderBy: { [orderKey]: direction, id: direction } as never,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      const data = await toCourseSummaries(em, courses as ICourse[]);
      const meta = { current_page: page, last_page: lastPage, per_page: perPage, total };
      if (!companyView && principal.role === 'admin') return { data, meta };

      const selection = await em.find(CompanyCourse, { companyId: principal.companyId, selected: true });
      const selectedIds = new Set(selection.map((s) => s.courseId));
      const selectedCourses = selectedIds.size
        ? await em.find(Course, { id: { $in: [...selectedIds] } }, { orderBy: { name: 'asc' } })
        : [];
      const withFlags = await Promise.all(
        data.map(async (course) => ({
          ...course,
          selected: selectedIds.has(course.id),
          has_enrollments: deps.enrolment ? await deps.enrolment.hasEnrollments(em, principal.companyId, course.id) : false,
        })),
      );
      return { data: withFlags, meta, selected: selectedCourses.map((c) => ({ id: c.id, name: c.name })) };
    })
    .handle(getCourse, async ({ em, params }) => {
      const data = await loadCourseDetail(em, params.id);
      if (!data) throw notFound('That course');
      return { data };
    })
    .handle(createCourse, async ({ em, body }) => {
      const id = await saveCourse(deps, em, null, body);
      return { success: true as const, message: 'Course successfully created!', data: (await loadCourseDetail(em.fork(), id))! };
    })
    .handle(updateCourse, async ({ em, params, body }) => {
      if (!(await em.findOne(Course, { id: params.id }))) throw notFound('That course');
      await saveCourse(deps, em, params.id, body);
      return { success: true as const, message: 'Course successfully saved!', data: (await loadCourseDetail(em.fork(), params.id))! };
    })
    .handle(deleteCourse, async ({ em, params }) => {
      const course = await em.findOne(Course, { id: params.id });
      if (!course) throw notFound('That course');
      if (!deps.enrolment) throw new AppError('conflict', 'Failed to delete course.');
      const enrolment = deps.enrolment;
      const result = await em.transactional(async (tx) => {
        // Enrolment owns its tables: it removes the course's enrolments and refunds their credits.
        const cascade = await enrolment.removeEnrollmentsOfCourse(tx, params.id);
        await tx.nativeDelete(BridgingActivity, { courseId: params.id });
        await tx.nativeDelete(CompanyCourse, { courseId: params.id });
        await tx.nativeDelete(CourseActivity, { courseId: params.id });
        await tx.nativeDelete(CourseCategory, { courseId: params.id });
        await tx.nativeDelete(Course, { id: params.id });
        return cascade;
      });
      await deps.storage.remove(`courses/${params.id}`);
      return { success: true as const, message: 'Course successfully deleted!', removed_enrollments: result.removed, refunded_credits: result.refunded };
    }).app;
}
