import QRCode from 'qrcode';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { BridgingActivity as BridgingActivityItem, editCompanyCourseBodySchema } from '@portal/contracts';
import { notFound, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import type { z } from 'zod';
import { BridgingActivity, CompanyCourse } from './company-course.entity';
import { bridgingActivitiesOf, findBridgingActivity, findCompanyCourse, ownBridgingActivities } from './company-course.repository';
import { activitiesOfCourse, findActivity } from '../activities/course-activity.repository';
import { findVisibleCourse } from '../courses/course-visibility';
import { htmlToText } from '../courses/sanitise-html';
import { storageUrl } from '../../queries';

type SaveInput = z.output<typeof editCompanyCourseBodySchema>;

/** A company's bridging rows for every activity of the course, made (enabled, the template's text) on first sight. */
async function ensureBridgingActivities(em: Em, companyId: number, courseId: number) {
  const activities = await activitiesOfCourse(em, courseId);
  const existing = await bridgingActivitiesOf(em, companyId, courseId);
  const missing = activities.filter((a) => !existing.some((b) => b.courseActivityId === a.id));
  if (missing.length) {
    try {
      await em.fork().transactional((tx) => {
        for (const activity of missing) {
          tx.create(BridgingActivity, {
            companyId,
            courseId,
            courseActivityId: activity.id,
            description: htmlToText(activity.description),
            enabled: true,
          });
        }
      });
    } catch (error) {
      // Another request made them at the same moment: read theirs.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }
  const rows = missing.length ? await bridgingActivitiesOf(em, companyId, courseId, { refresh: true }) : existing;
  const byActivity = new Map(rows.map((b) => [b.courseActivityId, b]));
  return activities.flatMap((activity) => {
    const bridging = byActivity.get(activity.id);
    return bridging ? [{ activity, bridging }] : [];
  });
}

/** The calling company's bridging activities of a course, with its certificate expiry for the course. */
export async function companyBridgingActivities(deps: ServiceDeps, em: Em, principal: Principal, courseId: number) {
  const course = await findVisibleCourse(deps, em, principal, courseId);
  const settings = await findCompanyCourse(em, principal.companyId, course.id);
  const rows = await ensureBridgingActivities(em, principal.companyId, course.id);
  const activities: BridgingActivityItem[] = rows.map(({ activity, bridging }) => ({
    id: bridging.id,
    activity_id: activity.id,
    name: activity.name,
    code: activity.code,
    description: bridging.description,
    enabled: bridging.enabled,
    type: activity.type,
    file_url: storageUrl(activity.filePath),
  }));
  return { course, validityPeriod: settings?.validityPeriod ?? course.validityPeriod, activities };
}

/** Saves the calling company's certificate expiry (years) and its bridging activities of a course (its own only). */
export async function saveCompanyCourse(
  deps: ServiceDeps,
  em: Em,
  principal: Principal,
  courseId: number,
  input: SaveInput,
): Promise<void> {
  const course = await findVisibleCourse(deps, em, principal, courseId);
  const companyId = principal.companyId;
  const ids = input.activities.map((a) => a.id);
  const own = await ownBridgingActivities(em, companyId, course.id, ids);
  if (own.length !== new Set(ids).size) throw notFound('That bridging activity');
  await em.transactional(async (tx) => {
    const settings = await findCompanyCourse(tx, companyId, course.id);
    if (settings) settings.validityPeriod = input.validity_period;
    else tx.create(CompanyCourse, { companyId, courseId: course.id, selected: false, validityPeriod: input.validity_period });
    const rows = await ownBridgingActivities(tx, companyId, course.id, ids);
    for (const activity of input.activities) {
      const row = rows.find((b) => b.id === activity.id);
      // Checked above; gone only if deleted since.
      if (!row) throw notFound('That bridging activity');
      tx.assign(row, { description: activity.description, enabled: activity.enabled });
    }
  });
}

/** A bridging activity's code as a QR code PNG, for the company it belongs to (admins: any). */
export async function bridgingQrCode(
  em: Em,
  principal: Principal,
  bridgingId: number,
): Promise<{ png: Uint8Array<ArrayBuffer>; fileName: string }> {
  const bridging = await findBridgingActivity(em, bridgingId);
  // Another company's activity is "not found", whatever its id: no probing.
  if (!bridging || (bridging.companyId !== principal.companyId && !(principal.role === 'admin' && !principal.isMimicking))) {
    throw notFound('That bridging activity');
  }
  const activity = await findActivity(em, bridging.courseActivityId);
  if (!activity) throw notFound('That bridging activity');
  // The code the learner types in the Activity Code form, readable by any phone camera.
  const png = await QRCode.toBuffer(String(activity.code), { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 512 });
  const slug =
    activity.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'activity';
  return { png: new Uint8Array(png), fileName: `bridging-activity-${bridging.id}-${slug}-qr.png` };
}
