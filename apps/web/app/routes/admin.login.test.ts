import { AppError } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, post, settled } from '../features/admin/admin-test-kit';
import { action as login, loader } from './admin.login';
import { action as logout } from './admin.logout';
import { action as signup } from './admin.signup';

const admin = OWNER;
const session = { token: 'new-token', expiresAt: new Date('2026-12-31T00:00:00Z') };

function admins() {
  return {
    login: vi.fn(async () => ({ admin, session })),
    logout: vi.fn(async () => {}),
    register: vi.fn(async () => admin),
  };
}

/** The kit's arguments as a route's action takes them (its generated types name more than an action reads). */
const asArgs = (args: ReturnType<typeof post>) => args as never;

describe('the admin login page (spec §2.12, §7)', () => {
  it('asks for both fields before the password is checked', async () => {
    const stubs = admins();
    const args = post('/admin/login', { adminEmail: '', adminPassword: '' }, { services: { admins: stubs } });
    expect(answerOf(await login(asArgs(args)))).toEqual({
      status: 400,
      body: {
        ok: false,
        error: null,
        fields: { adminEmail: 'Email is required.', adminPassword: 'Password is required.' },
        adminEmail: '',
      },
    });
    expect(stubs.login).not.toHaveBeenCalled();
  });

  it("logs in through the admins service with the visitor's IP (its throttles), rotates the cookie's session and goes where she was going", async () => {
    const stubs = admins();
    const args = post(
      '/admin/login',
      { adminEmail: 'Meera@Example.in', adminPassword: 'back office 2026', redirectUrl: '/admin/orders?status=paid' },
      { services: { admins: stubs }, cookie: 'asid=old-token; sid=shopper' },
    );
    const answer = answerOf(await login(asArgs(args)));
    expect(stubs.login).toHaveBeenCalledWith('meera@example.in', 'back office 2026', '203.0.113.9', 'old-token');
    expect(args.identity.setAdminSession).toHaveBeenCalledWith(session);
    expect(answer).toMatchObject({ status: 302, location: '/admin/orders?status=paid' });
  });

  it('goes to the dashboard for a redirectUrl outside the back-office or another site', async () => {
    for (const redirectUrl of ['//evil.example/admin', '/user/cart', '/admin/login', '']) {
      const args = post(
        '/admin/login',
        { adminEmail: 'meera@example.in', adminPassword: 'pw', redirectUrl },
        { services: { admins: admins() } },
      );
      expect(answerOf(await login(asArgs(args))).location).toBe('/admin/dashboard');
    }
  });

  it('shows a refused login (wrong password, held back) with its status and sets no session', async () => {
    const stubs = admins();
    stubs.login.mockRejectedValueOnce(new AppError('UNAUTHENTICATED', 'Invalid email or password.'));
    const args = post('/admin/login', { adminEmail: 'meera@example.in', adminPassword: 'wrong' }, { services: { admins: stubs } });
    expect(answerOf(await login(asArgs(args)))).toEqual({
      status: 401,
      body: { ok: false, error: 'Invalid email or password.', fields: {}, adminEmail: 'meera@example.in' },
    });
    expect(args.identity.setAdminSession).not.toHaveBeenCalled();
  });

  it('sends an admin who is signed in already on to the panel', async () => {
    const args = get('/admin/login?redirectUrl=%2Fadmin%2Fusers', { admin });
    expect(await settled(() => loader(args as never))).toMatchObject({ status: 302, location: '/admin/users' });
    expect(await settled(() => loader(get('/admin/login') as never))).toEqual({ status: 200, body: null });
  });
});

describe('the admin signup page (spec §2.12)', () => {
  const fields = {
    adminName: 'Ravi Kumar',
    adminEmail: 'ravi@example.in',
    adminPassword: 'counter staff 2026',
    confirmPassword: 'counter staff 2026',
    inviteToken: 'invite-token',
  };

  it("says 'Passwords do not match' beside the confirmation and keeps what was typed", async () => {
    const stubs = admins();
    const args = post(
      '/admin/signup?token=invite-token',
      { ...fields, confirmPassword: 'something else' },
      { services: { admins: stubs } },
    );
    expect(answerOf(await signup(asArgs(args)))).toEqual({
      status: 400,
      body: {
        ok: false,
        error: null,
        fields: { confirmPassword: 'Passwords do not match' },
        adminName: 'Ravi Kumar',
        adminEmail: 'ravi@example.in',
      },
    });
    expect(stubs.register).not.toHaveBeenCalled();
  });

  it("registers with the invite and goes to the login with 'Admin Signup Successful'", async () => {
    const stubs = admins();
    const answer = answerOf(await signup(asArgs(post('/admin/signup', fields, { services: { admins: stubs } }))));
    expect(stubs.register).toHaveBeenCalledWith({
      adminName: 'Ravi Kumar',
      adminEmail: 'ravi@example.in',
      adminPassword: 'counter staff 2026',
      inviteToken: 'invite-token',
    });
    expect(answer).toEqual({ status: 302, location: '/admin/login', flash: { kind: 'success', message: 'Admin Signup Successful' } });
  });

  it("shows the service's refusal of the invite", async () => {
    const stubs = admins();
    const message = 'This invite link is not valid or has expired. Ask the owner for a new one.';
    stubs.register.mockRejectedValueOnce(new AppError('INVALID_DATA', message, { inviteToken: message }));
    const answer = answerOf(await signup(asArgs(post('/admin/signup', fields, { services: { admins: stubs } }))));
    expect(answer).toMatchObject({ status: 400, body: { ok: false, error: message, fields: { inviteToken: message } } });
  });
});

describe('admin logout (spec §2.11)', () => {
  it("ends the cookie's session on the server, clears the cookie and goes to '/'", async () => {
    const stubs = admins();
    const args = post('/admin/logout', {}, { services: { admins: stubs }, cookie: 'asid=the-token' });
    expect(answerOf(await logout(asArgs(args)))).toMatchObject({ status: 302, location: '/' });
    expect(stubs.logout).toHaveBeenCalledWith('the-token');
    expect(args.identity.setAdminSession).toHaveBeenCalledWith(null);
  });
});
