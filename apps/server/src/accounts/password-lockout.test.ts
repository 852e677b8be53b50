import { describe, expect, it, vi } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, registerUser, sessionCookieOf, testClock, uniqueEmail, uniqueIp } from '../test/accounts.js';

const clock = testClock();
const mail = capturingMailer();
const t = useTestApp({ services: { now: clock.now, mailer: mail.mailer, secret: 'test-secret-for-one-time-codes-0000' } });

const MINUTE = 60_000;
const WRONG = 'not-my-password-77';
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorEnvelope>().error;
const login = (email: string, password: string, ip: string) =>
  jsonCall(t.app, 'POST', '/api/user/auth/loginUsingPassword', { body: { email, password }, ip });
const alertsTo = (email: string) => mail.sent.filter((item) => item.to === email && item.subject.includes('failed logins'));

describe('shopper password login: a stranger cannot keep a shopper out', () => {
  it('regression: ten wrong passwords from one address do not refuse the right password from another (only that address waits)', async () => {
    const { email, password } = await registerUser(t.app, mail);
    const attacker = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await login(email, WRONG, attacker)).statusCode).toBe(401);

    const mine = await login(email, password, uniqueIp());
    expect(mine.statusCode).toBe(200);
    expect(sessionCookieOf(mine)).toBeDefined();
    const refused = await login(email, password, attacker);
    expect([refused.statusCode, errorOf(refused), refused.headers['retry-after']]).toEqual([
      429,
      'Too many failed login attempts. Please try again in 15 minutes, or log in with an OTP sent to your email.',
      '900',
    ]);
    clock.advance(15 * MINUTE + 1);
  });

  it('regression: ten wrong passwords from ten addresses do not lock the account', async () => {
    const { email, password } = await registerUser(t.app, mail);
    for (let i = 0; i < 10; i++) expect((await login(email, WRONG, uniqueIp())).statusCode).toBe(401);
    expect((await login(email, password, uniqueIp())).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });

  it('mails the shopper once per 15 minutes when her account sees 10 failures, with no secret', async () => {
    const { email, password } = await registerUser(t.app, mail);
    const addresses = [uniqueIp(), uniqueIp()];
    for (let i = 0; i < 11; i++) {
      clock.advance(10_000);
      expect((await login(email, `${WRONG}-${i}`, addresses[i % 2]!)).statusCode).toBe(401);
    }
    await vi.waitFor(() => expect(alertsTo(email)).toHaveLength(1));
    const [alert] = alertsTo(email);
    expect(alert!.subject).toBe('10 failed logins to your Saanjh Boutique account');
    expect(alert!.text).toContain(`10 failed password logins to your Saanjh Boutique account (${email})`);
    expect(alert!.text).toContain('from 2 addresses');
    expect(alert!.text).toContain('http://localhost:3000/forgotPassword');
    const everything = `${alert!.subject}\n${alert!.text}\n${alert!.html}`;
    expect(everything).not.toContain(WRONG);
    expect(everything).not.toContain(password);
    for (const address of addresses) expect(everything).not.toContain(address);
    const { address: shopAddress } = await t.services.settings.get();
    expect(everything.replaceAll(shopAddress, '')).not.toMatch(/\b\d{6}\b/);

    for (let i = 0; i < 10; i++) expect((await login(email, WRONG, uniqueIp())).statusCode).toBe(401);
    expect(alertsTo(email)).toHaveLength(1);
    clock.advance(15 * MINUTE + 1);
  });

  it('mails nobody about an address that has no account', async () => {
    const stranger = uniqueEmail('stranger');
    for (let i = 0; i < 10; i++) expect((await login(stranger, WRONG, uniqueIp())).statusCode).toBe(401);
    const { email } = await registerUser(t.app, mail);
    for (let i = 0; i < 10; i++) expect((await login(email, WRONG, uniqueIp())).statusCode).toBe(401);
    await vi.waitFor(() => expect(alertsTo(email)).toHaveLength(1));
    expect(mail.sent.filter((item) => item.to === stranger)).toEqual([]);
    clock.advance(15 * MINUTE + 1);
  });
});

describe('shopper password change: the current password is throttled like a login', () => {
  const change = (sid: string, currentPassword: string, ip: string) =>
    jsonCall(t.app, 'PUT', '/api/user/profile/changePassword', {
      sid,
      ip,
      body: { currentPassword, newPassword: 'brand new one 5', confirmPassword: 'brand new one 5' },
    });

  it('regression: 40 wrong current passwords meet a 429 after ten and alert the shopper; her login elsewhere still works', async () => {
    const { email, password } = await registerUser(t.app, mail);
    const session = sessionCookieOf(await login(email, password, uniqueIp()))!;
    const thief = uniqueIp();
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 40; i++) {
      const response = await change(session, `${WRONG}-${i}`, thief);
      answers.push([response.statusCode, errorOf(response)]);
    }
    expect(answers.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => [400, 'Your current password is not correct.']));
    expect(answers.slice(10)).toEqual(Array.from({ length: 30 }, () => [429, 'Too many wrong passwords. Please try again in 15 minutes.']));
    const held = await change(session, password, thief);
    expect([held.statusCode, held.headers['retry-after']]).toEqual([429, '900']);
    await vi.waitFor(() => expect(alertsTo(email)).toHaveLength(1));

    // The same count as a login: that client is held back from logging in too, nobody else is.
    expect((await login(email, password, thief)).statusCode).toBe(429);
    expect((await login(email, password, uniqueIp())).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });

  it('wrong logins and wrong current passwords from one client add up', async () => {
    const { email, password } = await registerUser(t.app, mail);
    const me = uniqueIp();
    const session = sessionCookieOf(await login(email, password, me))!;
    for (let i = 0; i < 5; i++) expect((await login(email, WRONG, me)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await change(session, WRONG, me)).statusCode).toBe(400);
    expect((await change(session, password, me)).statusCode).toBe(429);
    expect((await login(email, password, me)).statusCode).toBe(429);
    clock.advance(15 * MINUTE + 1);
  });

  it('the right current password forgets that client’s failures', async () => {
    const { email, password } = await registerUser(t.app, mail);
    const me = uniqueIp();
    const session = sessionCookieOf(await login(email, password, me))!;
    for (let i = 0; i < 9; i++) expect((await change(session, WRONG, me)).statusCode).toBe(400);
    expect((await change(session, password, me)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await change(session, WRONG, me)).statusCode).toBe(400);
    expect((await change(session, 'brand new one 5', me)).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });
});
