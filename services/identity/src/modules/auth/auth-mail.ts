import { LOGIN_LINK_TTL_MINUTES, RESET_TOKEN_TTL_MINUTES } from '@portal/contracts';
import type { MailMessage } from '@portal/service-kit';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function message(to: string, subject: string, lines: string[], link: string, action: string): MailMessage {
  const text = [...lines, '', link, ''].join('\n');
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(link)}</p>`;
  return { to, subject, text, html };
}

export function loginLinkMail(to: string, name: string, link: string): MailMessage {
  return message(
    to,
    'Your sign-in link',
    [
      `Hello ${name},`,
      `Use the link below to sign in. It works once, within ${LOGIN_LINK_TTL_MINUTES} minutes.`,
      'If you did not ask for it, you can ignore this email.',
    ],
    link,
    'Sign in',
  );
}

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  return message(
    to,
    'Reset your password',
    [
      `Hello ${name},`,
      `Use the link below to choose a new password. It works once, within ${RESET_TOKEN_TTL_MINUTES} minutes.`,
      'If you did not ask for a reset, you can ignore this email.',
    ],
    link,
    'Reset password',
  );
}

/** A new learner's welcome: a sign-in link valid for `ttlDays`, and the login code for every later sign-in. */
export function welcomeMail(to: string, name: string, loginCode: string | null, link: string, ttlDays: number): MailMessage {
  return message(
    to,
    'Your training account is ready',
    [
      `Hello ${name},`,
      'An account has been made for you on the training portal.',
      `Use the link below to sign in. It works once, within ${ttlDays} days.`,
      ...(loginCode ? [`Afterwards you can sign in with your login code: ${loginCode}`] : []),
    ],
    link,
    'Sign in',
  );
}
