import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { uniqueEmail, uniqueIp } from '../test/accounts.js';

const lines: string[] = [];
const log = { info: (line: string) => lines.push(line), error: () => {} };

describe('without SMTP_URL, mail goes to the dev outbox', () => {
  const t = useTestApp({ services: { log } });

  it('keeps the code mail, logs one line and lists it at /dev/mailbox', async () => {
    const email = uniqueEmail();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/sendAccountVerificationOtp',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    expect(sent.statusCode).toBe(200);
    const [line] = lines.filter((item) => item.includes(email));
    expect(line).toMatch(
      new RegExp(`^dev outbox: mail to ${email.replace(/\./g, '\\.')}: "\\d{6} is your Saanjh Boutique verification code"$`),
    );
    const code = /(\d{6})/.exec(line!)![1]!;

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    expect(page.body).toContain(`${code} is your Saanjh Boutique verification code`);
  });
});

describe('in production', () => {
  // Production refuses the Razorpay emulator: the shop runs with (here unused) real keys.
  const liveKeys = { keyId: 'rzp_live_test0000000001', keySecret: 'live-secret', webhookSecret: 'live-webhook', emulated: false };
  const t = useTestApp({ services: { log, production: true, razorpay: liveKeys }, config: { production: true } });

  it('has no /dev/mailbox and keeps codes out of the log', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/user/auth/sendAccountVerificationOtp', payload: { email }, remoteAddress: uniqueIp() });
    expect(lines.filter((item) => item.includes(email))).toEqual([`dev outbox: mail to ${email}`]);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
