import { adminEnrolUser } from '@portal/contracts';
import { createServiceRouter, type ServiceDeps } from '@portal/service-kit';
import { adminEnrol } from './admin-enrol';

export function adminEnrolRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps).handle(adminEnrolUser, async ({ em, params, body }) => {
    const enrollment = await adminEnrol(em, deps, {
      userId: params.id,
      courseId: body.course_id,
      force: body.force,
      ...(body.pass_date ? { passDate: body.pass_date } : {}),
      sendPassEmail: body.send_pass_email,
      now: deps.now(),
      appUrl: deps.env.appUrl,
    });
    return {
      success: true as const,
      message: 'User successfully enrolled in course!',
      data: { id: enrollment.id, status: enrollment.status as 'not_started' | 'passed', certificate_code: enrollment.certificateCode ?? null },
    };
  }).app;
}
