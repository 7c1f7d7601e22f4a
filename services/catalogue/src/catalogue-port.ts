import { createStorage, type CataloguePort, type PortContext } from '@portal/service-kit';
import { readBackground } from './modules/certificate-background/certificate-background';
import { canReadCourseFiles } from './modules/packages/course-file-access';
import { findCompanyCourseActivities, findCourseSummaries, findCourseSummaryBySku, getCoursePackage } from './queries';

/** Catalogue's front door (kit `CataloguePort`): each call runs on its own entity manager. */
export function createCataloguePort(context: PortContext): CataloguePort {
  const { orm, ports } = context;
  return {
    coursesByIds: (ids, options = {}) => findCourseSummaries(orm, ids, options.companyId),
    coursePackage: (courseId) => getCoursePackage(orm, courseId),
    companyCourseActivities: (companyId, courseId) => findCompanyCourseActivities(orm.em.fork(), companyId, courseId),
    certificateBackground: () => readBackground(context.storage ?? createStorage(context.env)),
    courseBySku: (sku) => findCourseSummaryBySku(orm.em.fork(), sku),
    canReadCourseFiles(principal, courseId) {
      if (!ports) throw new Error('canReadCourseFiles needs the identity and enrolment ports (PortContext.ports)');
      return canReadCourseFiles(ports(), orm.em.fork(), principal, courseId);
    },
  };
}
