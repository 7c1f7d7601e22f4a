import type { Em } from '@portal/service-kit';
import { LearnerActivity, type ILearnerActivity } from './learner-activity.entity';

/** Every query about the activities learners complete. */

/** An enrolment's activity rows by course activity id. */
export async function completionsOf(em: Em, enrolmentId: number): Promise<Map<number, ILearnerActivity>> {
  const rows: ILearnerActivity[] = await em.find(LearnerActivity, { enrolmentId });
  return new Map(rows.map((r) => [r.activityId, r]));
}

export async function deleteActivitiesOf(em: Em, enrolmentIds: number[]): Promise<void> {
  if (enrolmentIds.length === 0) return;
  await em.nativeDelete(LearnerActivity, { enrolmentId: { $in: enrolmentIds } });
}
