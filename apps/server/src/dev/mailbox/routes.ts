import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../mail/html.js';
import type { OutboxMail } from './outbox.js';

/** /dev/mailbox: the mail the shop would have sent, newest first. Registered only outside production. */
export const devMailboxRoutes =
  (list: () => Promise<OutboxMail[]>): FastifyPluginAsync =>
  async (app) => {
    app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
      const mails = await list();
      const items = mails
        .map(
          (mail) => `<article style="border:1px solid #e4d8c8;border-radius:12px;background:#fff;padding:16px;margin:16px 0">
<h2 style="margin:0;font-size:18px">${escapeHtml(mail.subject)}</h2>
<p style="margin:4px 0 12px;color:#6b5d5a;font-size:14px">To ${escapeHtml(mail.to)}${mail.replyTo ? ` · Reply-To ${escapeHtml(mail.replyTo)}` : ''} · ${mail.createdAt.toISOString()}</p>
<pre style="white-space:pre-wrap;font-size:14px;margin:0">${escapeHtml(mail.text)}</pre>
</article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title></head>
<body style="font-family:system-ui,sans-serif;background:#fbf7f1;color:#2a2122;max-width:720px;margin:0 auto;padding:24px">
<h1 style="font-family:Georgia,serif">Dev mailbox</h1>
<p>Mail the shop stored instead of sending, because SMTP_URL is not set. Newest first.</p>
${items || '<p>No mail yet.</p>'}
</body></html>`);
    });
  };
