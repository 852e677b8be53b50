import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, registerUser, testClock, uniqueEmail, uniqueIp } from '../test/accounts.js';
import { adminCall, signedInOwner } from '../test/admins.js';

const clock = testClock();
const mail = capturingMailer();
const t = useTestApp({ services: { now: clock.now, mailer: mail.mailer, secret: 'test-secret-for-one-time-codes-0000' } });

const MINUTE = 60_000;
const TOO_MANY = 'Too many wrong codes. Please try again in 15 minutes.';
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorEnvelope>().error;
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');
const answerOf = (response: { statusCode: number; json: <T>() => T }) => [response.statusCode, errorOf(response)];

/** The answers to `tries` guesses, in order; every 429 says when to try again. */
async function guessMany(tries: number, guess: () => Promise<LightMyRequestResponse>) {
  const seen: Array<[number, string]> = [];
  for (let i = 0; i < tries; i++) {
    const response = await guess();
    if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    seen.push([response.statusCode, errorOf(response)]);
  }
  return seen;
}

const counts = (answers: Array<[number, string]>) => {
  const tally = new Map<string, number>();
  for (const [status, error] of answers) tally.set(`${status} ${error}`, (tally.get(`${status} ${error}`) ?? 0) + 1);
  return Object.fromEntries(tally);
};

describe('one-time codes: a stranger cannot burn the owner’s code', () => {
  it('regression: 90 wrong sign-up codes from one client meet a 429 after 5, and the owner still verifies from hers', async () => {
    const email = uniqueEmail();
    const owner = uniqueIp();
    await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email }, ip: owner });
    const otp = mail.lastCode(email);
    const attacker = uniqueIp();
    const answers = await guessMany(90, () =>
      jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: wrongCodeFor(otp) }, ip: attacker }),
    );
    expect(counts(answers)).toEqual({ '400 Invalid OTP.': 5, [`429 ${TOO_MANY}`]: 85 });
    // Held back even with the right code: the client, not the guess, is refused.
    const attackerRight = await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp }, ip: attacker });
    expect(answerOf(attackerRight)).toEqual([429, TOO_MANY]);

    const mine = await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp }, ip: owner });
    expect(mine.statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });

  it('regression: a stranger’s wrong login codes and reset codes leave the owner’s code working', async () => {
    const { email, password } = await registerUser(t.app, mail);
    const attacker = uniqueIp();

    await jsonCall(t.app, 'POST', '/api/user/auth/sendLoginOtp', { body: { email } });
    const loginCode = mail.lastCode(email);
    const loginGuesses = await guessMany(20, () =>
      jsonCall(t.app, 'POST', '/api/user/auth/verifyLoginOtp', { body: { email, otp: wrongCodeFor(loginCode) }, ip: attacker }),
    );
    expect(counts(loginGuesses)).toEqual({ '400 Invalid OTP.': 5, [`429 ${TOO_MANY}`]: 15 });
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/verifyLoginOtp', { body: { email, otp: loginCode } })).statusCode).toBe(200);

    await jsonCall(t.app, 'POST', '/api/user/auth/forgotPassword', { body: { email } });
    const resetCode = mail.lastCode(email);
    const reset = (otp: string, ip?: string) =>
      jsonCall(t.app, 'POST', '/api/user/auth/resetPassword', {
        body: { email, otp, newPassword: 'fresh mango 77', confirmPassword: 'fresh mango 77' },
        ip,
      });
    // Counted per purpose: the login code's failures do not hold the attacker back from the reset code, its own do.
    const resetGuesses = await guessMany(20, () => reset(wrongCodeFor(resetCode), attacker));
    expect(counts(resetGuesses)).toEqual({ '400 Invalid OTP.': 5, [`429 ${TOO_MANY}`]: 15 });
    expect((await reset(resetCode)).statusCode).toBe(200);
    expect(password).not.toBe('fresh mango 77');
    clock.advance(15 * MINUTE + 1);
  });

  it('regression: a stranger’s wrong back-office reset codes leave the admin’s code working', async () => {
    const owner = await signedInOwner(t);
    await adminCall(t.app, 'POST', '/api/admin/forgotPassword', { body: { adminEmail: owner.email } });
    await t.services.mail.drain();
    const code = mail.lastCode(owner.email);
    const attacker = uniqueIp();
    const reset = (otp: string, ip?: string) =>
      adminCall(t.app, 'POST', '/api/admin/resetPassword', { body: { adminEmail: owner.email, otp, newPassword: 'till roll 2027' }, ip });
    const guesses = await guessMany(12, () => reset(wrongCodeFor(code), attacker));
    expect(counts(guesses)).toEqual({ '400 Invalid OTP.': 5, [`429 ${TOO_MANY}`]: 7 });
    expect((await reset(code)).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });

  it('holds back a client that guesses across many addresses, and lets it guess again after 15 minutes', async () => {
    const attacker = uniqueIp();
    const emails = Array.from({ length: 5 }, () => uniqueEmail());
    for (const email of emails) await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } });
    const guess = (email: string) =>
      jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', {
        body: { email, otp: wrongCodeFor(mail.lastCode(email)) },
        ip: attacker,
      });
    // Four at each address, under the per-address limit: 20 in all is the client's limit over every address.
    for (const email of emails) for (let i = 0; i < 4; i++) expect(answerOf(await guess(email))).toEqual([400, 'Invalid OTP.']);
    const next = await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', {
      body: { email: uniqueEmail(), otp: '123456' },
      ip: attacker,
    });
    expect(answerOf(next)).toEqual([429, 'Too many wrong codes from your network. Please try again in 15 minutes.']);

    clock.advance(15 * MINUTE + 1);
    expect(answerOf(await guess(emails[0]!))).toEqual([400, 'This OTP has expired or was already used. Please request a new one.']);
  });

  it('the right code clears the client’s wrong guesses at that address', async () => {
    const email = uniqueEmail();
    const me = uniqueIp();
    await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email }, ip: me });
    const first = mail.lastCode(email);
    for (let i = 0; i < 4; i++) {
      const typo = await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: wrongCodeFor(first) }, ip: me });
      expect(answerOf(typo)).toEqual([400, 'Invalid OTP.']);
    }
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: first }, ip: me })).statusCode).toBe(
      200,
    );
    clock.advance(MINUTE);
    await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email }, ip: me });
    const second = mail.lastCode(email);
    for (let i = 0; i < 4; i++) {
      const typo = await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: wrongCodeFor(second) }, ip: me });
      expect(answerOf(typo)).toEqual([400, 'Invalid OTP.']);
    }
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: second }, ip: me })).statusCode).toBe(
      200,
    );
    clock.advance(15 * MINUTE + 1);
  });

  it('a code takes 50 wrong guesses over all clients, then is void: guessing one stays one chance in 20,000', async () => {
    const email = uniqueEmail();
    await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } });
    const otp = mail.lastCode(email);
    const answers: Array<[number, string]> = [];
    for (let client = 0; client < 10; client++) {
      const ip = uniqueIp();
      answers.push(
        ...(await guessMany(5, () =>
          jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: wrongCodeFor(otp) }, ip }),
        )),
      );
    }
    expect(counts(answers)).toEqual({ '400 Invalid OTP.': 49, '400 Too many wrong tries. Please request a new OTP.': 1 });
    const right = await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp } });
    expect(answerOf(right)).toEqual([400, 'This OTP has expired or was already used. Please request a new one.']);
    clock.advance(15 * MINUTE + 1);
  });
});
