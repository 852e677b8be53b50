import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  raw: string;
}

/**
 * A real SMTP server on a loopback port (a free one unless `port` is given: a test that takes SMTP down brings it back
 * on the same port) that keeps every message it receives (API and browser tests).
 */
export async function startMailCatcher(
  port = 0,
  mails: CaughtMail[] = [],
): Promise<{
  url: string;
  mails: CaughtMail[];
  /** Waits for a mail to `to` whose subject carries a 6-digit code, and answers the code. */
  codeFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  stop(): Promise<void>;
}> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject,
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${listening}`,
    mails,
    async codeFor(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 15_000);
      for (;;) {
        const mail = mails.slice(options.after ?? 0).findLast((item) => item.to.includes(to));
        const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
        if (code) {
          // The code is in the plain-text and HTML parts as well as in the subject.
          if (mail.raw.split(code).length < 4) throw new Error(`the code mail to ${to} lacks the code in its body parts`);
          return code;
        }
        if (Date.now() > deadline) throw new Error(`no code mail to ${to}; received: ${mails.map((item) => item.subject).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
