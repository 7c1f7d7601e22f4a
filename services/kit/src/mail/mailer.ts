import nodemailer from 'nodemailer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logger } from '../logger';
import type { Em } from '../db';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface SendOptions {
  /** Queue the mail with the caller's work, so it leaves only if that work commits (see `JobQueue`). */
  em?: Em;
}

/**
 * `deps.mailer`. The services' one is queued (`createQueuedMailer`): `send` resolves once the
 * mail is a job, and a worker delivers it.
 */
export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  /** Several mails at once (queued: one batch insert). */
  sendMany(messages: MailMessage[], options?: SendOptions): Promise<void>;
}

/**
 * Delivers at once — what the `mail.send` job does: SMTP when SMTP_URL is set; otherwise each
 * message becomes an .eml file in `<dataDir>/mail` and its subject and links are logged, so a
 * local set-up can follow the links. As `deps.mailer` only where a test wants to skip the queue.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; dataDir: string }): Mailer {
  let deliver: (message: MailMessage) => Promise<void>;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    deliver = async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    };
  } else {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const folder = join(options.dataDir, 'mail');
    deliver = async (message) => {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(folder, { recursive: true });
      const file = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info('mail written', { to: message.to, subject: message.subject, file, links });
    };
  }
  return {
    send: (message) => deliver(message),
    async sendMany(messages) {
      for (const message of messages) await deliver(message);
    },
  };
}
