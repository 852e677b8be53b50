import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Mail, Mailer } from '../mail/mailer.js';

/** A clock the tests move forward instead of sleeping. */
export function testClock(start = '2026-03-10T10:00:00.000Z') {
  let time = new Date(start).getTime();
  return {
    now: () => new Date(time),
    advance(milliseconds: number) {
      time += milliseconds;
    },
  };
}

/** Keeps every mail; `failNext` makes the next send throw as an unreachable SMTP server would. */
export function capturingMailer() {
  const sent: Mail[] = [];
  let failures = 0;
  const mailer: Mailer = {
    async send(mail) {
      if (failures > 0) {
        failures--;
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      }
      sent.push(mail);
    },
  };
  return {
    mailer,
    sent,
    failNext() {
      failures++;
    },
    /** The code in the newest mail to `to`. */
    lastCode(to: string): string {
      const mail = sent.findLast((item) => item.to === to);
      const code = mail && /\b(\d{6})\b/.exec(mail.subject)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
  };
}

let counter = 0;
/** A fresh address (and a fresh client IP) per call, so the per-address and per-IP limits stay apart. */
export const uniqueEmail = (label = 'shopper') => `${label}.${Date.now().toString(36)}.${++counter}@example.in`;
export const uniqueIp = () => `10.0.${Math.floor(++counter / 250) % 250}.${(counter % 250) + 1}`;

/** The `sid` cookie value an answer set, if any. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((item) => item.name === 'sid');
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

export function jsonCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: object; sid?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const request: InjectOptions = { method, url, remoteAddress: options.ip ?? uniqueIp(), headers: { ...options.headers } };
  // Like the web client: every state-changing call sends JSON, `{}` when it has nothing to say.
  if (options.body ?? method !== 'GET') request.payload = options.body ?? {};
  if (options.sid) request.cookies = { sid: options.sid };
  return app.inject(request);
}

/** Signs a shopper up the way the sign-up page does: code by mail, verify, register. */
export async function registerUser(
  app: FastifyInstance,
  mail: ReturnType<typeof capturingMailer>,
  details: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  const email = details.email ?? uniqueEmail();
  const password = details.password ?? 'correct horse 42';
  expect((await jsonCall(app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } })).statusCode).toBe(200);
  const verified = await jsonCall(app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: mail.lastCode(email) } });
  expect(verified.statusCode).toBe(200);
  const registered = await jsonCall(app, 'POST', '/api/user/auth/register', {
    body: { email, firstName: details.firstName ?? 'Asha', lastName: details.lastName ?? 'Rao', password, confirmPassword: password },
  });
  expect(registered.statusCode).toBe(200);
  return { email, password };
}

/** Registers and logs in by password; returns the session cookie value. */
export async function signedInUser(app: FastifyInstance, mail: ReturnType<typeof capturingMailer>, details: { email?: string } = {}) {
  const { email, password } = await registerUser(app, mail, details);
  const login = await jsonCall(app, 'POST', '/api/user/auth/loginUsingPassword', { body: { email, password } });
  expect(login.statusCode).toBe(200);
  const sid = sessionCookieOf(login);
  if (!sid) throw new Error('login set no session cookie');
  return { email, password, sid, userId: login.json<{ data: { user: { _id: string } } }>().data.user._id };
}
