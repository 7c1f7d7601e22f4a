import type { Em } from '@portal/service-kit';
import { changeCredits, enrolmentSpendsOf } from '../credits/credit.repository';
import { deleteScormDataOf } from '../player/scorm.repository';
import { deleteActivitiesOf } from '../activities/learner-activity.repository';
import { revokeCertificatesOf } from '../certificates/certificate.repository';
import { deleteEnrolmentRows, enrolmentIdsOf, enrolmentsOfCourse } from '../enrolments/enrolment.repository';

/** Deletes enrolments with what hangs off them: SCORM attempts, SCO states, the SCORM log, activities. */
export async function deleteEnrolments(em: Em, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteScormDataOf(em, ids);
  await deleteActivitiesOf(em, ids);
  // Their certificates stay, revoked, so a printed code still verifies (as revoked).
  await revokeCertificatesOf(em, ids, { reason: 'Enrolment deleted', at: new Date() });
  return deleteEnrolmentRows(em, ids);
}

/** A course is going: its enrolments go, and each company gets back what it paid for them. */
export async function removeEnrolmentsOfCourse(em: Em, courseId: number): Promise<{ removed: number; refunded: number }> {
  return em.transactional(async (tx) => {
    const enrolments = await enrolmentsOfCourse(tx, courseId);
    const ids = enrolments.map((e) => e.id);
    const spends = await enrolmentSpendsOf(tx, ids);
    let refunded = 0;
    for (const enrolment of enrolments) {
      const cost = -spends.filter((t) => t.enrolmentId === enrolment.id).reduce((sum, t) => sum + t.delta, 0);
      if (cost > 0) {
        await changeCredits(tx, {
          companyId: enrolment.companyId,
          delta: cost,
          kind: 'refund',
          enrolmentId: enrolment.id,
          note: `Course ${courseId} deleted`,
        });
        refunded += cost;
      }
    }
    const removed = await deleteEnrolments(tx, ids);
    return { removed, refunded };
  });
}

/** Users or companies are going: their enrolments go too, without refunds. */
export async function removeEnrolmentsOf(em: Em, owners: { userIds: number[]; companyIds: number[] }): Promise<{ removed: number }> {
  if (owners.userIds.length === 0 && owners.companyIds.length === 0) return { removed: 0 };
  const removed = await em.transactional(async (tx) => deleteEnrolments(tx, await enrolmentIdsOf(tx, owners)));
  return { removed };
}
