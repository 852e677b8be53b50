import type { AdminContactMessage, AdminContactPage } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { DEMO_SETTINGS } from '../settings/service.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { contactMessageById } from './queries.js';
import { CONTACT_LIMIT_PER_HOUR } from './service.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });
/** The row as stored (with the sender's IP, which no answer shows). */
const stored = (id: string) => contactMessageById(t.database.db, id);
/** Every mail queued so far has been tried. */
const mailSettled = async () => {
  await t.services.mail.drain();
  await t.services.mail.idle();
};

const URL = '/api/user/contact/sendMessage';
const VALID = {
  name: 'Ananya Rao',
  email: 'ananya@example.in',
  phone: '98450 12345',
  message: 'Does the Kanjivaram saree in wine come with a stitched blouse?',
};

/** Each test sends from its own address, so the hourly limit of one never spills into another. */
let nextIp = 1;
const send = (payload: unknown, ip = `203.0.113.${nextIp++}`) =>
  t.app.inject({ method: 'POST', url: URL, payload: payload as Record<string, unknown>, remoteAddress: ip });

describe('POST /api/user/contact/sendMessage', () => {
  it('stores the message and answers its id and time', async () => {
    const response = await send(VALID, '198.51.100.7');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ success: true; data: { contactMessage: { _id: string; createdAt: string } } }>();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data)).toEqual(['contactMessage']);
    const row = await stored(body.data.contactMessage._id);
    expect(row).toMatchObject({
      name: 'Ananya Rao',
      email: 'ananya@example.in',
      phone: '9845012345',
      message: VALID.message,
      ip: '198.51.100.7',
    });
    expect(row?.createdAt.toISOString()).toBe(body.data.contactMessage.createdAt);
    expect(row?.handledAt).toBeNull();
  });

  it('trims the fields and stores no phone when the box is empty', async () => {
    const response = await send({
      name: '  Meera  ',
      email: ' meera@example.in ',
      phone: '',
      message: '  Please call me back about sizes.  ',
    });
    expect(response.statusCode).toBe(200);
    const id = response.json<{ data: { contactMessage: { _id: string } } }>().data.contactMessage._id;
    expect(await stored(id)).toMatchObject({
      name: 'Meera',
      email: 'meera@example.in',
      phone: null,
      message: 'Please call me back about sizes.',
    });
  });

  it.each([
    ['name', { name: '   ' }, 'Please enter your name.'],
    ['name', { name: 'x'.repeat(81) }, 'Name must be at most 80 characters.'],
    ['email', { email: '' }, 'Please enter your email.'],
    ['email', { email: 'ananya@' }, 'Please enter a valid email.'],
    ['phone', { phone: '12345' }, 'Please enter a 10-digit mobile number.'],
    ['message', { message: '' }, 'Please write your message.'],
    ['message', { message: 'Hi there' }, 'Please write at least 10 characters.'],
    ['message', { message: 'x'.repeat(2001) }, 'Message must be at most 2000 characters.'],
  ])('refuses a bad %s with 400 naming the field (%j)', async (field, change, message) => {
    const response = await send({ ...VALID, ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.success).toBe(false);
    expect(body.error).toBe(`${field}: ${message}`);
    expect(body.fields?.[field]).toBe(message);
  });

  it('names every missing field', async () => {
    const response = await send({});
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.error).toBe('name: Please enter your name.');
    expect(body.fields).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email.',
      message: 'Please write your message.',
    });
  });

  it('accepts a mobile number written with +91', async () => {
    const response = await send({ ...VALID, phone: '+91 98450-12345' });
    expect(response.statusCode).toBe(200);
  });

  it('drops unknown fields', async () => {
    const response = await send({ ...VALID, ip: '1.2.3.4', isAdmin: true, createdAt: '2000-01-01' }, '198.51.100.8');
    expect(response.statusCode).toBe(200);
    const id = response.json<{ data: { contactMessage: { _id: string } } }>().data.contactMessage._id;
    const row = await stored(id);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('isAdmin');
    expect(row?.ip).toBe('198.51.100.8');
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it(`allows ${CONTACT_LIMIT_PER_HOUR} messages per IP per hour, then answers 429`, async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) {
      expect((await send(VALID, ip)).statusCode).toBe(200);
    }
    const refused = await send(VALID, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<ErrorEnvelope>()).toEqual({ success: false, error: 'Too many messages. Please try again in an hour.' });
    // Another visitor is not affected.
    expect((await send(VALID, '192.0.2.45')).statusCode).toBe(200);
  });

  it('is documented in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, unknown> }>().paths;
    expect(paths).toHaveProperty(['/api/user/contact/sendMessage', 'post']);
    expect(paths).toHaveProperty(['/api/user/announcements', 'get']);
  });

  it('mails each message to the shop’s own address through the mail outbox (issue 38: nobody was told)', async () => {
    const response = await send({ ...VALID, name: 'Kavya Menon', message: 'Is the <b>mustard</b> lehenga\navailable in XL?' });
    expect(response.statusCode).toBe(200);
    const id = response.json<{ data: { contactMessage: { _id: string } } }>().data.contactMessage._id;
    await mailSettled();
    const toShop = mail.sent.filter((item) => item.to === DEMO_SETTINGS.email && item.subject.includes('Kavya Menon'));
    expect(toShop).toHaveLength(1);
    expect(toShop[0]!.subject).toBe('Message from Kavya Menon through the contact form');
    // Her mail app's Reply answers the sender, not the shop's own address.
    expect(toShop[0]!.replyTo).toBe('ananya@example.in');
    expect(toShop[0]!.text).toContain('Is the <b>mustard</b> lehenga\navailable in XL?');
    expect(toShop[0]!.text).toContain('E-mail: ananya@example.in · Phone: 9845012345');
    expect(toShop[0]!.text).toContain(`http://localhost:3000/admin/messages/${id}`);
    // The sender's words are text in the HTML, never markup.
    expect(toShop[0]!.html).toContain('Is the &lt;b&gt;mustard&lt;/b&gt; lehenga');
    // Once per message, however often the outbox is drained.
    await mailSettled();
    expect(mail.sent.filter((item) => item.subject === toShop[0]!.subject)).toHaveLength(1);
  });
});

/** A fresh message from its own address; answers its id. */
async function newMessage(change: Partial<typeof VALID> = {}): Promise<string> {
  const response = await send({ ...VALID, ...change });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { contactMessage: { _id: string } } }>().data.contactMessage._id;
}

const UNKNOWN_ID = '3c9e2d1a-7b6f-4e5d-8c4b-2a1f0e9d8c7b';

describe('the back-office inbox of contact messages (issue 38)', () => {
  let owner: SignedInAdminForTest;
  let staff: SignedInAdminForTest;
  const call = (who: SignedInAdminForTest | null, method: 'GET' | 'POST', url: string, body?: object) =>
    adminCall(t.app, method, url, { asid: who?.asid, body });
  const list = async (who: SignedInAdminForTest, query = '') => {
    const response = await call(who, 'GET', `/api/admin/contact/getMessages${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: AdminContactPage }>().data;
  };
  const messageOf = (response: { json<T>(): T }) => response.json<{ data: { contactMessage: AdminContactMessage } }>().data.contactMessage;
  const auditOf = async (messageId: string) =>
    (await t.services.audit.list({ entity: 'contact_message', entityId: messageId })).entries.map((entry) => entry.action);

  beforeAll(async () => {
    owner = await signedInOwner(t);
    staff = await signedInStaff(t, owner);
  });

  it('needs an admin session for every call (401)', async () => {
    const id = await newMessage();
    for (const [method, url] of [
      ['GET', '/api/admin/contact/getMessages'],
      ['GET', `/api/admin/contact/getMessage/${id}`],
      ['POST', `/api/admin/contact/markHandled/${id}`],
      ['POST', `/api/admin/contact/reply/${id}`],
    ] as const) {
      const response = await call(null, method, url, method === 'POST' ? { message: 'Hello there' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json<ErrorEnvelope>().success).toBe(false);
    }
    expect((await stored(id))?.handledAt).toBeNull();
  });

  it('lists every message to owners and staff alike, those waiting first, with the count waiting', async () => {
    const older = await newMessage({ name: 'First Sender' });
    const handled = await newMessage({ name: 'Handled Sender' });
    expect((await call(staff, 'POST', `/api/admin/contact/markHandled/${handled}`)).statusCode).toBe(200);
    const newer = await newMessage({ name: 'Latest Sender' });

    for (const who of [owner, staff]) {
      const page = await list(who);
      expect(page).toMatchObject({ page: 1, limit: 50 });
      expect(page.total).toBe(page.messages.length);
      const ids = page.messages.map((message) => message._id);
      // Waiting ones first, newest first among them; the handled one after every waiting one.
      expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
      const firstHandled = page.messages.findIndex((message) => message.handledAt !== null);
      expect(page.messages.slice(firstHandled).every((message) => message.handledAt !== null)).toBe(true);
      expect(ids.indexOf(handled)).toBeGreaterThanOrEqual(firstHandled);
      expect(page.unhandled).toBe(page.messages.filter((message) => message.handledAt === null).length);
      expect(page.messages.find((message) => message._id === newer)).toEqual({
        _id: newer,
        name: 'Latest Sender',
        email: 'ananya@example.in',
        phone: '9845012345',
        message: VALID.message,
        createdAt: expect.any(String) as string,
        handledAt: null,
        handledBy: null,
        replies: [],
      });
      // The sender's IP stays on the server.
      expect(JSON.stringify(page)).not.toContain('203.0.113.');
    }

    const waiting = await list(owner, '?status=unhandled');
    expect(waiting.messages.every((message) => message.handledAt === null)).toBe(true);
    expect(waiting.total).toBe(waiting.unhandled);
    const done = await list(owner, '?status=handled');
    expect(done.messages.map((message) => message._id)).toContain(handled);
    expect(done.messages.every((message) => message.handledAt !== null)).toBe(true);
    expect(await t.services.contact.unhandledCount()).toBe(waiting.unhandled);
  });

  it('refuses an unknown filter or page with 400 naming it', async () => {
    for (const [query, message] of [
      ['?status=odd', 'status must be one of all, unhandled, handled'],
      ['?page=0', 'page must be a whole number from 1'],
    ]) {
      const response = await call(owner, 'GET', `/api/admin/contact/getMessages${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorEnvelope>().error).toContain(message);
    }
  });

  it('opens one message; an unknown id is 404', async () => {
    const id = await newMessage({ name: 'Opened Sender' });
    const response = await call(staff, 'GET', `/api/admin/contact/getMessage/${id}`);
    expect(response.statusCode).toBe(200);
    expect(messageOf(response)).toMatchObject({ _id: id, name: 'Opened Sender', handledAt: null, replies: [] });
    for (const missing of [UNKNOWN_ID, 'not-an-id']) {
      const unknown = await call(staff, 'GET', `/api/admin/contact/getMessage/${missing}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ErrorEnvelope>()).toEqual({ success: false, error: 'Message not found.' });
    }
  });

  it('marks a message handled under the admin’s name, audited once; marking it again changes nothing', async () => {
    const id = await newMessage();
    const response = await call(staff, 'POST', `/api/admin/contact/markHandled/${id}`);
    expect(response.statusCode).toBe(200);
    const handled = messageOf(response);
    expect(handled.handledAt).not.toBeNull();
    expect(handled.handledBy).toBe(`Ravi Staff <${staff.email}>`);
    expect(await auditOf(id)).toEqual(['contact_message.handle']);

    const again = await call(owner, 'POST', `/api/admin/contact/markHandled/${id}`);
    expect(again.statusCode).toBe(200);
    expect(messageOf(again)).toEqual(handled);
    expect(await auditOf(id)).toEqual(['contact_message.handle']);

    for (const missing of [UNKNOWN_ID, 'not-an-id']) {
      const unknown = await call(owner, 'POST', `/api/admin/contact/markHandled/${missing}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ErrorEnvelope>().error).toBe('Message not found.');
    }
  });

  it('mails a reply to the sender through the outbox, keeps it and marks the message handled; audited', async () => {
    const id = await newMessage({ name: 'Divya Iyer', email: 'divya@example.in', message: 'Can I exchange the blue kurti for a size M?' });
    const response = await call(owner, 'POST', `/api/admin/contact/reply/${id}`, {
      message: '  Yes, Divya: bring it to the boutique\nwith the tag on.  ',
    });
    expect(response.statusCode).toBe(200);
    const answered = messageOf(response);
    expect(answered.handledAt).not.toBeNull();
    expect(answered.handledBy).toBe(`Meera Owner <${owner.email}>`);
    expect(answered.replies).toEqual([
      {
        _id: expect.any(String) as string,
        message: 'Yes, Divya: bring it to the boutique\nwith the tag on.',
        createdAt: expect.any(String) as string,
        by: `Meera Owner <${owner.email}>`,
      },
    ]);

    await mailSettled();
    const replies = mail.sent.filter((item) => item.to === 'divya@example.in');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.subject).toBe(`Re: your message to ${DEMO_SETTINGS.name}`);
    // Sent from MAIL_FROM: her answer goes to the shop's e-mail.
    expect(replies[0]!.replyTo).toBe(DEMO_SETTINGS.email);
    expect(replies[0]!.text).toMatch(/^Yes, Divya: bring it to the boutique\nwith the tag on\.\n\nSaanjh Boutique\n/);
    expect(replies[0]!.text).toContain('> Can I exchange the blue kurti for a size M?');
    expect(await auditOf(id)).toEqual(['contact_message.reply']);

    // A second reply (staff may answer too) is kept beside the first; the message keeps who handled it first.
    const second = await call(staff, 'POST', `/api/admin/contact/reply/${id}`, { message: 'We are open till 7 pm.' });
    expect(second.statusCode).toBe(200);
    expect(messageOf(second).replies.map((reply) => reply.message)).toEqual([
      'Yes, Divya: bring it to the boutique\nwith the tag on.',
      'We are open till 7 pm.',
    ]);
    expect(messageOf(second).handledBy).toBe(`Meera Owner <${owner.email}>`);
    expect((await call(staff, 'GET', `/api/admin/contact/getMessage/${id}`)).json()).toEqual(second.json());
  });

  it('refuses an empty or long reply with 400 naming the field, and mails nothing', async () => {
    const id = await newMessage({ email: 'nobody-answered@example.in' });
    for (const [body, error] of [
      [{ message: '   ' }, 'message: Please write your reply.'],
      [{}, 'message: Please write your reply.'],
      [{ message: 'x'.repeat(2001) }, 'message: Reply must be at most 2000 characters.'],
    ] as const) {
      const response = await call(owner, 'POST', `/api/admin/contact/reply/${id}`, body);
      expect(response.statusCode).toBe(400);
      const refused = response.json<ErrorEnvelope>();
      expect(refused.error).toBe(error);
      expect(refused.fields?.message).toBe(error.replace('message: ', ''));
    }
    const unknown = await call(owner, 'POST', `/api/admin/contact/reply/${UNKNOWN_ID}`, { message: 'Hello there' });
    expect(unknown.statusCode).toBe(404);
    await mailSettled();
    expect(mail.sent.filter((item) => item.to === 'nobody-answered@example.in')).toEqual([]);
    expect((await stored(id))?.handledAt).toBeNull();
  });

  it('refuses a reply posted from another site (403)', async () => {
    const id = await newMessage({ email: 'cross-site@example.in' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contact/reply/${id}`,
      cookies: { asid: owner.asid },
      headers: { origin: 'https://evil.example' },
      payload: { message: 'Click this link' },
    });
    expect(response.statusCode).toBe(403);
    expect((await stored(id))?.handledAt).toBeNull();
  });

  it('documents the calls with their failures in the OpenAPI description', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>().paths;
    const statuses = (path: string, method: string) => Object.keys(paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses('/api/admin/contact/getMessages', 'get')).toEqual(['200', '400', '401']);
    expect(statuses('/api/admin/contact/getMessage/{messageId}', 'get')).toEqual(['200', '400', '401', '404']);
    expect(statuses('/api/admin/contact/markHandled/{messageId}', 'post')).toEqual(['200', '400', '401', '403', '404', '415']);
    expect(statuses('/api/admin/contact/reply/{messageId}', 'post')).toEqual(['200', '400', '401', '403', '404', '415']);
  });
});
