import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer }, config: { publicUrl: 'https://shop.example.in' } });

describe('behind https (PUBLIC_URL https://…)', () => {
  it('marks the session cookie Secure', async () => {
    const { email, password } = await signedInUser(t.app, mail);
    const login = await jsonCall(t.app, 'POST', '/api/user/auth/loginUsingPassword', {
      body: { email, password },
      headers: { origin: 'https://shop.example.in' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((cookie) => cookie.name === 'sid')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
