import { AppError, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../../lib/action-test-kit';
import { signupAction } from './signup-action.server';
import { loginFromSignup, signupThenReturnTo } from '../../config/paths';

function accounts() {
  return {
    sendAccountVerificationOtp: vi.fn(async () => {}),
    verifyAccountOtp: vi.fn(async () => {}),
    register: vi.fn(async () => ({ _id: 'u1' }) as PublicUser),
  };
}

async function signup(fields: Record<string, string>, path = '/signup') {
  const stubs = accounts();
  const answer = answerOf(await signupAction(post(path, fields, { services: { accounts: stubs } })));
  return { answer, accounts: stubs };
}

const DETAILS = { firstName: 'Asha', lastName: 'Rao', password: 'chanderi-silk-24', confirmPassword: 'chanderi-silk-24' };

describe('the sign-up page action (spec §2.4, §4)', () => {
  it("'Send OTP' asks for an address, then mails the code from the visitor's network and shows the OTP field", async () => {
    const empty = await signup({ intent: 'send-otp', email: '' });
    expect(empty.answer).toMatchObject({
      status: 400,
      body: { fields: { email: 'Please enter a valid email.' }, step: { step: 'verify', otpSent: false } },
    });
    const { answer, accounts: stubs } = await signup({ intent: 'send-otp', email: 'Asha@Example.in' });
    expect(stubs.sendAccountVerificationOtp).toHaveBeenCalledWith('asha@example.in', '203.0.113.9');
    expect(answer.body).toEqual({
      ok: true,
      step: { step: 'verify', otpSent: true },
      email: 'asha@example.in',
      toast: { kind: 'success', message: 'OTP sent to your email.' },
    });
  });

  it('Enter in the e-mail field sends the code; once sent, it verifies it', async () => {
    const first = await signup({ email: 'asha@example.in' });
    expect(first.accounts.sendAccountVerificationOtp).toHaveBeenCalled();
    const sent = await signup({ step: 'verify', otpSent: '1', email: 'asha@example.in', otp: '' });
    expect(sent.accounts.sendAccountVerificationOtp).not.toHaveBeenCalled();
    expect(sent.answer).toMatchObject({ status: 400, body: { fields: { otp: 'Enter the OTP sent to your email.' } } });
  });

  it("'Verify OTP' checks the code and moves on to the details with 'Email verified!'", async () => {
    const { answer, accounts: stubs } = await signup({
      intent: 'verify-otp',
      step: 'verify',
      otpSent: '1',
      email: 'asha@example.in',
      otp: '123456',
    });
    expect(stubs.verifyAccountOtp).toHaveBeenCalledWith('asha@example.in', '123456', '203.0.113.9');
    expect(answer.body).toEqual({
      ok: true,
      step: { step: 'details', otpSent: false },
      email: 'asha@example.in',
      toast: { kind: 'success', message: 'Email verified!' },
    });
  });

  it('keeps the code step when the code is wrong', async () => {
    const stubs = accounts();
    stubs.verifyAccountOtp.mockRejectedValueOnce(new AppError('INVALID_DATA', 'Invalid OTP.', { otp: 'Invalid OTP.' }));
    const args = post(
      '/signup',
      { intent: 'verify-otp', step: 'verify', otpSent: '1', email: 'asha@example.in', otp: '000000' },
      {
        services: { accounts: stubs },
      },
    );
    expect(answerOf(await signupAction(args))).toMatchObject({
      status: 400,
      body: { ok: false, fields: { otp: 'Invalid OTP.' }, step: { step: 'verify', otpSent: true } },
    });
  });

  it("'Use another email' goes back to the first step", async () => {
    const { answer } = await signup({ intent: 'change-email', step: 'verify', otpSent: '1', email: 'asha@example.in' });
    expect(answer.body).toMatchObject({ step: { step: 'verify', otpSent: false } });
  });

  it('refuses passwords that differ, echoing the names but never the passwords', async () => {
    const { answer, accounts: stubs } = await signup({
      intent: 'register',
      step: 'details',
      email: 'asha@example.in',
      ...DETAILS,
      confirmPassword: 'something else',
    });
    expect(stubs.register).not.toHaveBeenCalled();
    expect(answer).toEqual({
      status: 400,
      body: {
        ok: false,
        error: null,
        fields: { confirmPassword: 'Passwords do not match.' },
        step: { step: 'details', otpSent: false },
        email: 'asha@example.in',
        names: { firstName: 'Asha', lastName: 'Rao' },
      },
    });
  });

  it("creates the account and goes to /login with 'Signup successful!', keeping a same-site redirectUrl", async () => {
    const plain = await signup({ intent: 'register', step: 'details', email: 'asha@example.in', ...DETAILS });
    expect(plain.accounts.register).toHaveBeenCalledWith({ email: 'asha@example.in', ...DETAILS });
    expect(plain.answer).toEqual({ status: 302, location: '/login', flash: { kind: 'success', message: 'Signup successful!' } });

    const back = await signup({ step: 'details', email: 'asha@example.in', ...DETAILS }, '/signup?redirectUrl=%2Fcheckout');
    expect(back.answer.location).toBe('/login?redirectUrl=%2Fcheckout');
    const foreign = await signup(
      { step: 'details', email: 'asha@example.in', ...DETAILS },
      '/signup?redirectUrl=https%3A%2F%2Fevil.example',
    );
    expect(foreign.answer.location).toBe('/login');
  });

  it('keeps the wishlist heart she tapped signed out on the way back to login, so it is saved when she logs in', async () => {
    const productId = '0b3c5d7e-1f2a-4b6c-8d9e-0a1b2c3d4e5f';
    const back = await signup(
      { step: 'details', email: 'asha@example.in', ...DETAILS },
      `/signup?redirectUrl=%2Fproduct%2F${productId}&saveToWishlist=${productId}`,
    );
    expect(back.answer.location).toBe(`/login?redirectUrl=%2Fproduct%2F${productId}&saveToWishlist=${productId}`);
    // From the login page's 'Sign Up' link and back: both travel, nothing else does.
    const login = new URLSearchParams({ redirectUrl: `/product/${productId}`, saveToWishlist: productId, other: 'x' });
    expect(signupThenReturnTo(login)).toBe(`/signup?redirectUrl=%2Fproduct%2F${productId}&saveToWishlist=${productId}`);
    expect(signupThenReturnTo(new URLSearchParams())).toBe('/signup');
    // Issue 38: a bag line's move goes along too, an empty fromBag (no variant) included.
    const move = new URLSearchParams({ redirectUrl: '/user/cart', saveToWishlist: productId, fromBag: '' });
    expect(signupThenReturnTo(move)).toBe(`/signup?redirectUrl=%2Fuser%2Fcart&saveToWishlist=${productId}&fromBag=`);
    expect(loginFromSignup(move)).toBe(`/login?redirectUrl=%2Fuser%2Fcart&saveToWishlist=${productId}&fromBag=`);
    expect(loginFromSignup(new URLSearchParams({ saveToWishlist: productId }))).toBe(`/login?redirectUrl=%2F&saveToWishlist=${productId}`);
  });

  it('shows an unverified address on the details step', async () => {
    const stubs = accounts();
    stubs.register.mockRejectedValueOnce(
      new AppError('INVALID_DATA', 'Please verify your email with an OTP first.', { email: 'Please verify your email first.' }),
    );
    const args = post('/signup', { step: 'details', email: 'asha@example.in', ...DETAILS }, { services: { accounts: stubs } });
    expect(answerOf(await signupAction(args))).toMatchObject({
      status: 400,
      body: { error: 'Please verify your email with an OTP first.', step: { step: 'details' } },
    });
  });
});
