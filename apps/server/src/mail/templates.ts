import { istDate, istDateTime, istTime, type ShopSettings } from '@shop/core';
import { escapeHtml } from './html.js';
import type { Mail } from './mailer.js';

/** Absolute URL of the shop logo for mail clients, which cannot resolve '/logo.svg'. */
const absolute = (publicUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/** The branded frame every shop mail shares: logo and name on top, the shop's address below. */
function layout(shop: ShopSettings, publicUrl: string, content: string): string {
  const name = escapeHtml(shop.name);
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title></head>
<body style="margin:0;background:#fbf7f1;font-family:Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#2a2122">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fbf7f1;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border:1px solid #e4d8c8;border-radius:16px">
<tr><td style="background:#5e1630;border-radius:16px 16px 0 0;padding:20px 24px">
<img src="${escapeHtml(absolute(publicUrl, shop.logoUrl))}" width="40" height="40" alt="" style="vertical-align:middle;border-radius:50%;background:#ffffff">
<span style="vertical-align:middle;margin-left:12px;font-family:Georgia,serif;font-size:22px;color:#ffffff">${name}</span>
</td></tr>
<tr><td style="padding:28px 24px">${content}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4d8c8;font-size:12px;color:#6b5d5a">${name} · ${escapeHtml(shop.address)}</td></tr>
</table></td></tr></table></body></html>`;
}

export type CodePurpose = 'login' | 'verify' | 'reset' | 'admin-reset';

const CODE_WORDS: Record<CodePurpose, { action: string; kind: string }> = {
  login: { action: 'log in to', kind: 'login' },
  verify: { action: 'verify your e-mail address for', kind: 'verification' },
  reset: { action: 'reset your password at', kind: 'password reset' },
  'admin-reset': { action: 'reset your back-office password at', kind: 'back-office password reset' },
};

/** The one-time code mail; the code is in the subject, the HTML and the plain text. */
export function codeMail(input: {
  to: string;
  code: string;
  purpose: CodePurpose;
  minutesValid: number;
  shop: ShopSettings;
  publicUrl: string;
}): Mail {
  const { code, shop, minutesValid } = input;
  const { action, kind } = CODE_WORDS[input.purpose];
  const subject = `${code} is your ${shop.name} ${kind} code`;
  const text = [
    `Your one-time code to ${action} ${shop.name}:`,
    '',
    `    ${code}`,
    '',
    `It is valid for ${minutesValid} minutes and can be used once.`,
    'If you did not ask for it, you can ignore this e-mail; nobody can use it without access to your mailbox.',
    '',
    `${shop.name} · ${shop.address}`,
  ].join('\n');
  const html = layout(
    shop,
    input.publicUrl,
    `<p style="margin:0 0 12px;font-size:15px">Your one-time code to ${escapeHtml(action)} ${escapeHtml(shop.name)}:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;color:#761c3a">${code}</p>
<p style="margin:0 0 8px;font-size:14px">It is valid for ${minutesValid} minutes and can be used once.</p>
<p style="margin:0;font-size:13px;color:#6b5d5a">If you did not ask for it, you can ignore this e-mail; nobody can use it without access to your mailbox.</p>`,
  );
  return { to: input.to, subject, html, text };
}

/** An order update: placed, cancelled or refunded, with a link to the order page. */
export function orderMail(input: {
  to: string;
  subject: string;
  lines: string[];
  link: string;
  shop: ShopSettings;
  publicUrl: string;
}): Mail {
  const { shop, publicUrl } = input;
  const url = absolute(publicUrl, input.link);
  const text = [...input.lines, '', `See your order: ${url}`, '', `${shop.name} · ${shop.address}`].join('\n');
  const html = layout(
    shop,
    publicUrl,
    `${input.lines.map((line) => `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:16px 0 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#761c3a;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:999px;font-weight:600">View your order</a></p>`,
  );
  return { to: input.to, subject: input.subject, html, text };
}

/** A notice in place of a code, so that the answer and the time to give it do not reveal whether an account exists. */
function noticeMail(input: { to: string; subject: string; lines: string[]; shop: ShopSettings; publicUrl: string }): Mail {
  const { shop } = input;
  const closing = 'If you did not ask for this, you can ignore this e-mail: nothing has changed.';
  const text = [...input.lines, '', closing, '', `${shop.name} · ${shop.address}`].join('\n');
  const html = layout(
    shop,
    input.publicUrl,
    [
      ...input.lines.map((line) => `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(line)}</p>`),
      `<p style="margin:0;font-size:13px;color:#6b5d5a">${escapeHtml(closing)}</p>`,
    ].join('\n'),
  );
  return { to: input.to, subject: input.subject, html, text };
}

/** Sent instead of a sign-up code to an address that already has an account. */
export function existingAccountMail(input: { to: string; shop: ShopSettings; publicUrl: string }): Mail {
  const { shop, publicUrl } = input;
  return noticeMail({
    ...input,
    subject: `You already have a ${shop.name} account`,
    lines: [
      `Someone asked to sign up at ${shop.name} with this e-mail address, but you already have an account with it.`,
      `Log in at ${publicUrl}/login with your password, or, if you have forgotten it, choose 'Login using OTP?' there and we will e-mail you a one-time code.`,
    ],
  });
}

/** Sent instead of a login code to an address that has no account. */
export function noAccountMail(input: { to: string; shop: ShopSettings; publicUrl: string }): Mail {
  const { shop, publicUrl } = input;
  return noticeMail({
    ...input,
    subject: `There is no ${shop.name} account for this address`,
    lines: [
      `Someone asked for a login code for ${shop.name} with this e-mail address, but there is no account with it.`,
      `To create one, sign up at ${publicUrl}/signup. If you signed up with another address, log in with that one.`,
    ],
  });
}

/** An owner's invitation to the back-office: the sign-up link, who sent it and until when it works. */
export function adminInviteMail(input: {
  to: string;
  url: string;
  invitedBy: string;
  role: 'owner' | 'staff';
  expiresAt: Date;
  shop: ShopSettings;
  publicUrl: string;
}): Mail {
  const { shop, publicUrl } = input;
  const until = istDateTime(input.expiresAt);
  const role = input.role === 'owner' ? 'an owner' : 'staff';
  const subject = `You are invited to the ${shop.name} back-office`;
  const lines = [
    `${input.invitedBy} invited you to manage ${shop.name} as ${role}.`,
    `Create your admin account with this link before ${until} (India time). It works once.`,
  ];
  const text = [...lines, '', input.url, '', 'If you did not expect this, ignore this e-mail.', '', `${shop.name} · ${shop.address}`].join(
    '\n',
  );
  const html = layout(
    shop,
    publicUrl,
    `${lines.map((line) => `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:16px 0"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#761c3a;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:999px;font-weight:600">Create admin account</a></p>
<p style="margin:0;font-size:13px;color:#6b5d5a">If you did not expect this, ignore this e-mail.</p>`,
  );
  return { to: input.to, subject, html, text };
}

/** 'on 10 Mar 2026, 3:30 pm to 3:45 pm', or both dates when the span crosses midnight (India time). */
function indianSpan(from: Date, to: Date): string {
  return istDate(from) === istDate(to)
    ? `on ${istDate(from)}, ${istTime(from)} to ${istTime(to)}`
    : `from ${istDate(from)}, ${istTime(from)} to ${istDate(to)}, ${istTime(to)}`;
}

/**
 * Many failed password logins to one account: to its owner (shoppers), or to every owner and the admin
 * concerned (back-office). Counts and times only: no password tried, no code, no token, not even the
 * clients' addresses.
 */
export function failedLoginsMail(input: {
  to: string;
  /** The account's e-mail address. */
  account: string;
  backOffice: boolean;
  failures: number;
  addresses: number;
  firstAt: Date;
  lastAt: Date;
  /** At most one such mail per account in this many minutes. */
  everyMinutes: number;
  shop: ShopSettings;
  publicUrl: string;
}): Mail {
  const { shop, publicUrl, account, failures } = input;
  const clients = `${input.addresses} address${input.addresses === 1 ? '' : 'es'}`;
  const when = `${indianSpan(input.firstAt, input.lastAt)} (India time)`;
  const subject = input.backOffice
    ? `${failures} failed logins to the back-office account ${account}`
    : `${failures} failed logins to your ${shop.name} account`;
  const lines = input.backOffice
    ? [
        `There were ${failures} failed password logins to the back-office account ${account} of ${shop.name} ${when}, from ${clients}.`,
        'Nobody got in with them. An address that keeps failing is held back for a while; the right password still works from any other address.',
        `If they were not you or your team, make sure the account's password is long and used nowhere else. You will hear again if this goes on, at most once every ${input.everyMinutes} minutes.`,
      ]
    : [
        `There were ${failures} failed password logins to your ${shop.name} account (${account}) ${when}, from ${clients}.`,
        'Nobody got in with them, and your password still works.',
        `If this was not you, choose a new password at ${publicUrl}/forgotPassword, one you use nowhere else.`,
      ];
  const text = [...lines, '', `${shop.name} · ${shop.address}`].join('\n');
  const html = layout(shop, publicUrl, lines.map((line) => `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(line)}</p>`).join('\n'));
  return { to: input.to, subject, html, text };
}

/** A paragraph of someone's own words: escaped, its line breaks kept. */
const quotedBlock = (text: string, style: string) =>
  `<p style="margin:0 0 12px;font-size:15px;white-space:pre-wrap;${style}">${escapeHtml(text)}</p>`;

/** A message from the contact form, to the shop's own address (its settings' e-mail), with a link to answer it. */
export function contactMessageMail(input: {
  to: string;
  message: { id: string; name: string; email: string; phone: string | null; message: string; createdAt: Date };
  shop: ShopSettings;
  publicUrl: string;
}): Mail {
  const { shop, publicUrl, message } = input;
  const url = absolute(publicUrl, `/admin/messages/${message.id}`);
  const subject = `Message from ${message.name} through the contact form`;
  const intro = `${message.name} wrote through the contact form of ${shop.name} on ${istDateTime(message.createdAt)} (India time):`;
  const from = `E-mail: ${message.email} · Phone: ${message.phone ?? 'not given'}`;
  const answer = 'Reply from the back-office, where the message is marked handled once answered:';
  const text = [intro, '', message.message, '', from, '', answer, url].join('\n');
  const html = layout(
    shop,
    publicUrl,
    `<p style="margin:0 0 12px;font-size:15px">${escapeHtml(intro)}</p>
${quotedBlock(message.message, 'border-left:3px solid #e4d8c8;padding-left:12px')}
<p style="margin:0 0 12px;font-size:14px">${escapeHtml(from)}</p>
<p style="margin:16px 0 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#761c3a;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:999px;font-weight:600">Open the message</a></p>`,
  );
  // The owner's mail app answers the sender, not the shop's own address.
  return { to: input.to, subject, html, text, replyTo: message.email };
}

/** The shop's answer to a contact form message, to its sender, as the admin wrote it (greeting too), her message quoted below. */
export function contactReplyMail(input: {
  message: { email: string; message: string; createdAt: Date };
  reply: string;
  shop: ShopSettings;
  publicUrl: string;
}): Mail {
  const { shop, publicUrl, message } = input;
  const subject = `Re: your message to ${shop.name}`;
  const signature = shop.name;
  const wrote = `You wrote on ${istDateTime(message.createdAt)} (India time):`;
  const reach = `To answer, write to ${shop.email} or call ${shop.phone}.`;
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [input.reply, '', signature, '', wrote, quoted, '', reach, '', `${shop.name} · ${shop.address}`].join('\n');
  const html = layout(
    shop,
    publicUrl,
    `${quotedBlock(input.reply, '')}
<p style="margin:0 0 20px;font-size:15px">${escapeHtml(signature)}</p>
<p style="margin:0 0 8px;font-size:13px;color:#6b5d5a">${escapeHtml(wrote)}</p>
${quotedBlock(message.message, 'font-size:13px;color:#6b5d5a;border-left:3px solid #e4d8c8;padding-left:12px')}
<p style="margin:0;font-size:13px;color:#6b5d5a">${escapeHtml(reach)}</p>`,
  );
  // Sent from MAIL_FROM (often a no-reply address): her answer goes to the shop's e-mail.
  return { to: message.email, subject, html, text, replyTo: shop.email };
}

/**
 * The code that confirms a cash-on-delivery order (issue 41): in the subject, the text and the HTML, with one button
 * to the payment success page, which shows the code in its form: she taps Confirm there (a real form post), so a
 * mail scanner that opens the link changes nothing.
 */
export function codConfirmMail(input: {
  to: string;
  code: string;
  orderNumber: string;
  /** 'Cash on delivery · ₹1,049 to pay at the door'. */
  paymentLine: string;
  confirmBy: Date;
  link: string;
  shop: ShopSettings;
  publicUrl: string;
}): Mail {
  const { code, shop, publicUrl } = input;
  const url = absolute(publicUrl, input.link);
  const by = `${istDate(input.confirmBy)}, ${istTime(input.confirmBy)} IST`;
  const subject = `${code} confirms your ${shop.name} order ${input.orderNumber}`;
  const text = [
    `Your cash-on-delivery order ${input.orderNumber} is placed. Confirm it with this code:`,
    '',
    `    ${code}`,
    '',
    `${input.paymentLine}.`,
    `Please confirm by ${by}; an order not confirmed by then is cancelled.`,
    `Confirm in one tap: ${url}`,
    '',
    `${shop.name} · ${shop.address}`,
  ].join('\n');
  const html = layout(
    shop,
    publicUrl,
    `<p style="margin:0 0 12px;font-size:15px">Your cash-on-delivery order ${escapeHtml(input.orderNumber)} is placed. Confirm it with this code:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;color:#761c3a">${code}</p>
<p style="margin:0 0 8px;font-size:14px">${escapeHtml(input.paymentLine)}.</p>
<p style="margin:0 0 8px;font-size:14px">Please confirm by ${escapeHtml(by)}; an order not confirmed by then is cancelled.</p>
<p style="margin:16px 0 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#761c3a;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:999px;font-weight:600">Confirm my order</a></p>`,
  );
  return { to: input.to, subject, html, text };
}
