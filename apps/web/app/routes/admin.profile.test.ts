import { AppError, OWNER_ONLY, type PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, OWNER_ACTOR, post, settled, STAFF, type PostOptions } from '../features/admin/admin-test-kit';
import { loader as auditLoader } from './admin.audit';
import { action as profileAction } from './admin.profile';
import { action as userAction } from './admin.user';
import { action as usersAction } from './admin.users';

const USER_ID = '0f9d7c2e-5b1a-4e3f-8c6d-1a2b3c4d5e6f';
const INVITE_ID = '6c5b4a39-2817-4f6e-9d5c-4b3a29180f7e';

type Action = (args: never) => unknown;

/** A post by `admin` to a back-office page's action (the layout's middleware has put her in the context). */
async function postAs(admin: PublicAdmin, act: Action, path: string, fields: Record<string, string>, options: PostOptions = {}) {
  return answerOf(await act(post(path, fields, { admin, params: { userId: USER_ID }, ...options }) as never));
}

describe('blocking a shopper (users list and her page)', () => {
  const adminUsers = () => ({ block: vi.fn(async () => {}), unblock: vi.fn(async () => {}) });

  it("is for owners: staff get the API's refusal and nothing changes", async () => {
    const users = adminUsers();
    const answer = await postAs(
      STAFF,
      usersAction,
      '/admin/users',
      { intent: 'block', userId: USER_ID },
      { services: { adminUsers: users }, enhanced: true },
    );
    expect(answer).toEqual({ status: 403, body: { ok: false, error: OWNER_ONLY, fields: {} } });
    expect(users.block).not.toHaveBeenCalled();
  });

  it("blocks from the list (a fetcher's toast) and unblocks from her page (back there with the message)", async () => {
    const users = adminUsers();
    const blocked = await postAs(
      OWNER,
      usersAction,
      '/admin/users?q=lakshmi',
      { intent: 'block', userId: USER_ID },
      { services: { adminUsers: users }, enhanced: true },
    );
    expect(users.block).toHaveBeenCalledWith(OWNER_ACTOR, USER_ID);
    expect(blocked).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: 'Shopper blocked' } } });

    const unblocked = await postAs(
      OWNER,
      userAction,
      `/admin/users/${USER_ID}`,
      { intent: 'unblock', userId: USER_ID },
      { services: { adminUsers: users } },
    );
    expect(users.unblock).toHaveBeenCalledWith(OWNER_ACTOR, USER_ID);
    expect(unblocked).toEqual({
      status: 302,
      location: `/admin/users/${USER_ID}`,
      flash: { kind: 'success', message: 'Shopper unblocked' },
    });
  });

  it('tells a refusal of a plain post on the page it came from; a malformed id is not found', async () => {
    const users = adminUsers();
    users.block.mockRejectedValueOnce(new AppError('NOT_FOUND', 'User not found'));
    const answer = await postAs(
      OWNER,
      usersAction,
      '/admin/users',
      { intent: 'block', userId: USER_ID },
      { services: { adminUsers: users }, cookie: '' },
    );
    expect(answer).toEqual({ status: 302, location: '/admin/users', flash: { kind: 'error', message: 'User not found' } });
    const malformed = await postAs(
      OWNER,
      usersAction,
      '/admin/users',
      { intent: 'block', userId: 'x' },
      { services: { adminUsers: users }, enhanced: true },
    );
    expect(malformed).toMatchObject({ status: 404, body: { error: 'User not found' } });
  });
});

describe('the admin profile: invites and accounts (owners)', () => {
  const admins = () => ({
    createInvite: vi.fn(async () => ({ url: 'http://shop.test/admin/signup?token=t', expiresAt: '2026-12-07T10:00:00.000Z' })),
    revokeInvite: vi.fn(async () => {}),
    setActive: vi.fn(async () => ({ ...STAFF, active: false, createdAt: '2026-01-05T10:00:00.000Z' })),
  });

  it('invites by e-mail and role and answers the link, with or without scripts', async () => {
    const stubs = admins();
    const answer = await postAs(
      OWNER,
      profileAction,
      '/admin/profile',
      { intent: 'invite', email: 'Ravi@Example.in', role: 'staff' },
      { services: { admins: stubs } },
    );
    expect(stubs.createInvite).toHaveBeenCalledWith(OWNER_ACTOR, { email: 'ravi@example.in', role: 'staff' });
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true,
        intent: 'invite',
        email: 'ravi@example.in',
        invite: { url: 'http://shop.test/admin/signup?token=t', expiresAt: '2026-12-07T10:00:00.000Z' },
        toast: { kind: 'success', message: 'Invite created' },
      },
    });
  });

  it('shows what is wrong with an invite beside its field, and refuses staff', async () => {
    const stubs = admins();
    const invalid = await postAs(
      OWNER,
      profileAction,
      '/admin/profile',
      { intent: 'invite', email: 'not an address', role: 'staff' },
      { services: { admins: stubs } },
    );
    expect(invalid).toMatchObject({
      status: 400,
      body: { ok: false, fields: { email: expect.any(String) as unknown }, email: 'not an address' },
    });
    const refused = await postAs(
      STAFF,
      profileAction,
      '/admin/profile',
      { intent: 'invite', email: 'x@example.in', role: 'owner' },
      { services: { admins: stubs } },
    );
    expect(refused).toMatchObject({ status: 403, body: { ok: false, error: OWNER_ONLY } });
    expect(stubs.createInvite).not.toHaveBeenCalled();
  });

  it('revokes an invite and switches a staff account off and on', async () => {
    const stubs = admins();
    const revoked = await postAs(
      OWNER,
      profileAction,
      '/admin/profile',
      { intent: 'revoke', inviteId: INVITE_ID },
      { services: { admins: stubs }, enhanced: true },
    );
    expect(stubs.revokeInvite).toHaveBeenCalledWith(OWNER_ACTOR, INVITE_ID);
    expect(revoked.body).toEqual({ ok: true, toast: { kind: 'success', message: 'Invite revoked' } });
    const off = await postAs(
      OWNER,
      profileAction,
      '/admin/profile',
      { intent: 'deactivate', adminId: USER_ID },
      { services: { admins: stubs } },
    );
    expect(stubs.setActive).toHaveBeenCalledWith(OWNER_ACTOR, USER_ID, false);
    expect(off).toEqual({ status: 302, location: '/admin/profile', flash: { kind: 'success', message: 'Account deactivated' } });
    const staff = await postAs(
      STAFF,
      profileAction,
      '/admin/profile',
      { intent: 'activate', adminId: USER_ID },
      { services: { admins: stubs }, enhanced: true },
    );
    expect(staff).toMatchObject({ status: 403, body: { error: OWNER_ONLY } });
    expect(stubs.setActive).toHaveBeenCalledTimes(1);
  });
});

describe('the audit log page', () => {
  it("is the owner's: staff get the API's refusal as the page", async () => {
    expect(await settled(() => auditLoader(get('/admin/audit', { admin: STAFF }) as never))).toEqual({
      status: 403,
      body: { error: OWNER_ONLY },
    });
  });
});

describe('changing her own password (the profile page)', () => {
  const PASSWORDS = {
    intent: 'password',
    currentPassword: 'old counter pass',
    newPassword: 'new counter pass',
    confirmPassword: 'new counter pass',
  };
  const admins = () => ({ changePassword: vi.fn(async () => {}) });

  it('is for staff and owners alike: this session stays (its token is passed), and a plain post comes back with the message', async () => {
    const services = admins();
    const answer = await postAs(STAFF, profileAction, '/admin/profile', PASSWORDS, {
      services: { admins: services },
      cookie: 'asid=this-session',
    });
    expect(answer).toEqual({
      status: 302,
      location: '/admin/profile',
      flash: { kind: 'success', message: 'Password changed. Your other sessions have ended.' },
    });
    expect(services.changePassword).toHaveBeenCalledWith(
      STAFF._id,
      { currentPassword: 'old counter pass', newPassword: 'new counter pass' },
      'this-session',
      '203.0.113.9',
    );
  });

  it('refuses a mismatched confirmation before asking the service, and passes on a wrong current password beside its field', async () => {
    const services = admins();
    const mismatch = await postAs(
      OWNER,
      profileAction,
      '/admin/profile',
      { ...PASSWORDS, confirmPassword: 'typo' },
      { services: { admins: services } },
    );
    expect(mismatch).toEqual({
      status: 400,
      body: { intent: 'password', ok: false, error: null, fields: { confirmPassword: 'Passwords do not match.' } },
    });
    expect(services.changePassword).not.toHaveBeenCalled();

    const message = 'Your current password is not correct.';
    services.changePassword.mockRejectedValueOnce(new AppError('INVALID_DATA', message, { currentPassword: message }));
    const wrong = await postAs(OWNER, profileAction, '/admin/profile', PASSWORDS, { services: { admins: services }, enhanced: true });
    expect(wrong).toMatchObject({ status: 400, body: { intent: 'password', fields: { currentPassword: message } } });
    // Passwords never come back in the answer.
    expect(JSON.stringify(wrong)).not.toContain('old counter pass');
  });
});
