import { AppError, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../lib/action-test-kit';
import { action } from './user.profile';

const asha = { _id: 'u1', userFirstName: 'Asha', userLastName: 'Rao', userEmail: 'asha@example.in' } as PublicUser;

function profile(fields: Record<string, string>, options: { enhanced?: boolean } = {}) {
  const accounts = { updateProfile: vi.fn(async () => asha), changePassword: vi.fn(async () => {}) };
  const args = post('/user/profile', fields, { services: { accounts }, shopper: asha, cookie: 'sid=this-session', ...options });
  return { run: async () => answerOf(await action(args)), accounts };
}

const PROFILE = { intent: 'profile', firstName: 'Asha', lastName: 'Rao', phone: '9876543210', dob: '1994-05-02', gender: 'female' };

describe('the profile page action', () => {
  it("saves the signed-in shopper's profile; a plain post comes back to the page with the message", async () => {
    const { run, accounts } = profile({ ...PROFILE, phone: '' });
    expect(await run()).toEqual({ status: 302, location: '/user/profile', flash: { kind: 'success', message: 'Profile updated.' } });
    expect(accounts.updateProfile).toHaveBeenCalledWith('u1', {
      firstName: 'Asha',
      lastName: 'Rao',
      phone: null,
      dob: '1994-05-02',
      gender: 'female',
    });
  });

  it('answers an enhanced form with the toast, and a refused one with the values typed', async () => {
    expect(await profile(PROFILE, { enhanced: true }).run()).toEqual({
      status: 200,
      body: { ok: true, toast: { kind: 'success', message: 'Profile updated.' } },
    });
    const refused = profile({ ...PROFILE, phone: '12345' });
    expect(await refused.run()).toMatchObject({
      status: 400,
      body: {
        intent: 'profile',
        fields: { phone: 'Please enter a valid 10-digit mobile number.' },
        values: { firstName: 'Asha', lastName: 'Rao', phone: '12345', dob: '1994-05-02', gender: 'female' },
      },
    });
    expect(refused.accounts.updateProfile).not.toHaveBeenCalled();
  });

  it('changes the password keeping this session, and never echoes a password', async () => {
    const fields = {
      intent: 'password',
      currentPassword: 'old-password-1',
      newPassword: 'new-password-22',
      confirmPassword: 'new-password-22',
    };
    const { run, accounts } = profile(fields);
    expect(await run()).toMatchObject({ status: 302, flash: { message: 'Password changed.' } });
    expect(accounts.changePassword).toHaveBeenCalledWith(
      'u1',
      { currentPassword: 'old-password-1', newPassword: 'new-password-22', confirmPassword: 'new-password-22' },
      'this-session',
      '203.0.113.9',
    );

    const wrong = profile(fields);
    const message = 'Your current password is not correct.';
    wrong.accounts.changePassword.mockRejectedValueOnce(new AppError('INVALID_DATA', message, { currentPassword: message }));
    expect(await wrong.run()).toEqual({
      status: 400,
      body: { ok: false, intent: 'password', error: message, fields: { currentPassword: message } },
    });
  });
});
