import { describe, expect, it } from 'vitest';
import { countAuthEvents } from '../identity/queries.js';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, uniqueEmail, uniqueIp } from '../test/accounts.js';

// PGlite has one connection; only a real server with several shows that the rules hold under races.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

describe('one-time codes under concurrency (PostgreSQL)', () => {
  it('five simultaneous sends to one address issue exactly one code', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(mail.sent.filter((item) => item.to === email)).toHaveLength(1);
  });

  it('the right code sent five times at once is accepted once', async () => {
    const email = uniqueEmail();
    await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } });
    const otp = mail.lastCode(email);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp } })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('regression: twenty simultaneous wrong codes from one client are checked five times, and the owner still gets in', async () => {
    const email = uniqueEmail();
    await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } });
    const otp = mail.lastCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const attacker = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: wrong }, ip: attacker }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    // The counter itself never passed the limit (it reached 6 or 7 of 5 before).
    expect(await countAuthEvents(t.database.db, 'code_failed', `verify:${email}`, attacker, new Date(0))).toBe(5);
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp } })).statusCode).toBe(200);
  });

  it('a verified address registered five times at once gets one account; the others answer like an unverified address', async () => {
    const email = uniqueEmail();
    await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } });
    await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: mail.lastCode(email) } });
    const body = { email, firstName: 'Asha', lastName: 'Rao', password: 'longenough', confirmPassword: 'longenough' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => jsonCall(t.app, 'POST', '/api/user/auth/register', { body })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json<{ error: string }>().error).toBe('Please verify your email with an OTP first.');
    }
  });
});
