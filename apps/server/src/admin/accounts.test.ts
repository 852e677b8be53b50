import type { AuditEntry, Invite, PublicAdmin } from '@shop/core';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, registerUser, signedInUser, testClock, uniqueEmail, uniqueIp } from '../test/accounts.js';
import { ADMIN_PASSWORD, adminCall, adminCookieOf, adminLogin, signedInOwner, signedInStaff } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { INVALID_INVITE, WRONG_ADMIN_LOGIN } from './service.js';

const mail = capturingMailer();
const clock = testClock('2026-03-10T10:00:00.000Z');
const t = useTestApp({ services: { mailer: mail.mailer, now: clock.now } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

async function invite(asid: string, email: string, role: 'owner' | 'staff' = 'staff') {
  const response = await adminCall(t.app, 'POST', '/api/admin/invites', { asid, body: { email, role } });
  expect(response.statusCode).toBe(200);
  const { url, expiresAt } = dataOf<{ invite: { url: string; expiresAt: string } }>(response).invite;
  return { url, expiresAt, token: new URL(url).searchParams.get('token')! };
}

const register = (body: Record<string, unknown>) => adminCall(t.app, 'POST', '/api/admin/register', { body });

describe('admin login, me and logout', () => {
  it('logs in with the right password only, sets its own httpOnly strict cookie, answers me, and logs out', async () => {
    const owner = await signedInOwner(t, 'Meera Kapoor');
    const wrong = await adminCall(t.app, 'POST', '/api/admin/login', { body: { adminEmail: owner.email, adminPassword: 'not it at all' } });
    expect([wrong.statusCode, errorOf(wrong)]).toEqual([401, WRONG_ADMIN_LOGIN]);
    const unknown = await adminCall(t.app, 'POST', '/api/admin/login', {
      body: { adminEmail: uniqueEmail(), adminPassword: ADMIN_PASSWORD },
    });
    expect([unknown.statusCode, errorOf(unknown)]).toEqual([401, WRONG_ADMIN_LOGIN]);

    const login = await adminCall(t.app, 'POST', '/api/admin/login', {
      body: { adminEmail: owner.email.toUpperCase(), adminPassword: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((item) => item.name === 'asid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(login.cookies.some((item) => item.name === 'sid')).toBe(false);
    const me = await adminCall(t.app, 'GET', '/api/admin/me', { asid: cookie.value });
    expect(me.statusCode).toBe(200);
    expect(dataOf<{ admin: PublicAdmin }>(me).admin).toEqual({
      _id: owner.admin._id,
      adminName: 'Meera Kapoor',
      adminEmail: owner.email,
      role: 'owner',
    });
    expect(me.headers['cache-control']).toBe('private, no-store');

    const out = await adminCall(t.app, 'POST', '/api/admin/logout', { asid: cookie.value });
    expect(out.statusCode).toBe(200);
    expect(adminCookieOf(out)).toBeUndefined();
    const after = await adminCall(t.app, 'GET', '/api/admin/me', { asid: cookie.value });
    expect([after.statusCode, errorOf(after)]).toEqual([401, 'Please log in as an admin.']);
  });

  it('keeps shopper and admin sessions apart: neither cookie opens the other side', async () => {
    const shopper = await signedInUser(t.app, mail);
    const owner = await signedInOwner(t);
    const asShopper = await adminCall(t.app, 'GET', '/api/admin/me', { sid: shopper.sid });
    expect(asShopper.statusCode).toBe(401);
    // The admin's token under the shopper's cookie name is not a shopper session either.
    const swapped = await adminCall(t.app, 'GET', '/api/admin/me', { sid: owner.asid });
    expect(swapped.statusCode).toBe(401);
    const profile = await adminCall(t.app, 'GET', '/api/user/profile/getMyProfile', { asid: owner.asid });
    expect(profile.statusCode).toBe(401);
  });

  it('has the shoppers’ throttles: 10 wrong passwords from one IP hold it back from the account 15 minutes, 20 over all accounts hold the IP', async () => {
    const owner = await signedInOwner(t);
    const attempt = (password: string, ip = uniqueIp()) =>
      adminCall(t.app, 'POST', '/api/admin/login', { ip, body: { adminEmail: owner.email, adminPassword: password } });
    const failing = uniqueIp();
    for (let i = 0; i < 10; i++) expect((await attempt('wrong password', failing)).statusCode).toBe(401);
    const locked = await attempt(ADMIN_PASSWORD, failing);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toBe('Too many failed login attempts. Please try again in 15 minutes.');
    expect(locked.headers['retry-after']).toBe('900');
    clock.advance(15 * 60_000 + 1);
    expect((await attempt(ADMIN_PASSWORD, failing)).statusCode).toBe(200);

    const ip = uniqueIp();
    for (let i = 0; i < 20; i++) {
      const response = await adminCall(t.app, 'POST', '/api/admin/login', {
        ip,
        body: { adminEmail: uniqueEmail(), adminPassword: 'guess' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attempt(ADMIN_PASSWORD, ip);
    expect([blocked.statusCode, errorOf(blocked)]).toEqual([
      429,
      'Too many failed login attempts from your network. Please try again in 15 minutes.',
    ]);
    clock.advance(15 * 60_000 + 1);
  });
});

describe('invites and register', () => {
  it('lets an invited address register once, with the role of the invite, and mails the link', async () => {
    const owner = await signedInOwner(t, 'Meera Kapoor');
    const email = uniqueEmail('newstaff');
    const { url, expiresAt, token } = await invite(owner.asid, email);
    expect(url).toMatch(/^http:\/\/localhost:3000\/admin\/signup\?token=[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(new Date(clock.now().getTime() + 7 * 24 * 3_600_000).toISOString());
    const sent = mail.sent.findLast((item) => item.to === email)!;
    expect(sent.subject).toMatch(/^You are invited to the .+ back-office$/);
    expect(sent.text).toContain(url);
    expect(sent.text).toContain('Meera Kapoor invited you');

    const body = { adminName: 'Ravi Kumar', adminEmail: email, adminPassword: 'long enough 1', inviteToken: token };
    const first = await register(body);
    expect(first.statusCode).toBe(200);
    expect(dataOf<{ admin: PublicAdmin }>(first).admin).toMatchObject({ adminName: 'Ravi Kumar', adminEmail: email, role: 'staff' });
    // Register does not log in: the page sends her to /admin/login.
    expect(adminCookieOf(first)).toBeUndefined();
    const again = await register(body);
    expect([again.statusCode, errorOf(again)]).toEqual([400, INVALID_INVITE]);
    expect(
      dataOf<{ admin: PublicAdmin }>(
        await adminCall(t.app, 'GET', '/api/admin/me', { asid: await adminLogin(t.app, email, 'long enough 1') }),
      ).admin.role,
    ).toBe('staff');
  });

  it('refuses a missing, unknown, expired, revoked or someone else’s invite, and a short password', async () => {
    const owner = await signedInOwner(t);
    const base = { adminName: 'Asha', adminPassword: 'long enough 1' };
    const missing = await register({ ...base, adminEmail: uniqueEmail() });
    expect([missing.statusCode, errorOf(missing)]).toEqual([400, 'inviteToken: An admin account needs an invite link from the owner.']);
    const unknown = await register({ ...base, adminEmail: uniqueEmail(), inviteToken: 'x'.repeat(43) });
    expect([unknown.statusCode, errorOf(unknown)]).toEqual([400, INVALID_INVITE]);

    const email = uniqueEmail();
    const { token } = await invite(owner.asid, email);
    const other = await register({ ...base, adminEmail: uniqueEmail(), inviteToken: token });
    expect([other.statusCode, errorOf(other)]).toEqual([400, 'This invite was sent to another email address.']);
    const short = await register({ ...base, adminPassword: 'short', adminEmail: email, inviteToken: token });
    expect([short.statusCode, errorOf(short)]).toEqual([400, 'adminPassword: Password must be at least 8 characters.']);

    const expiring = uniqueEmail();
    const late = await invite(owner.asid, expiring);
    clock.advance(7 * 24 * 3_600_000 + 1);
    expect(errorOf(await register({ ...base, adminEmail: expiring, inviteToken: late.token }))).toBe(INVALID_INVITE);

    // A week on, the owner's session has run out too.
    owner.asid = await adminLogin(t.app, owner.email);
    const revokedEmail = uniqueEmail();
    const revoked = await invite(owner.asid, revokedEmail);
    const list = dataOf<{ invites: Invite[] }>(await adminCall(t.app, 'GET', '/api/admin/invites', { asid: owner.asid })).invites;
    const row = list.find((item) => item.email === revokedEmail)!;
    expect(row).toMatchObject({ status: 'pending', role: 'staff', invitedBy: 'Meera Owner' });
    expect(list.find((item) => item.email === expiring)!.status).toBe('expired');
    for (let i = 0; i < 2; i++) {
      expect((await adminCall(t.app, 'DELETE', `/api/admin/invites/${row._id}`, { asid: owner.asid })).statusCode).toBe(200);
    }
    expect(errorOf(await register({ ...base, adminEmail: revokedEmail, inviteToken: revoked.token }))).toBe(INVALID_INVITE);
    const after = dataOf<{ invites: Invite[] }>(await adminCall(t.app, 'GET', '/api/admin/invites', { asid: owner.asid })).invites;
    expect(after.find((item) => item.email === revokedEmail)!.status).toBe('revoked');
  });

  it('invites as staff when no role is given, and tells the sign-up page the address of a working link only (issue 40)', async () => {
    const owner = await signedInOwner(t);
    const email = uniqueEmail();
    const response = await adminCall(t.app, 'POST', '/api/admin/invites', { asid: owner.asid, body: { email } });
    expect(response.statusCode, response.body).toBe(200);
    const list = dataOf<{ invites: Invite[] }>(await adminCall(t.app, 'GET', '/api/admin/invites', { asid: owner.asid })).invites;
    expect(list.find((item) => item.email === email)).toMatchObject({ role: 'staff', status: 'pending' });

    const token = new URL(dataOf<{ invite: { url: string } }>(response).invite.url).searchParams.get('token')!;
    expect(await t.services.admins.invitedEmail(token)).toBe(email);
    expect(await t.services.admins.invitedEmail('made-up')).toBeNull();
    expect(await t.services.admins.invitedEmail('')).toBeNull();
    const row = list.find((item) => item.email === email)!;
    await adminCall(t.app, 'DELETE', `/api/admin/invites/${row._id}`, { asid: owner.asid });
    expect(await t.services.admins.invitedEmail(token)).toBeNull();
  });

  it('does not invite an address that already has an admin account', async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    const response = await adminCall(t.app, 'POST', '/api/admin/invites', {
      asid: owner.asid,
      body: { email: staff.email, role: 'owner' },
    });
    expect([response.statusCode, errorOf(response)]).toEqual([409, 'There is already an admin account for this email.']);
    const badRole = await adminCall(t.app, 'POST', '/api/admin/invites', {
      asid: owner.asid,
      body: { email: uniqueEmail(), role: 'boss' },
    });
    expect([badRole.statusCode, errorOf(badRole)]).toEqual([400, 'role: role must be owner or staff']);
  });
});

describe('staff accounts', () => {
  it('deactivating a staff account ends its sessions and its logins until it is activated again', async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    const off = await adminCall(t.app, 'POST', `/api/admin/accounts/${staff.admin._id}/deactivate`, { asid: owner.asid });
    expect(off.statusCode).toBe(200);
    expect(dataOf<{ account: { active: boolean } }>(off).account.active).toBe(false);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { asid: staff.asid })).statusCode).toBe(401);
    const login = await adminCall(t.app, 'POST', '/api/admin/login', { body: { adminEmail: staff.email, adminPassword: ADMIN_PASSWORD } });
    expect([login.statusCode, errorOf(login)]).toEqual([401, WRONG_ADMIN_LOGIN]);
    const ownerOff = await adminCall(t.app, 'POST', `/api/admin/accounts/${owner.admin._id}/deactivate`, { asid: owner.asid });
    expect([ownerOff.statusCode, errorOf(ownerOff)]).toEqual([409, 'Only staff accounts can be deactivated.']);
    expect((await adminCall(t.app, 'POST', `/api/admin/accounts/${staff.admin._id}/activate`, { asid: owner.asid })).statusCode).toBe(200);
    expect(await adminLogin(t.app, staff.email)).toBeTruthy();
  });

  it('admin:create again for the same address gives a new password and ends the old sessions', async () => {
    const owner = await signedInOwner(t);
    const result = await t.services.admins.createOrResetFromCommandLine({
      email: owner.email,
      name: 'ignored',
      password: 'brand new pass 9',
    });
    expect(result.created).toBe(false);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { asid: owner.asid })).statusCode).toBe(401);
    await adminLogin(t.app, owner.email, 'brand new pass 9');
    await expect(t.services.admins.createOrResetFromCommandLine({ email: uniqueEmail(), name: 'X', password: 'short' })).rejects.toThrow(
      'Password must be at least 8 characters.',
    );
  });
});

describe('changing her own password', () => {
  it('needs the current password (400 naming it), ends her other sessions and keeps this one, and is audited', async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    const otherDevice = await adminLogin(t.app, staff.email);
    const change = (body: object) => adminCall(t.app, 'POST', '/api/admin/changePassword', { asid: staff.asid, body });

    const wrong = await change({ currentPassword: 'not my password', newPassword: 'counter till 2027' });
    expect([wrong.statusCode, errorOf(wrong)]).toEqual([400, 'Your current password is not correct.']);
    expect(wrong.json<ErrorEnvelope>().fields).toEqual({ currentPassword: 'Your current password is not correct.' });
    const short = await change({ currentPassword: ADMIN_PASSWORD, newPassword: 'short' });
    expect([short.statusCode, errorOf(short)]).toEqual([400, 'newPassword: Password must be at least 8 characters.']);
    // Nothing changed so far: the other device is still in.
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { asid: otherDevice })).statusCode).toBe(200);

    expect((await change({ currentPassword: ADMIN_PASSWORD, newPassword: 'counter till 2027' })).statusCode).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { asid: staff.asid })).statusCode).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { asid: otherDevice })).statusCode).toBe(401);
    const old = await adminCall(t.app, 'POST', '/api/admin/login', { body: { adminEmail: staff.email, adminPassword: ADMIN_PASSWORD } });
    expect(old.statusCode).toBe(401);
    await adminLogin(t.app, staff.email, 'counter till 2027');

    const entries = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', `/api/admin/audit?entity=admin&entityId=${staff.admin._id}`, { asid: owner.asid }),
    ).entries;
    const changed = entries.find((entry) => entry.action === 'admin.password_change');
    expect(changed).toMatchObject({ entityId: staff.admin._id });
    expect(JSON.stringify(changed)).not.toContain('counter till 2027');
  });

  it('is refused without an admin session, and a shopper session opens nothing', async () => {
    const body = { currentPassword: ADMIN_PASSWORD, newPassword: 'counter till 2027' };
    expect((await adminCall(t.app, 'POST', '/api/admin/changePassword', { body })).statusCode).toBe(401);
    const shopper = await signedInUser(t.app, mail);
    expect((await adminCall(t.app, 'POST', '/api/admin/changePassword', { sid: shopper.sid, body })).statusCode).toBe(401);
  });
});

describe('a forgotten password', () => {
  const codeIn = (email: string) => {
    const sent = mail.sent.filter((item) => item.to === email).at(-1);
    return sent && /(\d{6}) is your/.exec(sent.subject)?.[1];
  };

  it('mails a code to an active admin, whose reset ends every session; the old password and the code stop working', async () => {
    const owner = await signedInOwner(t);
    const staff = await signedInStaff(t, owner);
    const ip = uniqueIp();
    const asked = await adminCall(t.app, 'POST', '/api/admin/forgotPassword', { ip, body: { adminEmail: staff.email.toUpperCase() } });
    expect(asked.statusCode).toBe(200);
    // The answer does not wait for the mail (an unknown address gets none): the outbox sends it next.
    await t.services.mail.drain();
    const code = codeIn(staff.email);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.sent.filter((item) => item.to === staff.email).at(-1)?.subject).toContain('back-office password reset code');

    const reset = (otp: string, newPassword = 'till roll 2027') =>
      adminCall(t.app, 'POST', '/api/admin/resetPassword', { body: { adminEmail: staff.email, otp, newPassword } });
    const wrong = await reset(code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { asid: staff.asid })).statusCode).toBe(200);
    expect((await reset(code!)).statusCode).toBe(200);
    expect((await adminCall(t.app, 'GET', '/api/admin/me', { asid: staff.asid })).statusCode).toBe(401);
    expect((await reset(code!, 'another one 2028')).statusCode).toBe(400);
    const old = await adminCall(t.app, 'POST', '/api/admin/login', { body: { adminEmail: staff.email, adminPassword: ADMIN_PASSWORD } });
    expect([old.statusCode, errorOf(old)]).toEqual([401, WRONG_ADMIN_LOGIN]);
    await adminLogin(t.app, staff.email, 'till roll 2027');
    const entries = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', `/api/admin/audit?entity=admin&entityId=${staff.admin._id}`, { asid: owner.asid }),
    ).entries;
    expect(entries.map((entry) => entry.action)).toContain('admin.password_reset');
  });

  it('answers an unknown address exactly alike and mails it nothing, and a shopper’s reset code opens nothing here', async () => {
    const stranger = uniqueEmail('stranger');
    const before = mail.sent.length;
    const asked = await adminCall(t.app, 'POST', '/api/admin/forgotPassword', { ip: uniqueIp(), body: { adminEmail: stranger } });
    expect([asked.statusCode, asked.json()]).toEqual([200, { success: true, data: {} }]);
    await t.services.mail.drain();
    expect(mail.sent.slice(before).filter((item) => item.to === stranger)).toEqual([]);

    // The same address as a shopper's: her shopper reset code is not an admin reset code.
    const owner = await signedInOwner(t);
    await registerUser(t.app, mail, { email: owner.email });
    await jsonCall(t.app, 'POST', '/api/user/auth/forgotPassword', { body: { email: owner.email }, ip: uniqueIp() });
    await t.services.mail.drain();
    const shopperCode = codeIn(owner.email);
    expect(shopperCode).toMatch(/^\d{6}$/);
    const crossed = await adminCall(t.app, 'POST', '/api/admin/resetPassword', {
      body: { adminEmail: owner.email, otp: shopperCode, newPassword: 'not via the shop 1' },
    });
    expect(crossed.statusCode).toBe(400);
  });
});

describe('audit log', () => {
  it('records invites, sign-ups, revocations and (de)activations with who, when, before and after, and filters them', async () => {
    const owner = await signedInOwner(t, 'Audit Owner');
    const staff = await signedInStaff(t, owner);
    await adminCall(t.app, 'POST', `/api/admin/accounts/${staff.admin._id}/deactivate`, { asid: owner.asid });
    const response = await adminCall(t.app, 'GET', `/api/admin/audit?actor=${owner.admin._id}`, { asid: owner.asid });
    expect(response.statusCode).toBe(200);
    const { entries, total } = dataOf<{ entries: AuditEntry[]; total: number }>(response);
    expect(total).toBe(2);
    expect(entries.map((entry) => entry.action)).toEqual(['admin.deactivate', 'invite.create']);
    expect(entries[0]).toMatchObject({
      actor: { _id: owner.admin._id, label: `Audit Owner <${owner.email}>` },
      entity: 'admin',
      entityId: staff.admin._id,
      before: { active: true, role: 'staff' },
      after: { active: false },
    });
    expect(JSON.stringify(entries)).not.toContain('argon2');
    const signups = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', `/api/admin/audit?entity=admin&entityId=${staff.admin._id}`, { asid: owner.asid }),
    ).entries;
    expect(signups.map((entry) => entry.action)).toEqual(['admin.deactivate', 'admin.register']);
    const today = clock.now().toISOString().slice(0, 10);
    const none = dataOf<{ total: number }>(await adminCall(t.app, 'GET', `/api/admin/audit?to=2020-01-01`, { asid: owner.asid }));
    expect(none.total).toBe(0);
    const some = dataOf<{ total: number }>(
      await adminCall(t.app, 'GET', `/api/admin/audit?from=${today}&to=${today}`, { asid: owner.asid }),
    );
    expect(some.total).toBeGreaterThan(2);
    const bad = await adminCall(t.app, 'GET', '/api/admin/audit?entity=shoes', { asid: owner.asid });
    expect(bad.statusCode).toBe(400);
  });
});
