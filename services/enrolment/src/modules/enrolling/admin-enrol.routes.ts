import { adminEnrolUser, ENROLLING_MESSAGES } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { adminEnrol } from './admin-enrol';

export function adminEnrolRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(adminEnrolUser, async ({ em, params, body, principal }) => {
    const enrolment = await adminEnrol(em, deps, {
      userId: params.id,
      courseId: body.course_id,
      force: body.force,
      ...(body.pass_date ? { passDate: body.pass_date } : {}),
      sendPassEmail: body.send_pass_email,
      now: deps.now(),
      appUrl: deps.env.appUrl,
      actor: principal,
    });
    return {
      success: true as const,
      message: ENROLLING_MESSAGES.enrolled,
      data: { id: enrolment.enrolmentId, status: enrolment.status, certificate_code: enrolment.certificateCode },
    };
  }).app;
}
