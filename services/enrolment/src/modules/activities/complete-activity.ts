import { AppError, type CourseActivityInfo, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { ownEnrollment } from '../player/enrolment-access';
import { ACTIVITY_MESSAGES } from './activity-messages';
import { enabledActivityOf } from './enabled-activity';
import { LearnerActivity, type ILearnerActivity } from './learner-activity.entity';
import { completionsOf } from './learner-activity.repository';

export interface CompletedActivity {
  activity: CourseActivityInfo;
  completion: ILearnerActivity;
  /** It was complete before: the code was not checked again. */
  wasComplete: boolean;
}

/** The learner completes an activity of their own enrolment with the code their manager gives them. */
export async function completeLearnerActivity(
  deps: Pick<ServiceDeps, 'catalogue'>,
  em: Em,
  principal: Principal,
  input: { enrollmentId: number; activityId: number; code: string },
  now: Date,
): Promise<CompletedActivity> {
  const { enrollment } = await ownEnrollment(em, deps.catalogue, principal, input.enrollmentId);
  const activity = await enabledActivityOf(deps.catalogue, enrollment, input.activityId);
  const existing = (await completionsOf(em, enrollment.id)).get(activity.id);
  if (existing?.completedAt) return { activity, completion: existing, wasComplete: true };
  // The code is compared as typed, apart from the spaces around it (it is read off a sign).
  if (input.code.trim() !== String(activity.code)) throw new AppError('validation', ACTIVITY_MESSAGES.wrongCode, { errors: { code: [ACTIVITY_MESSAGES.wrongCode] } });
  const completion = existing ?? em.create(LearnerActivity, { enrollmentId: enrollment.id, activityId: activity.id, completedAt: null });
  completion.completedAt = now;
  await em.flush();
  return { activity, completion, wasComplete: false };
}
