import { REMINDER_INTERVAL_HOURS, REPORTING_MESSAGES } from '@portal/contracts';
import { notFound, validationError, type Em, type MailMessage, type ServiceDeps } from '@portal/service-kit';
import { Enrolment, type IEnrolment } from '../enrolments/enrolment.entity';
import { findEnrolment } from '../enrolments/enrolment.repository';
import { actingScope, assertInScope } from './acting-scope';

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'mailer'>;

/** A reminder's sign-in link works this long: the learner may open the mail days later. */
export const REMINDER_LINK_TTL_DAYS = 7;
const HOUR_MS = 60 * 60 * 1000;

export interface RemindOutcome {
  reminded: number;
  skipped_recent: number;
  no_email: { enrollment_id: number; user_id: number; name: string; course_name: string; login_code: string | null }[];
}

function reminderMail(to: string, name: string, courseName: string, link: string): MailMessage {
  return {
    to,
    subject: `Reminder: your ${courseName} course is waiting`,
    text: [
      `Hello ${name},`,
      '',
      `You have been enrolled on ${courseName} and have not started it yet.`,
      `Sign in with the link below to begin. It works once, within ${REMINDER_LINK_TTL_DAYS} days.`,
      '',
      link,
    ].join('\n'),
  };
}

/**
 * Reminds the learners of these not-started enrolments. Each enrolment is claimed with one
 * conditional UPDATE (`last_reminded_at` empty or older than 24 hours → now), so two reminders at
 * once mail once. Learners without an email are not claimed: they come back with their login
 * codes for the manager to hand out. Mails go to the queue with a single-use sign-in link.
 */
async function remind(em: Em, deps: Deps, enrolments: IEnrolment[], now: Date): Promise<RemindOutcome & { claimedIds: number[] }> {
  const users = new Map((await deps.identity.usersByIds([...new Set(enrolments.map((e) => e.userId))])).map((u) => [u.id, u]));
  const courses = new Map((await deps.catalogue.coursesByIds([...new Set(enrolments.map((e) => e.courseId))])).map((c) => [c.id, c.name]));
  const courseName = (e: IEnrolment) => courses.get(e.courseId) ?? 'your course';

  const mailable = enrolments.filter((e) => users.get(e.userId)?.email);
  const unmailable = enrolments.filter((e) => !users.get(e.userId)?.email);
  const codes = new Map((await deps.identity.loginCodes(unmailable.map((e) => e.userId))).map((c) => [c.userId, c.loginCode]));

  // Whole seconds: a MySQL DATETIME keeps no milliseconds, and the claim is read back by equality.
  const stamp = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const cutoff = new Date(stamp.getTime() - REMINDER_INTERVAL_HOURS * HOUR_MS);
  const claimedIds: number[] = [];
  for (let i = 0; i < mailable.length; i += 500) {
    const due = {
      id: { $in: mailable.slice(i, i + 500).map((e) => e.id) },
      status: 'not_started' as const,
      $or: [{ lastRemindedAt: null }, { lastRemindedAt: { $lte: cutoff } }],
    };
    const eligible = (await em.find(Enrolment, due, { fields: ['id'], disableIdentityMap: true })).map((e) => e.id);
    if (eligible.length === 0) continue;
    const changed = await em.nativeUpdate(Enrolment, { ...due, id: { $in: eligible } }, { lastRemindedAt: stamp });
    if (changed === eligible.length) claimedIds.push(...eligible);
    else {
      // Another reminder claimed some of them meanwhile: ours are those now stamped with our second.
      const ours = await em.find(Enrolment, { id: { $in: eligible }, lastRemindedAt: stamp }, { fields: ['id'], disableIdentityMap: true });
      claimedIds.push(...ours.map((e) => e.id));
    }
  }
  const claimedSet = new Set(claimedIds);
  const toMail = mailable.filter((e) => claimedSet.has(e.id));
  const links = new Map(
    (await deps.identity.signInLinks([...new Set(toMail.map((e) => e.userId))], REMINDER_LINK_TTL_DAYS)).map((l) => [l.userId, l]),
  );
  const messages = toMail.flatMap((e) => {
    const link = links.get(e.userId);
    return link?.email ? [reminderMail(link.email, link.name, courseName(e), link.url)] : [];
  });
  if (messages.length) await deps.mailer.sendMany(messages);
  return {
    claimedIds,
    reminded: messages.length,
    skipped_recent: mailable.length - toMail.length,
    no_email: unmailable.map((e) => ({
      enrollment_id: e.id,
      user_id: e.userId,
      name: users.get(e.userId)?.name ?? 'Deleted learner',
      course_name: courseName(e),
      login_code: codes.get(e.userId) ?? null,
    })),
  };
}

/** Remind one: the acting company's (or a depot's) not-started enrolment, once per 24 hours. */
export async function remindOne(em: Em, deps: Deps, companyId: number, enrolmentId: number, now: Date) {
  // The path's company passed the kit's tenant check (a manager's own company or depot; any for an
  // admin); the enrolment must be that company's or one of its depots'.
  const scope = await actingScope(deps.identity, companyId);
  const enrolment = await findEnrolment(em, enrolmentId);
  if (!enrolment) throw notFound('That enrolment');
  assertInScope(scope, [enrolment.companyId]);
  if (enrolment.status !== 'not_started')
    throw validationError({ enrollment: [REPORTING_MESSAGES.remindNotStarted] }, REPORTING_MESSAGES.remindNotStarted);
  const outcome = await remind(em, deps, [enrolment], now);
  if (outcome.no_email.length)
    return { success: true as const, message: REPORTING_MESSAGES.noEmail, reminded: 0, skipped_recent: 0, no_email: outcome.no_email };
  if (outcome.reminded === 0)
    throw validationError({ enrollment: [REPORTING_MESSAGES.remindedRecently] }, REPORTING_MESSAGES.remindedRecently);
  return { success: true as const, message: REPORTING_MESSAGES.reminded, reminded: outcome.reminded, skipped_recent: 0, no_email: [] };
}

/** Remind all: every not-started enrolment of the company and its depots on these courses (none: every course). */
export async function remindAll(em: Em, deps: Deps, companyId: number, courseIds: number[], now: Date) {
  const depots = [...(await actingScope(deps.identity, companyId)).ids];
  const enrolments = await em.find(Enrolment, {
    companyId: { $in: depots },
    status: 'not_started',
    ...(courseIds.length ? { courseId: { $in: courseIds } } : {}),
  });
  if (enrolments.length === 0) throw validationError({ courses: [REPORTING_MESSAGES.nothingToRemind] }, REPORTING_MESSAGES.nothingToRemind);
  const { claimedIds: _claimed, ...outcome } = await remind(em, deps, enrolments, now);
  return { success: true as const, message: REPORTING_MESSAGES.remindedAll, ...outcome };
}
