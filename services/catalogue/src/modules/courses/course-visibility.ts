import { notFound, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { ICourse } from './course.entity';
import { findCourse } from './course.repository';

/** Whether the caller sees the catalogue as a company (managers, and admins acting for a company). */
export const isCompanyView = (principal: Principal) => principal.role === 'manager' || principal.isMimicking;

/** Company ids whose company-specific courses a company sees: its own and, for a depot, its parent's. */
export async function visibleCompanyIds(deps: ServiceDeps, em: Em, companyId: number): Promise<number[]> {
  const parentId = await deps.identity.companyParentId(companyId);
  return parentId ? [companyId, parentId] : [companyId];
}

/** The course if the caller's company may see it (shared, or company-specific to it); 404 otherwise. */
export async function findVisibleCourse(deps: ServiceDeps, em: Em, principal: Principal, courseId: number): Promise<ICourse> {
  const course = await findCourse(em, courseId);
  if (!course) throw notFound('That course');
  if (principal.role === 'admin' && !principal.isMimicking) return course;
  if (course.companyId != null && !(await visibleCompanyIds(deps, em, principal.companyId)).includes(course.companyId)) {
    throw notFound('That course');
  }
  return course;
}
