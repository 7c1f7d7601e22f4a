import type { CourseSummary, ListCoursesQuery, Page } from '@portal/contracts';
import { mapPage, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { coursesByIds, listCourses } from './course.repository';
import { isCompanyView, visibleCompanyIds } from './course-visibility';
import { toCourseSummaries } from './course-views';
import { companyValidityPeriods, selectedCourseIds } from '../company-courses/company-course.repository';

export interface CourseCatalogue {
  page: Page<CourseSummary>;
  /** The calling company's selected courses (company callers only). */
  selected?: { id: number; name: string }[];
}

/**
 * GET /api/courses. Admins see every course. A company (a manager, or an admin acting for one)
 * sees the shared courses and its own company-specific ones, each flagged with whether it is in
 * the company's selection and has enrolments, with the company's own certificate expiry where it set
 * one (Edit course), and the selection itself.
 */
export async function listCourseCatalogue(
  deps: ServiceDeps,
  em: Em,
  principal: Principal,
  query: ListCoursesQuery,
  url: string,
): Promise<CourseCatalogue> {
  const companyView = isCompanyView(principal);
  const companyIds = companyView ? await visibleCompanyIds(deps, em, principal.companyId) : null;
  const page = await mapPage(await listCourses(em, query, { companyIds, url }), (courses) => toCourseSummaries(em, courses));
  if (!companyView) return { page };

  const selectedIds = new Set(await selectedCourseIds(em, principal.companyId));
  const selectedCourses = await coursesByIds(em, [...selectedIds]);
  // One call across the door for the whole page.
  const enrolled = new Set(
    page.data.length
      ? await deps.enrolment.coursesWithEnrolments(
          principal.companyId,
          page.data.map((course) => course.id),
        )
      : [],
  );
  const ownValidity = await companyValidityPeriods(
    em,
    principal.companyId,
    page.data.map((course) => course.id),
  );
  const withFlags = await mapPage(page, (data) =>
    data.map((course) => ({
      ...course,
      validity_period: ownValidity.get(course.id) ?? course.validity_period,
      selected: selectedIds.has(course.id),
      has_enrollments: enrolled.has(course.id),
    })),
  );
  return { page: withFlags, selected: selectedCourses.map((c) => ({ id: c.id, name: c.name })) };
}
