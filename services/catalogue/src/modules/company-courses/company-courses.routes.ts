import QRCode from 'qrcode';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { bridgingActivityQrCode, editCompanyCourse, listBridgingActivities, toggleCourse } from '@portal/contracts';
import { AppError, createServiceRouter, notFound, type Em, type ServiceDeps } from '@portal/service-kit';
import { CourseActivity } from '../activities/course-activity.entity';
import { findVisibleCourse } from '../courses/courses.routes';
import { htmlToText } from '../courses/sanitise-html';
import { storageUrl } from '../../queries';
import { BridgingActivity, CompanyCourse } from './company-course.entity';

async function selectedIds(em: Em, companyId: number): Promise<number[]> {
  const rows = await em.find(CompanyCourse, { companyId, selected: true }, { orderBy: { courseId: 'asc' } });
  return rows.map((r) => r.courseId);
}

/** A company's bridging rows for every activity of the course, made (enabled, the template's text) on first sight. */
async function ensureBridgingActivities(em: Em, companyId: number, courseId: number) {
  const activities = await em.find(CourseActivity, { courseId }, { orderBy: { position: 'asc', id: 'asc' } });
  const existing = await em.find(BridgingActivity, { companyId, courseId });
  const missing = activities.filter((a) => !existing.some((b) => b.courseActivityId === a.id));
  if (missing.length) {
    try {
      await em.fork().transactional(async (tx) => {
        for (const activity of missing) {
          tx.create(BridgingActivity, { companyId, courseId, courseActivityId: activity.id, description: htmlToText(activity.description), enabled: true } as never);
        }
      });
    } catch (error) {
      // Another request made them at the same moment: read theirs.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }
  const rows = missing.length ? await em.find(BridgingActivity, { companyId, courseId }, { refresh: true }) : existing;
  const byActivity = new Map(rows.map((b) => [b.courseActivityId, b]));
  return activities.filter((a) => byActivity.has(a.id)).map((activity) => ({ activity, bridging: byActivity.get(activity.id)! }));
}

export function companyCourseRoutes(deps: ServiceDeps) {
  return createServiceRouter(deps)
    .handle(toggleCourse, async ({ em, principal, params }) => {
      await findVisibleCourse(deps, em, principal, params.id);
      const companyId = principal.companyId;
      const row = await em.findOne(CompanyCourse, { companyId, courseId: params.id });
      if (row?.selected) {
        if (deps.enrolment && (await deps.enrolment.hasEnrollments(em, companyId, params.id))) {
          throw new AppError('validation', 'This course has enrolments, so it cannot be removed from your selection.', {
            errors: { course: ['This course has enrolments, so it cannot be removed from your selection.'] },
          });
        }
        row.selected = false;
      } else if (row) row.selected = true;
      else em.create(CompanyCourse, { companyId, courseId: params.id, selected: true } as never);
      await em.flush();
      return { success: true as const, data: await selectedIds(em, companyId) };
    })
    .handle(listBridgingActivities, async ({ em, principal, params }) => {
      const course = await findVisibleCourse(deps, em, principal, params.id);
      const settings = await em.findOne(CompanyCourse, { companyId: principal.companyId, courseId: course.id });
      const rows = await ensureBridgingActivities(em, principal.companyId, course.id);
      return {
        data: rows.map(({ activity, bridging }) => ({
          id: bridging.id,
          activity_id: activity.id,
          name: activity.name,
          code: activity.code,
          description: bridging.description,
          enabled: bridging.enabled,
          type: activity.type,
          file_url: storageUrl(activity.filePath),
        })),
        course: { id: course.id, name: course.name, validity_period: settings?.validityPeriod ?? course.validityPeriod, has_bridging: course.hasBridging },
      };
    })
    .handle(editCompanyCourse, async ({ em, principal, params, body }) => {
      const course = await findVisibleCourse(deps, em, principal, params.id);
      const companyId = principal.companyId;
      const ids = body.activities.map((a) => a.id);
      const own = ids.length ? await em.find(BridgingActivity, { id: { $in: ids }, companyId, courseId: course.id }) : [];
      if (own.length !== new Set(ids).size) throw notFound('That bridging activity');
      await em.transactional(async (tx) => {
        const settings = await tx.findOne(CompanyCourse, { companyId, courseId: course.id });
        if (settings) settings.validityPeriod = body.validity_period;
        else tx.create(CompanyCourse, { companyId, courseId: course.id, selected: false, validityPeriod: body.validity_period } as never);
        const rows = ids.length ? await tx.find(BridgingActivity, { id: { $in: ids } }) : [];
        for (const input of body.activities) {
          tx.assign(rows.find((b) => b.id === input.id)!, { description: input.description, enabled: input.enabled });
        }
      });
      return { success: true as const, message: 'Course successfully saved!' };
    })
    .handle(bridgingActivityQrCode, async ({ c, em, principal, params }) => {
      const bridging = await em.findOne(BridgingActivity, { id: params.id });
      // Another company's activity is "not found", whatever its id: no probing.
      if (!bridging || (bridging.companyId !== principal.companyId && !(principal.role === 'admin' && !principal.isMimicking))) {
        throw notFound('That bridging activity');
      }
      const activity = await em.findOne(CourseActivity, { id: bridging.courseActivityId });
      if (!activity) throw notFound('That bridging activity');
      // The code the learner types in the Activity Code form, readable by any phone camera.
      const png = await QRCode.toBuffer(String(activity.code), { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 512 });
      const slug = activity.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'activity';
      c.header('Content-Type', 'image/png');
      c.header('Content-Disposition', `attachment; filename="bridging-activity-${bridging.id}-${slug}-qr.png"`);
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(png));
    }).app;
}
