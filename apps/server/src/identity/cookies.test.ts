import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { shopperCookie } from '../accounts/session.js';
import { adminCookie } from '../admin/session.js';
import { cookiePolicyFor, type SessionCookie } from './cookies.js';

const session = { token: 'x'.repeat(43), expiresAt: new Date('2026-06-01T10:00:00.000Z') };

/** What Fastify sends for `set` and `clear` of a cookie. */
async function sentBy(sessionCookie: SessionCookie, publicUrl: string) {
  const app = Fastify();
  await app.register(cookie);
  const policy = cookiePolicyFor(publicUrl);
  app.get('/set', (_request, reply) => {
    sessionCookie.set(reply, session, policy);
    return '';
  });
  app.get('/clear', (_request, reply) => {
    sessionCookie.clear(reply, policy);
    return '';
  });
  const [set, clear] = [await app.inject('/set'), await app.inject('/clear')];
  await app.close();
  return { set: set.headers['set-cookie'], clear: clear.headers['set-cookie'], header: sessionCookie.header(session, policy) };
}

describe('session cookies', () => {
  it('the shopper’s: sid, SameSite=Lax, Secure only behind https; the page header is what Fastify sends', async () => {
    const https = await sentBy(shopperCookie, 'https://shop.example.in');
    expect(https.set).toBe(`sid=${session.token}; Path=/; Expires=Mon, 01 Jun 2026 10:00:00 GMT; HttpOnly; Secure; SameSite=Lax`);
    expect(https.header).toBe(https.set);
    expect(https.clear).toBe('sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
    const http = await sentBy(shopperCookie, 'http://localhost:3000');
    expect(http.set).toBe(`sid=${session.token}; Path=/; Expires=Mon, 01 Jun 2026 10:00:00 GMT; HttpOnly; SameSite=Lax`);
    expect(http.header).toBe(http.set);
  });

  it('the admin’s: asid, SameSite=Strict; the page header is what Fastify sends', async () => {
    const https = await sentBy(adminCookie, 'https://shop.example.in');
    expect(https.set).toBe(`asid=${session.token}; Path=/; Expires=Mon, 01 Jun 2026 10:00:00 GMT; HttpOnly; Secure; SameSite=Strict`);
    expect(https.header).toBe(https.set);
    expect(https.clear).toBe('asid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict');
  });
});
