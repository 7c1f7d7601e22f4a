import type { Em, MailMessage, ServiceDeps, UserSummary } from '@portal/service-kit';
import { Enrolment, type IEnrolment } from '../enrolments/enrolment.entity';
import { SentReminder, type ReminderKind } from './sent-reminder.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = Pick<ServiceDeps, 'identity' | 'catalogue' | 'mailer' | 'env'>;

/** Midnight UTC of the day `now` falls on. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Which reminder a certificate is due on this day: '30d' from 30 days before its expiry day,
 * '7d' from 7 days before, '0d' on the day itself; null before that window or once the day has
 * passed. Days are UTC calendar days. A reminder missed (the task did not run that day) is caught
 * up by the next run, and one that is overtaken by a nearer one is not sent at all.
 */
export function reminderKindFor(expiresAt: Date, now: Date): ReminderKind | null {
  const days = Math.floor((expiresAt.getTime() - startOfUtcDay(now).getTime()) / DAY_MS);
  if (days < 0) return null;
  if (days === 0) return '0d';
  if (days <= 7) return '7d';
  if (days <= 30) return '30d';
  return null;
}

interface DueReminder {
  enrollment: IEnrolment;
  kind: ReminderKind;
}

/** Passed enrolments whose certificate reaches a reminder today, not superseded, and not yet reminded of that kind. */
export async function dueReminders(em: Em, now: Date): Promise<DueReminder[]> {
  const today = startOfUtcDay(now);
  const candidates = await em.find(
    Enrolment,
    { status: 'passed', expiresAt: { $gte: today, $lt: new Date(today.getTime() + 31 * DAY_MS) } },
    { orderBy: { id: 'asc' } },
  );
  if (candidates.length === 0) return [];
  // A newer enrolment of the same learner on the same course supersedes the certificate.
  const newer = await em.find(
    Enrolment,
    { userId: { $in: [...new Set(candidates.map((e) => e.userId))] } },
    { fields: ['id', 'userId', 'courseId'] },
  );
  const latest = new Map<string, number>();
  for (const e of newer) latest.set(`${e.userId}:${e.courseId}`, Math.max(latest.get(`${e.userId}:${e.courseId}`) ?? 0, e.id));
  const sent = await em.find(SentReminder, { enrolmentId: { $in: candidates.map((e) => e.id) } });
  const sentKeys = new Set(sent.map((s) => `${s.enrolmentId}:${s.kind}`));
  return candidates.flatMap((enrolment) => {
    // The query asked for an expiry date.
    if (!enrolment.expiresAt || latest.get(`${enrolment.userId}:${enrolment.courseId}`) !== enrolment.id) return [];
    const kind = reminderKindFor(enrolment.expiresAt, now);
    return kind && !sentKeys.has(`${enrolment.id}:${kind}`) ? [{ enrollment: enrolment, kind }] : [];
  });
}

const WHEN: Record<ReminderKind, string> = { '30d': 'in 30 days', '7d': 'in 7 days', '0d': 'today' };

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The learner's reminder and their managers' (one mail to all of them), for one certificate. */
export function reminderMails(input: {
  kind: ReminderKind;
  expiresAt: Date;
  courseId: number;
  courseName: string;
  learner: UserSummary;
  managers: UserSummary[];
  appUrl: string;
}): MailMessage[] {
  const { kind, courseName, learner, appUrl } = input;
  const when = WHEN[kind];
  const expires = day(input.expiresAt);
  const mails: MailMessage[] = [];
  if (learner.email && !learner.anonymised) {
    const link = `${appUrl}/`;
    mails.push({
      to: learner.email,
      subject: `Your ${courseName} certificate expires ${when}`,
      text: `Hello ${learner.name},\n\nYour certificate for ${courseName} expires ${when} (${expires}). To stay certified, take the course again: your manager can re-enrol you, or see your courses at ${link}\n`,
      html: `<p>Hello ${escapeHtml(learner.name)},</p><p>Your certificate for <strong>${escapeHtml(courseName)}</strong> expires ${when} (${expires}).</p><p>To stay certified, take the course again: your manager can re-enrol you, or <a href="${link}">see your courses</a>.</p>`,
    });
  }
  const managerEmails = input.managers.flatMap((m) => (m.email ? [m.email] : []));
  if (managerEmails.length) {
    const link = `${appUrl}/enrolments/create/v2?course_id=${input.courseId}&user_id=${learner.id}`;
    mails.push({
      to: managerEmails,
      subject: `${learner.name}'s ${courseName} certificate expires ${when}`,
      text: `The certificate of ${learner.name} for ${courseName} expires ${when} (${expires}).\n\nRe-enrol them: ${link}\n`,
      html: `<p>The certificate of <strong>${escapeHtml(learner.name)}</strong> for <strong>${escapeHtml(courseName)}</strong> expires ${when} (${expires}).</p><p><a href="${link}">Re-enrol them</a></p>`,
    });
  }
  return mails;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/**
 * The daily task: finds the certificates due a reminder today and queues their mails, to the
 * learner and the managers of the learner's company, each reminder once — its `sent_reminders`
 * row (unique per enrolment and kind) is written in the same transaction as the mail jobs, so a
 * reminder is sent exactly when it is recorded. Names come from the ports before the
 * transaction opens.
 */
export async function sendExpiryReminders(deps: Deps & Pick<ServiceDeps, 'orm'>, now: Date): Promise<{ reminders: number; mails: number }> {
  const em = deps.orm.em.fork();
  const due = await dueReminders(em, now);
  if (due.length === 0) return { reminders: 0, mails: 0 };
  const [users, courses] = await Promise.all([
    deps.identity.usersByIds(due.map((d) => d.enrollment.userId)),
    deps.catalogue.coursesByIds([...new Set(due.map((d) => d.enrollment.courseId))]),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const courseName = new Map(courses.map((c) => [c.id, c.name]));
  const managers = await deps.identity.managersOf([...new Set(users.map((u) => u.companyId))]);
  const mails: MailMessage[] = [];
  for (const { enrollment: enrolment, kind } of due) {
    const learner = userById.get(enrolment.userId);
    if (!learner || !enrolment.expiresAt) continue;
    mails.push(
      ...reminderMails({
        kind,
        expiresAt: enrolment.expiresAt,
        courseId: enrolment.courseId,
        courseName: courseName.get(enrolment.courseId) ?? 'your course',
        learner,
        managers: managers.filter((m) => m.companyId === learner.companyId),
        appUrl: deps.env.appUrl,
      }),
    );
  }
  await em.transactional(async (tx) => {
    await tx.insertMany(
      SentReminder,
      due.map((d) => ({ enrolmentId: d.enrollment.id, kind: d.kind, sentAt: now })),
    );
    if (mails.length) await deps.mailer.sendMany(mails, { em: tx });
  });
  return { reminders: due.length, mails: mails.length };
}
