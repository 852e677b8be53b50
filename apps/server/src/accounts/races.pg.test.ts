import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, uniqueEmail } from '../test/accounts.js';

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
