import { bridgingActivityQrCode, editCompanyCourse, listBridgingActivities, toggleCourse } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { toggleCourseSelection } from './course-selection';
import { bridgingQrCode, companyBridgingActivities, saveCompanyCourse } from './bridging-activities';

export function companyCourseRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(toggleCourse, async ({ em, principal, params }) => ({
      success: true as const,
      data: await toggleCourseSelection(deps, em, principal, params.id),
    }))
    .handle(listBridgingActivities, async ({ em, principal, params }) => {
      const { course, validityPeriod, activities } = await companyBridgingActivities(deps, em, principal, params.id);
      return {
        data: activities,
        course: { id: course.id, name: course.name, validity_period: validityPeriod, has_bridging: course.hasBridging },
      };
    })
    .handle(editCompanyCourse, async ({ em, principal, params, body }) => {
      await saveCompanyCourse(deps, em, principal, params.id, body);
      return { success: true as const, message: 'Course successfully saved!' };
    })
    .handle(bridgingActivityQrCode, async ({ c, em, principal, params }) => {
      const qr = await bridgingQrCode(em, principal, params.id);
      c.header('Content-Type', 'image/png');
      c.header('Content-Disposition', `attachment; filename="${qr.fileName}"`);
      c.header('Cache-Control', 'private, no-store');
      return c.body(qr.png);
    }).app;
}
