import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../lib/action-test-kit';
import { action } from './admin.forgot-password';

// The admin's reset shares the shoppers' steps (reset-action.server.ts) with her own calls, login page and cookie.
describe("an admin's forgotten password", () => {
  const admins = () => ({ forgotPassword: vi.fn(async () => {}), resetPassword: vi.fn(async () => {}) });
  const accounts = () => ({ forgotPassword: vi.fn(async () => {}), resetPassword: vi.fn(async () => {}) });

  it('mails the code through the admins’ call, never the shoppers’', async () => {
    const services = { admins: admins(), accounts: accounts() };
    const args = post(
      '/admin/forgotPassword',
      { step: 'email', intent: 'send-code', email: 'Meera@Example.in' },
      { services, enhanced: true },
    );
    const answer = answerOf(await action(args));
    expect(answer.body).toMatchObject({ ok: true, step: { step: 'code' }, email: 'meera@example.in' });
    expect(services.admins.forgotPassword).toHaveBeenCalledWith('meera@example.in', '203.0.113.9');
    expect(services.accounts.forgotPassword).not.toHaveBeenCalled();
  });

  it('resets with the code and goes to the back-office login, ending this browser’s admin session', async () => {
    const services = { admins: admins(), accounts: accounts() };
    const fields = {
      step: 'code',
      intent: 'reset',
      email: 'meera@example.in',
      otp: '123456',
      newPassword: 'till roll 2027',
      confirmPassword: 'till roll 2027',
    };
    const args = post('/admin/forgotPassword', fields, { services, cookie: 'asid=old-session' });
    expect(answerOf(await action(args))).toEqual({
      status: 302,
      location: '/admin/login',
      flash: { kind: 'success', message: 'Your password has been reset. Please log in with your new password.' },
    });
    expect(services.admins.resetPassword).toHaveBeenCalledWith(
      { adminEmail: 'meera@example.in', otp: '123456', newPassword: 'till roll 2027' },
      '203.0.113.9',
    );
    expect(args.identity.setAdminSession).toHaveBeenCalledWith(null);
    expect(args.identity.setShopperSession).not.toHaveBeenCalled();
    expect(services.accounts.resetPassword).not.toHaveBeenCalled();
  });
});
