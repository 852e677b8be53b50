import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { devOutbox } from './tables.js';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
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
      await transport.sendMail({ from: options.from, ...mail });
    },
  };
}

export interface OutboxMail extends Mail {
  id: string;
  createdAt: Date;
}

export interface OutboxMailer extends Mailer {
  /** Newest first. */
  list(limit?: number): Promise<OutboxMail[]>;
}

// Every order's confirmation goes through here on a shop without SMTP (the demo, bench:checkout): built once.
const insertMailStatement = statement('dev_outbox_insert', (db, name) =>
  db
    .insert(devOutbox)
    .values({
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      html: sql.placeholder('html'),
      text: sql.placeholder('text'),
    })
    .prepare(name),
);

/** Development delivery: the mail is stored (shown at /dev/mailbox) and announced in one log line. */
export function createOutboxMailer(db: Db, announce: (mail: Mail) => void): OutboxMailer {
  return {
    async send(mail) {
      await insertMailStatement(db, { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      announce(mail);
    },
    async list(limit = 50) {
      return db.select().from(devOutbox).orderBy(desc(devOutbox.createdAt)).limit(limit);
    },
  };
}
