import { z } from 'zod';
import { defineJob, type JobQueue } from '../jobs';
import type { MailMessage, Mailer } from './mailer';

export const MAIL_SEND_JOB = 'mail.send';
/** Mail has its own queue, so a deployment can give it its own workers. */
export const MAIL_QUEUE = 'mail';

/** A mail as a job's payload: attachments as base64. */
const mailPayload = z.object({
  to: z.union([z.string(), z.array(z.string())]),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z.array(z.object({ filename: z.string(), contentBase64: z.string(), contentType: z.string().optional() })).optional(),
});
export type MailPayload = z.infer<typeof mailPayload>;

export function toMailPayload(message: MailMessage): MailPayload {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            contentBase64: a.content.toString('base64'),
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        }
      : {}),
  };
}

export function fromMailPayload(payload: MailPayload): MailMessage {
  return {
    to: payload.to,
    subject: payload.subject,
    text: payload.text,
    ...(payload.html !== undefined ? { html: payload.html } : {}),
    ...(payload.attachments
      ? {
          attachments: payload.attachments.map((a) => ({
            filename: a.filename,
            content: Buffer.from(a.contentBase64, 'base64'),
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        }
      : {}),
  };
}

/** `deps.mailer`: every mail becomes a `mail.send` job; `sendMany` is one batch insert. */
export function createQueuedMailer(jobs: JobQueue): Mailer {
  return {
    send: (message, options = {}) => jobs.enqueue(MAIL_SEND_JOB, toMailPayload(message), { queue: MAIL_QUEUE, ...options }),
    sendMany: (messages, options = {}) =>
      jobs.enqueueMany(
        messages.map((message) => ({ name: MAIL_SEND_JOB, payload: toMailPayload(message), queue: MAIL_QUEUE })),
        options,
      ),
  };
}

/** The `mail.send` job: hands the mail to a delivering mailer (`createMailer`: SMTP or .eml files). */
export function mailSendJob(transport: Pick<Mailer, 'send'>) {
  return defineJob({
    name: MAIL_SEND_JOB,
    payload: mailPayload,
    handle: (payload) => transport.send(fromMailPayload(payload)),
  });
}
