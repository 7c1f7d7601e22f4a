import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** Each attachment's name, type, size and a %PDF check of its first bytes. */
  attachments: { filename: string; contentType: string; size: number; isPdf: boolean }[];
}

/** Mail-sink ports beside a portal on `port`: SMTP at port + 5, its HTTP read-out at port + 7. */
export const mailSinkPorts = (port: number) => ({ smtp: port + 5, http: port + 7 });

/**
 * A real SMTP server for the e2e portal: every mail the portal sends arrives here, and specs read
 * them over HTTP (GET /messages?to=address) to follow their links.
 */
export async function startMailSink(port: number): Promise<{ smtpUrl: string; close: () => void }> {
  const { smtp, http } = mailSinkPorts(port);
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? '').toLowerCase()),
          );
          const attachments = mail.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            size: a.content.length,
            isPdf: a.content.subarray(0, 5).toString('latin1') === '%PDF-',
          }));
          messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', attachments });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(smtp, '127.0.0.1', resolve));
  const reader = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  });
  await new Promise<void>((resolve) => reader.listen(http, '127.0.0.1', resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    close: () => {
      server.close();
      reader.close();
    },
  };
}
