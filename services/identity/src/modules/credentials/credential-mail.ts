import { HELP_EMAIL, LEARNER_ACCOUNT_MESSAGES, RESET_TOKEN_TTL_MINUTES } from '@portal/contracts';
import { logger, type Mailer, type MailMessage } from '@portal/service-kit';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function message(to: string, subject: string, lines: string[], link?: { href: string; action: string }): MailMessage {
  const text = [...lines, '', ...(link ? [link.href, ''] : [])].join('\n');
  const linkHtml = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.action)}</a></p><p>${escapeHtml(link.href)}</p>` : '';
  return { to, subject, text, html: `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}${linkHtml}` };
}

/** The set-up link: opening it sets this address and a password on the account (the reset page does it). */
export function setUpSignInMail(to: string, name: string, link: string): MailMessage {
  return message(
    to,
    'Set up your email sign-in',
    [
      `Hello ${name},`,
      `You asked to sign in with this email address and a password. Use the link below to choose your password; it works once, within ${RESET_TOKEN_TTL_MINUTES} minutes.`,
      'Your login code keeps working as well.',
      'If you did not ask for this, you can ignore this email.',
    ],
    { href: link, action: 'Choose your password' },
  );
}

/** Sent to the address an account had, so its owner learns of a change they did not make. */
export function emailChangedMail(to: string, name: string, newEmail: string): MailMessage {
  return message(to, LEARNER_ACCOUNT_MESSAGES.emailChangedSubject, [
    `Hello ${name},`,
    `The email address of your training portal account was changed to ${newEmail}. You will no longer receive our emails here.`,
    `If you did not make this change, contact ${HELP_EMAIL} straight away.`,
  ]);
}

/** Sent to the account's address when its password changes, so its owner learns of a change they did not make. */
export function passwordChangedMail(to: string, name: string): MailMessage {
  return message(to, PASSWORD_CHANGED_SUBJECT, [
    `Hello ${name},`,
    'The password of your training portal account was changed, and its other sessions were signed out.',
    `If you did not make this change, reset your password from the sign-in page and contact ${HELP_EMAIL} straight away.`,
  ]);
}

export const PASSWORD_CHANGED_SUBJECT = 'Your password was changed';

/** Mail goes out after the answer, failures are logged (as the sign-in mails do). */
export function sendLater(mailer: Mailer, mail: MailMessage): void {
  void mailer.send(mail).catch((error: unknown) => logger.error('mail failed', { subject: mail.subject, error: String(error) }));
}

/** Tells the account's address (after any change of it) that the password changed. */
export function tellPasswordChanged(mailer: Mailer, user: { name: string; email?: string | null }): void {
  if (user.email) sendLater(mailer, passwordChangedMail(user.email, user.name));
}

/** Tells the old address, if there was one and it differs, that the account's email changed. */
export function tellOldAddress(mailer: Mailer, user: { name: string }, oldEmail: string | null | undefined, newEmail: string): void {
  if (oldEmail && oldEmail !== newEmail) sendLater(mailer, emailChangedMail(oldEmail, user.name, newEmail));
}
