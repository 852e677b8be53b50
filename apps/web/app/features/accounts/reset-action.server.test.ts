import { AppError } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../../lib/action-test-kit';
import { resetAction } from './reset-action.server';

function accounts() {
  return { forgotPassword: vi.fn(async () => {}), resetPassword: vi.fn(async () => {}) };
}

async function reset(fields: Record<string, string>, options: { enhanced?: boolean; cookie?: string } = {}) {
  const stubs = accounts();
  const args = post('/forgotPassword', fields, { services: { accounts: stubs }, ...options });
  return { answer: answerOf(await resetAction(args)), accounts: stubs, identity: args.identity };
}

const NEW = { otp: '123456', newPassword: 'kanjeevaram-gold-31', confirmPassword: 'kanjeevaram-gold-31' };

describe('the forgot-password page action', () => {
  it("'Send code' asks for the address, then mails a code and shows the code step with the spec's answer", async () => {
    const empty = await reset({ email: '' });
    expect(empty.answer).toMatchObject({ status: 400, body: { fields: { email: 'Please enter your email.' }, step: { step: 'email' } } });
    const { answer, accounts: stubs } = await reset({ intent: 'send-code', email: 'Nila@Example.in' });
    expect(stubs.forgotPassword).toHaveBeenCalledWith('nila@example.in', '203.0.113.9');
    expect(answer.body).toEqual({
      ok: true,
      step: { step: 'code' },
      email: 'nila@example.in',
      toast: { kind: 'success', message: 'If an account uses this email, we have sent it a code.' },
    });
  });

  it("'Send a new code' keeps the code step; 'Change email' goes back", async () => {
    const again = await reset({ intent: 'send-code', step: 'code', email: 'nila@example.in' });
    expect(again.accounts.forgotPassword).toHaveBeenCalled();
    expect(again.answer.body).toMatchObject({ step: { step: 'code' } });
    const back = await reset({ intent: 'change-email', step: 'code', email: 'nila@example.in' });
    expect(back.answer.body).toMatchObject({ step: { step: 'email' }, email: 'nila@example.in' });
  });

  it('checks the code and the new password before calling the service (Enter in the code step resets)', async () => {
    const { answer, accounts: stubs } = await reset({ step: 'code', email: 'nila@example.in', ...NEW, otp: '', confirmPassword: 'other' });
    expect(stubs.resetPassword).not.toHaveBeenCalled();
    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { otp: 'Enter the OTP sent to your email.', confirmPassword: 'Passwords do not match.' }, step: { step: 'code' } },
    });
  });

  it('sets the new password, clears this browser session and goes to /login with the message', async () => {
    const {
      answer,
      accounts: stubs,
      identity,
    } = await reset({ intent: 'reset', step: 'code', email: 'nila@example.in', ...NEW }, { cookie: 'sid=old' });
    expect(stubs.resetPassword).toHaveBeenCalledWith({ email: 'nila@example.in', ...NEW }, '203.0.113.9');
    expect(identity.setShopperSession).toHaveBeenCalledWith(null);
    expect(answer).toEqual({
      status: 302,
      location: '/login',
      flash: { kind: 'success', message: 'Your password has been reset. Please log in with your new password.' },
    });
  });

  it('answers an enhanced form with the address, for the login page to fill in; no cookie, nothing to clear', async () => {
    const { answer, identity } = await reset({ intent: 'reset', step: 'code', email: 'nila@example.in', ...NEW }, { enhanced: true });
    expect(identity.setShopperSession).not.toHaveBeenCalled();
    expect(answer.body).toMatchObject({
      ok: true,
      reset: true,
      email: 'nila@example.in',
      toast: { message: 'Your password has been reset. Please log in with your new password.' },
    });
  });

  it('keeps the code step for a wrong code', async () => {
    const stubs = accounts();
    stubs.resetPassword.mockRejectedValueOnce(new AppError('INVALID_DATA', 'Invalid OTP.', { otp: 'Invalid OTP.' }));
    const args = post('/forgotPassword', { step: 'code', email: 'nila@example.in', ...NEW }, { services: { accounts: stubs } });
    expect(answerOf(await resetAction(args))).toMatchObject({
      status: 400,
      body: { fields: { otp: 'Invalid OTP.' }, step: { step: 'code' } },
    });
  });
});
