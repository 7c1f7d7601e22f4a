import type { Em } from '@portal/service-kit';
import { changeCredits, enrolmentSpendsOf } from '../credits/credit.repository';
import { deleteScormDataOf } from '../player/scorm.repository';
import { deleteActivitiesOf } from '../activities/learner-activity.repository';
import { revokeCertificatesOf } from '../certificates/certificate.repository';
import { deleteEnrollmentRows, enrollmentIdsOf, enrollmentsOfCourse } from '../enrollments/enrollment.repository';

/** Deletes enrolments with what hangs off them: SCORM attempts, SCO states, the SCORM log, activities. */
export async function deleteEnrollments(em: Em, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await deleteScormDataOf(em, ids);
  await deleteActivitiesOf(em, ids);
  // Their certificates stay, revoked, so a printed code still verifies (as revoked).
  await revokeCertificatesOf(em, ids, { reason: 'Enrolment deleted', at: new Date() });
  return deleteEnrollmentRows(em, ids);
}

/** A course is going: its enrolments go, and each company gets back what it paid for them. */
export async function removeEnrollmentsOfCourse(em: Em, courseId: number): Promise<{ removed: number; refunded: number }> {
  return em.transactional(async (tx) => {
    const enrollments = await enrollmentsOfCourse(tx, courseId);
    const ids = enrollments.map((e) => e.id);
    const spends = await enrolmentSpendsOf(tx, ids);
    let refunded = 0;
    for (const enrollment of enrollments) {
      const cost = -spends.filter((t) => t.enrollmentId === enrollment.id).reduce((sum, t) => sum + t.delta, 0);
      if (cost > 0) {
        await changeCredits(tx, { companyId: enrollment.companyId, delta: cost, kind: 'refund', enrollmentId: enrollment.id, note: `Course ${courseId} deleted` });
        refunded += cost;
      }
    }
    const removed = await deleteEnrollments(tx, ids);
    return { removed, refunded };
  });
}

/** Users or companies are going: their enrolments go too, without refunds. */
export async function removeEnrollmentsOf(em: Em, owners: { userIds: number[]; companyIds: number[] }): Promise<{ removed: number }> {
  if (owners.userIds.length === 0 && owners.companyIds.length === 0) return { removed: 0 };
  const removed = await em.transactional(async (tx) => deleteEnrollments(tx, await enrollmentIdsOf(tx, owners)));
  return { removed };
}
