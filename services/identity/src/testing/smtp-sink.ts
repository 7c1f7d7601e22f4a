import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** The first message (newest first) to this address, waiting for it to arrive. */
  waitForMailTo(address: string, options?: { timeoutMs?: number; after?: number }): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that parses every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const recipients = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitForMailTo(address, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 5000);
      for (;;) {
        const found = messages
          .slice(options.after ?? 0)
          .reverse()
          .find((m) => recipients(m).includes(address.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${address} arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with the given origin. */
export function linkIn(mail: ParsedMail, origin: string): URL {
  const match = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((l) => l.startsWith(origin));
  if (!match) throw new Error(`No link to ${origin} in: ${mail.text}`);
  return new URL(match);
}
