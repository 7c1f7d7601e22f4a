import { AppError, notFound, validationError, type Em, type Principal, type ServiceDeps } from '@portal/service-kit';
import { enrolAsAdmin, type MadeEnrolment } from './enrol';

export const ALREADY_ENROLLED_ADMIN = 'This learner is already enrolled on this course.';

export interface AdminEnrolInput {
  userId: number;
  courseId: number;
  force: boolean;
  passDate?: string;
  sendPassEmail: boolean;
  now: Date;
  appUrl: string;
  actor: Pick<Principal, 'userId' | 'name'>;
}

/** The furthest any time zone runs ahead of UTC (UTC+14): the admin's "today" may already be tomorrow in UTC. */
const LATEST_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

/**
 * When a course passed on `day` (YYYY-MM-DD) was passed: midday (UTC) of that day, or now when
 * that midday has not come yet (today is never "in the future"); undefined for a day after today
 * everywhere, or no date at all. The form's default is the browser's local date, which after local
 * midnight in BST is a day ahead of UTC's (issue 32 item 7).
 */
export function passedOn(day: string, now: Date): Date | undefined {
  const midday = new Date(`${day}T12:00:00Z`);
  const latestToday = new Date(now.getTime() + LATEST_ZONE_AHEAD_MS).toISOString().slice(0, 10);
  if (Number.isNaN(midday.getTime()) || day > latestToday) return undefined;
  return midday.getTime() > now.getTime() ? now : midday;
}

/**
 * An admin enrols a user on a course, through the admin's enrol entry (enrolAsAdmin), for the user's company (a
 * depot's learner may get a course specific to the depot's parent). Unless forced, the course's
 * credits are spent from that company in the same transaction as the enrolment (chargeEnrolments,
 * under a row lock). With a pass date the enrolment starts passed, with its certificate code and
 * expiry.
 */
export async function adminEnrol(
  em: Em,
  deps: Pick<ServiceDeps, 'identity' | 'catalogue' | 'mailer' | 'jobs'>,
  input: AdminEnrolInput,
): Promise<MadeEnrolment> {
  const [user] = await deps.identity.usersByIds([input.userId]);
  if (!user) throw notFound('That user');
  const passedAt = input.passDate ? passedOn(input.passDate, input.now) : null;
  if (passedAt === undefined) throw validationError({ pass_date: ['The pass date cannot be in the future.'] });
  const outcome = await enrolAsAdmin(em, deps, {
    companyId: user.companyId,
    courseIds: [input.courseId],
    userIds: [user.id],
    force: input.force,
    passedAt,
    actor: { userId: input.actor.userId, name: input.actor.name },
    now: input.now,
  });
  const enrolment = outcome.made[0];
  if (!enrolment) throw validationError({ course_id: [ALREADY_ENROLLED_ADMIN] });

  if (passedAt && input.sendPassEmail && user.email) {
    const verifyUrl = `${input.appUrl}/verify?code=${enrolment.certificateCode}`;
    await deps.mailer
      .send({
        to: user.email,
        subject: `You passed ${enrolment.courseName}`,
        text: `Hello ${user.name},\n\nYou have passed ${enrolment.courseName}. Your certificate code is ${enrolment.certificateCode}.\nAnyone can check it at ${verifyUrl}\n`,
      })
      .catch((error: unknown) => {
        throw new AppError('bad_request', `The enrolment was made, but the pass email could not be sent: ${String(error)}`);
      });
  }
  return enrolment;
}
