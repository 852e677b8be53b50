import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { useTestApp } from '../test/app.js';
import {
  capturingMailer,
  jsonCall,
  registerUser,
  sessionCookieOf,
  signedInUser,
  testClock,
  uniqueEmail,
  uniqueIp,
} from '../test/accounts.js';

const clock = testClock();
const mail = capturingMailer();
const t = useTestApp({ services: { now: clock.now, mailer: mail.mailer, secret: 'test-secret-for-one-time-codes-0000' } });

const MINUTE = 60_000;
const NEW_PASSWORD = 'fresh mango 77';
const call = (...args: Parameters<typeof jsonCall> extends [unknown, ...infer Rest] ? Rest : never) => jsonCall(t.app, ...args);
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorEnvelope>().error;
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
const reset = (email: string, otp: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  call('POST', '/api/user/auth/resetPassword', { body: { email, otp, newPassword, confirmPassword } });
const loginStatus = async (email: string, password: string, ip?: string) =>
  (await call('POST', '/api/user/auth/loginUsingPassword', { body: { email, password }, ip })).statusCode;

describe('forgot password: a mailed code sets a new password', () => {
  it('mails a reset code, sets the new password and ends every session of the shopper', async () => {
    const { email, password, sid } = await signedInUser(t.app, mail);
    const other = await call('POST', '/api/user/auth/loginUsingPassword', { body: { email, password } });
    const otherSid = sessionCookieOf(other)!;

    const sent = await call('POST', '/api/user/auth/forgotPassword', { body: { email: ` ${email.toUpperCase()}` } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, data: {} });
    const message = mail.sent.at(-1)!;
    expect(message.to).toBe(email);
    expect(message.subject).toMatch(/^\d{6} is your Saanjh Boutique password reset code$/);
    expect(message.text).toContain('reset your password at Saanjh Boutique');

    const done = await reset(email, mail.lastCode(email));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, data: {} });

    for (const session of [sid, otherSid]) {
      expect((await call('GET', '/api/user/auth/me', { sid: session })).statusCode).toBe(401);
    }
    expect(await loginStatus(email, password)).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('clears the cookie of a browser that was signed in when it reset', async () => {
    const { email, sid } = await signedInUser(t.app, mail);
    await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    const done = await call('POST', '/api/user/auth/resetPassword', {
      sid,
      body: { email, otp: mail.lastCode(email), newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    expect(done.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');
  });

  it('answers a known and an unknown address alike; the unknown one is mailed a notice, never a code', async () => {
    const { email } = await registerUser(t.app, mail);
    const stranger = uniqueEmail('stranger');
    const known = await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    const unknown = await call('POST', '/api/user/auth/forgotPassword', { body: { email: stranger } });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const notice = mail.sent.filter((item) => item.to === stranger);
    expect(notice.map((item) => item.subject)).toEqual(['There is no Saanjh Boutique account for this address']);

    // The limits and a wrong guess answer alike too.
    const knownAgain = await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    const unknownAgain = await call('POST', '/api/user/auth/forgotPassword', { body: { email: stranger } });
    expect(knownAgain.statusCode).toBe(429);
    expect(unknownAgain.body).toBe(knownAgain.body);
    const wrong = wrongCodeFor(mail.lastCode(email));
    const guessKnown = await reset(email, wrong);
    const guessUnknown = await reset(stranger, wrong);
    expect(guessKnown.statusCode).toBe(400);
    expect(guessUnknown.body).toBe(guessKnown.body);
  });

  it('codes work once, expire after 10 minutes, and hold back a client after 5 wrong tries', async () => {
    const { email } = await registerUser(t.app, mail);
    await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    const otp = mail.lastCode(email);
    expect((await reset(email, otp)).statusCode).toBe(200);
    const reuse = await reset(email, otp, 'another one 99');
    expect(reuse.statusCode).toBe(400);
    expect(errorOf(reuse)).toBe('This OTP has expired or was already used. Please request a new one.');

    clock.advance(2 * MINUTE);
    await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    clock.advance(10 * MINUTE + 1000);
    expect(errorOf(await reset(email, mail.lastCode(email)))).toBe('This OTP has expired or was already used. Please request a new one.');

    await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    const fresh = mail.lastCode(email);
    const ip = uniqueIp();
    const guess = (otp: string) =>
      call('POST', '/api/user/auth/resetPassword', {
        body: { email, otp, newPassword: 'guessed 12345', confirmPassword: 'guessed 12345' },
        ip,
      });
    for (let attempt = 1; attempt <= 5; attempt++) expect(errorOf(await guess(wrongCodeFor(fresh)))).toBe('Invalid OTP.');
    expect((await guess(fresh)).statusCode).toBe(429);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('a reset code does not log in, and a login code does not reset', async () => {
    const { email } = await registerUser(t.app, mail);
    await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    const resetCode = mail.lastCode(email);
    expect((await call('POST', '/api/user/auth/verifyLoginOtp', { body: { email, otp: resetCode } })).statusCode).toBe(400);
    await call('POST', '/api/user/auth/sendLoginOtp', { body: { email } });
    const loginCode = mail.lastCode(email);
    expect((await reset(email, loginCode)).statusCode).toBe(400);
    expect((await reset(email, resetCode)).statusCode).toBe(200);
  });

  it('lifts a password lock a stranger on her network caused', async () => {
    const { email } = await registerUser(t.app, mail);
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 10; attempt++) await loginStatus(email, 'not the password', ip);
    expect(await loginStatus(email, 'not the password', ip)).toBe(429);
    await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    expect((await reset(email, mail.lastCode(email))).statusCode).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD, ip)).toBe(200);
  });

  it('answers bad input with 400 naming the field, before using the code up', async () => {
    const { email, password } = await registerUser(t.app, mail);
    const cases: Array<[string, object, string]> = [
      ['/api/user/auth/forgotPassword', { email: '' }, 'email: Please enter your email.'],
      ['/api/user/auth/forgotPassword', { email: 'nope' }, 'email: Please enter a valid email.'],
      [
        '/api/user/auth/resetPassword',
        { email: 'nope', otp: '123456', newPassword: 'longenough', confirmPassword: 'longenough' },
        'email: Please enter a valid email.',
      ],
      [
        '/api/user/auth/resetPassword',
        { email, otp: '', newPassword: 'longenough', confirmPassword: 'longenough' },
        'otp: Enter the OTP sent to your email.',
      ],
      [
        '/api/user/auth/resetPassword',
        { email, otp: '123456', newPassword: 'short', confirmPassword: 'short' },
        'newPassword: Password must be at least 8 characters.',
      ],
      [
        '/api/user/auth/resetPassword',
        { email, otp: '123456', newPassword: 'longenough', confirmPassword: 'different1' },
        'confirmPassword: Passwords do not match.',
      ],
    ];
    for (const [url, body, message] of cases) {
      const response = await call('POST', url, { body });
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(errorOf(response), url).toBe(message);
    }

    await call('POST', '/api/user/auth/forgotPassword', { body: { email } });
    const otp = mail.lastCode(email);
    expect((await reset(email, otp, 'short')).statusCode).toBe(400);
    expect(await loginStatus(email, password)).toBe(200);
    expect((await reset(email, otp)).statusCode).toBe(200);
  });

  it('is documented in OpenAPI', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/user/auth/forgotPassword', '/api/user/auth/resetPassword']));
  });
});
