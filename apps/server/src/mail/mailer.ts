import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes when it should not go to the shop's sending address (MAIL_FROM). */
  replyTo?: string | null;
}

/** Sends one mail or throws; the caller decides what a failure means for the shopper. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Real delivery over SMTP (SMTP_URL), with nodemailer. */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const url = new URL(options.smtpUrl);
  // A receiver on this machine (tests, a local relay) offers no certificate worth checking.
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    ignoreTLS: loopback,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(mail) {
      const { replyTo, ...rest } = mail;
      await transport.sendMail({ from: options.from, ...rest, ...(replyTo ? { replyTo } : {}) });
    },
  };
}
