import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { useTestApp } from '../test/app.js';
import { CONTACT_LIMIT_PER_HOUR } from './service.js';

const t = useTestApp();

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
    const stored = (await t.services.contact.list()).find((row) => row.id === body.data.contactMessage._id);
    expect(stored).toMatchObject({
      name: 'Ananya Rao',
      email: 'ananya@example.in',
      phone: '9845012345',
      message: VALID.message,
      ip: '198.51.100.7',
    });
    expect(stored?.createdAt.toISOString()).toBe(body.data.contactMessage.createdAt);
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
    const stored = (await t.services.contact.list()).find((row) => row.id === id);
    expect(stored).toMatchObject({ name: 'Meera', email: 'meera@example.in', phone: null, message: 'Please call me back about sizes.' });
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
    const stored = (await t.services.contact.list()).find((row) => row.id === id);
    expect(stored).toBeDefined();
    expect(stored).not.toHaveProperty('isAdmin');
    expect(stored?.ip).toBe('198.51.100.8');
    expect(stored?.createdAt.getFullYear()).toBeGreaterThan(2000);
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

  it('lists messages newest first', async () => {
    const list = await t.services.contact.list();
    expect(list.length).toBeGreaterThan(2);
    for (let i = 1; i < list.length; i++) {
      expect(list[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(list[i]!.createdAt.getTime());
    }
  });
});
