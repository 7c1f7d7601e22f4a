import { createCourse, deleteCourse, getCourse, listCourses, updateCourse } from '@portal/contracts';
import { createServiceRouter, notFound, type ServiceDeps } from '@portal/service-kit';
import { findCourse } from './course.repository';
import { loadCourseDetail } from './course-views';
import { listCourseCatalogue } from './list-courses';
import { removeCourse } from './remove-course';
import { saveCourse } from './save-course';
import { uploadWarnings } from './pass-mark';

export function courseRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(listCourses, async ({ c, em, principal, query }) => {
      const { page, selected } = await listCourseCatalogue(deps, em, principal, query, c.req.url);
      // `meta` repeats the page numbers for the frontends that still read them there.
      const meta = { current_page: page.current_page, last_page: page.last_page, per_page: page.per_page, total: page.total };
      return { ...page, meta, ...(selected ? { selected } : {}) };
    })
    .handle(getCourse, async ({ em, params }) => {
      const data = await loadCourseDetail(em, params.id);
      if (!data) throw notFound('That course');
      return { data };
    })
    .handle(createCourse, async ({ em, body }) => {
      const id = await saveCourse(deps, em, null, body);
      const data = await loadCourseDetail(em.fork(), id);
      if (!data) throw new Error(`Course ${id} cannot be read back right after it was created.`);
      return {
        success: true as const,
        message: 'Course successfully created!',
        data,
        warnings: uploadWarnings(data, { hasNewPackage: true }),
      };
    })
    .handle(updateCourse, async ({ em, params, body }) => {
      if (!(await findCourse(em, params.id))) throw notFound('That course');
      await saveCourse(deps, em, params.id, body);
      const data = await loadCourseDetail(em.fork(), params.id);
      if (!data) throw notFound('That course'); // deleted while it was being saved
      return {
        success: true as const,
        message: 'Course successfully saved!',
        data,
        warnings: uploadWarnings(data, { hasNewPackage: Boolean(body.file) }),
      };
    })
    .handle(deleteCourse, async ({ em, params }) => {
      const result = await removeCourse(deps, em, params.id);
      return {
        success: true as const,
        message: 'Course successfully deleted!',
        removed_enrollments: result.removed,
        refunded_credits: result.refunded,
      };
    }).app;
}
