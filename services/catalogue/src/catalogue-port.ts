import type { CataloguePort, PortContext } from '@portal/service-kit';
import { canReadCourseFiles } from './modules/packages/course-file-access';
import { findCompanyCourseActivities, findCourseSummaries, findCourseSummaryBySku, getCoursePackage } from './queries';

/** Catalogue's front door (kit `CataloguePort`): each call runs on its own entity manager. */
export function createCataloguePort({ orm, ports }: PortContext): CataloguePort {
  return {
    coursesByIds: (ids, options = {}) => findCourseSummaries(orm.em.fork(), ids, options.companyId),
    coursePackage: (courseId) => getCoursePackage(orm.em.fork(), courseId),
    companyCourseActivities: (companyId, courseId) => findCompanyCourseActivities(orm.em.fork(), companyId, courseId),
    courseBySku: (sku) => findCourseSummaryBySku(orm.em.fork(), sku),
    canReadCourseFiles(principal, courseId) {
      if (!ports) throw new Error('canReadCourseFiles needs the identity and enrolment ports (PortContext.ports)');
      return canReadCourseFiles(ports(), orm.em.fork(), principal, courseId);
    },
  };
}
