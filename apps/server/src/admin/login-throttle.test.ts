import { istDate, istTime } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, testClock, uniqueEmail, uniqueIp } from '../test/accounts.js';
import { ADMIN_PASSWORD, adminCall, signedInOwner, signedInStaff } from '../test/admins.js';
import { useTestApp } from '../test/app.js';

const mail = capturingMailer();
const clock = testClock('2026-03-10T10:00:00.000Z');
const t = useTestApp({ services: { mailer: mail.mailer, now: clock.now } });

const MINUTE = 60_000;
const WRONG = 'a wrong guess 1234';
const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const login = (email: string, password: string, ip: string) =>
  adminCall(t.app, 'POST', '/api/admin/login', { ip, body: { adminEmail: email, adminPassword: password } });
const alertsAbout = (email: string) => mail.sent.filter((item) => item.subject.includes(email));

describe('admin login throttle: a stranger cannot keep an admin out', () => {
  it('regression: ten wrong passwords from one address do not refuse the right password from another (only that address waits)', async () => {
    const owner = await signedInOwner(t);
    const attacker = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await login(owner.email, WRONG, attacker)).statusCode).toBe(401);

    expect((await login(owner.email, ADMIN_PASSWORD, uniqueIp())).statusCode).toBe(200);
    const refused = await login(owner.email, ADMIN_PASSWORD, attacker);
    expect([refused.statusCode, errorOf(refused), refused.headers['retry-after']]).toEqual([
      429,
      'Too many failed login attempts. Please try again in 15 minutes.',
      '900',
    ]);
    // The owner's own login did not give the attacker's address its tries back.
    clock.advance(14 * MINUTE);
    expect((await login(owner.email, ADMIN_PASSWORD, attacker)).statusCode).toBe(429);
    clock.advance(MINUTE + 1);
    expect((await login(owner.email, ADMIN_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('regression: ten wrong passwords from ten addresses do not lock the account', async () => {
    const owner = await signedInOwner(t);
    for (let i = 0; i < 10; i++) expect((await login(owner.email, WRONG, uniqueIp())).statusCode).toBe(401);
    expect((await login(owner.email, ADMIN_PASSWORD, uniqueIp())).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });

  it('an IPv6 client is counted per /64, so rotating addresses within it does not buy more guesses', async () => {
    const owner = await signedInOwner(t);
    for (let i = 1; i <= 10; i++) expect((await login(owner.email, WRONG, `2001:db8:7:9::${i.toString(16)}`)).statusCode).toBe(401);
    expect((await login(owner.email, ADMIN_PASSWORD, '2001:db8:7:9:ffff::1')).statusCode).toBe(429);
    expect((await login(owner.email, ADMIN_PASSWORD, '2001:db8:7:a::1')).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });
});

describe('admin login alert: owners hear of many failures', () => {
  it('mails every owner and the admin concerned once per 15 minutes, with counts and times and no secret', async () => {
    const owner = await signedInOwner(t, 'Meera Kapoor');
    const staff = await signedInStaff(t, owner);
    const before = mail.sent.length;
    const addresses = [uniqueIp(), uniqueIp(), uniqueIp()];
    const times: Date[] = [];
    for (let i = 0; i < 12; i++) {
      clock.advance(20_000);
      times.push(clock.now());
      expect((await login(staff.email, `${WRONG}-${i}`, addresses[i % 3]!)).statusCode).toBe(401);
    }
    const owners = (await t.services.admins.listAccounts()).filter((account) => account.role === 'owner' && account.active);
    const expected = [...owners.map((account) => account.adminEmail), staff.email].sort();
    await vi.waitFor(() =>
      expect(
        alertsAbout(staff.email)
          .map((item) => item.to)
          .sort(),
      ).toEqual(expected),
    );

    const alert = alertsAbout(staff.email).find((item) => item.to === owner.email)!;
    expect(alert.subject).toBe(`10 failed logins to the back-office account ${staff.email}`);
    expect(alert.text).toContain(`10 failed password logins to the back-office account ${staff.email}`);
    expect(alert.text).toContain('from 3 addresses');
    expect(alert.text).toContain(`${istDate(times[0]!)}, ${istTime(times[0]!)} to ${istTime(times[9]!)} (India time)`);
    expect(alert.html).toContain(staff.email);
    const everything = alertsAbout(staff.email)
      .map((item) => `${item.subject}\n${item.text}\n${item.html}`)
      .join('\n');
    expect(everything).not.toContain(WRONG);
    expect(everything).not.toContain(ADMIN_PASSWORD);
    expect(everything).not.toContain(staff.asid);
    expect(everything).not.toContain(owner.asid);
    // No address either: the owners learn how many, not which.
    for (const address of addresses) expect(everything).not.toContain(address);

    // The right password still works from an address that was not failing; the twelve failures sent one alert.
    expect((await login(staff.email, ADMIN_PASSWORD, uniqueIp())).statusCode).toBe(200);
    const sentBefore = mail.sent.length;
    for (let i = 0; i < 10; i++) expect((await login(staff.email, WRONG, uniqueIp())).statusCode).toBe(401);
    expect(mail.sent.length).toBe(sentBefore);
    expect(alertsAbout(staff.email)).toHaveLength(expected.length);
    expect(mail.sent.length - before).toBe(expected.length);

    // The next window alerts again.
    clock.advance(15 * MINUTE + 1);
    for (let i = 0; i < 10; i++) expect((await login(staff.email, WRONG, uniqueIp())).statusCode).toBe(401);
    await vi.waitFor(() => expect(alertsAbout(staff.email)).toHaveLength(2 * expected.length));
    expect(alertsAbout(staff.email).at(-1)!.text).toContain('from 10 addresses');
    clock.advance(15 * MINUTE + 1);
  });

  it('mails nobody about an address that has no admin account', async () => {
    const stranger = uniqueEmail('nobody');
    await signedInOwner(t);
    for (let i = 0; i < 10; i++) expect((await login(stranger, WRONG, uniqueIp())).statusCode).toBe(401);
    // Another account's alert, started later, arrives; the unknown address's never does.
    const owner = await signedInOwner(t);
    for (let i = 0; i < 10; i++) expect((await login(owner.email, WRONG, uniqueIp())).statusCode).toBe(401);
    await vi.waitFor(() => expect(alertsAbout(owner.email).length).toBeGreaterThan(0));
    expect(alertsAbout(stranger)).toEqual([]);
    clock.advance(15 * MINUTE + 1);
  });
});

describe('admin password change: the current password is throttled like a login', () => {
  it('regression: 40 wrong current passwords meet a 429 after ten and alert the owners', async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    const thief = uniqueIp();
    const change = (currentPassword: string) =>
      adminCall(t.app, 'POST', '/api/admin/changePassword', {
        asid: staff.asid,
        ip: thief,
        body: { currentPassword, newPassword: 'counter till 2027' },
      });
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 40; i++) {
      const response = await change(`${WRONG}-${i}`);
      answers.push([response.statusCode, errorOf(response)]);
    }
    expect(answers.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => [400, 'Your current password is not correct.']));
    expect(answers.slice(10)).toEqual(Array.from({ length: 30 }, () => [429, 'Too many wrong passwords. Please try again in 15 minutes.']));
    expect((await change(ADMIN_PASSWORD)).statusCode).toBe(429);
    await vi.waitFor(() => expect(alertsAbout(staff.email).map((item) => item.to)).toContain(owner.email));
    expect((await login(staff.email, ADMIN_PASSWORD, uniqueIp())).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });
});
