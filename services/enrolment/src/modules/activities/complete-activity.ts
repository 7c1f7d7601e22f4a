import {
  AppError,
  countAttempt,
  type AttemptLimit,
  type CourseActivityInfo,
  type Em,
  type Principal,
  type ServiceDeps,
} from '@portal/service-kit';
import { ownEnrolment } from '../player/enrolment-access';
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

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Wrong activity codes (issue 13 item 4; decisions.md "Hardening"): 5 per enrolment and 20 per
 * client address in any 15 minutes, then 429 with Retry-After — even for the right code, or the
 * limit would only slow the guessing down. Sliding windows: an attacker keeping a learner's
 * enrolment busy holds it at most 15 minutes after their last wrong code, and only from there.
 */
export const ACTIVITY_CODE_LIMITS = {
  enrolment: (enrolmentId: number): AttemptLimit => ({
    bucket: `activity-code-enrolment:${enrolmentId}`,
    max: 5,
    windowSeconds: FIFTEEN_MINUTES,
  }),
  address: (address: string): AttemptLimit => ({ bucket: `activity-code-address:${address}`, max: 20, windowSeconds: FIFTEEN_MINUTES }),
};

/** The learner completes an activity of their own enrolment with the code their manager gives them. */
export async function completeLearnerActivity(
  deps: Pick<ServiceDeps, 'catalogue'>,
  em: Em,
  principal: Principal,
  input: { enrolmentId: number; activityId: number; code: string; address: string },
  now: Date,
): Promise<CompletedActivity> {
  const { enrollment: enrolment } = await ownEnrolment(em, deps.catalogue, principal, input.enrolmentId);
  const activity = await enabledActivityOf(deps.catalogue, enrolment, input.activityId);
  const existing = (await completionsOf(em, enrolment.id)).get(activity.id);
  if (existing?.completedAt) return { activity, completion: existing, wasComplete: true };
  const enrolmentLimit = ACTIVITY_CODE_LIMITS.enrolment(enrolment.id);
  const limits = [enrolmentLimit, ACTIVITY_CODE_LIMITS.address(input.address)];
  // Counted before the code is compared, so concurrent guesses cannot outrun the limit.
  const attempt = await countAttempt(em, limits, now, 'wrong activity codes');
  // The code is compared as typed, apart from the spaces around it (it is read off a sign).
  if (input.code.trim() !== String(activity.code))
    throw new AppError('validation', ACTIVITY_MESSAGES.wrongCode, { errors: { code: [ACTIVITY_MESSAGES.wrongCode] } });
  await attempt.succeeded([enrolmentLimit]);
  const completion = existing ?? em.create(LearnerActivity, { enrolmentId: enrolment.id, activityId: activity.id, completedAt: null });
  completion.completedAt = now;
  await em.flush();
  return { activity, completion, wasComplete: false };
}
