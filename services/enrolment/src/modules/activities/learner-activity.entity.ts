import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A course activity of an enrolment, completed by entering its code. */
export const LearnerActivity = defineEntity({
  name: 'LearnerActivity',
  tableName: 'learner_activities',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    enrolmentId: p.integer().fieldName('enrollment_id'),
    /** The catalogue's course activity (the activity template). */
    activityId: p.integer().fieldName('activity_id'),
    completedAt: p.datetime().fieldName('completed_at').nullable(),
    createdAt: p
      .datetime()
      .fieldName('created_at')
      .onCreate(() => new Date()),
  }),
});
export type ILearnerActivity = InferEntity<typeof LearnerActivity>;
