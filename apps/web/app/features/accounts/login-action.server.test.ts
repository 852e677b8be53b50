import { AppError, type Cart, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../../lib/action-test-kit';
import { loginAction } from './login-action.server';

const session = { token: 'new-token', expiresAt: new Date('2026-12-31T00:00:00Z') };
const user = { _id: 'u1', userFirstName: 'Asha' } as PublicUser;

function accounts() {
  return {
    sendLoginOtp: vi.fn(async () => {}),
    loginUsingPassword: vi.fn(async () => ({ user, session })),
    verifyLoginOtp: vi.fn(async () => ({ user, session })),
  };
}

/** No cart filled signed out: nothing to move, no cookie to clear. */
const noGuestCart = vi.fn(async () => ({ setCookie: null, notices: [] }));

async function login(fields: Record<string, string>, options: { path?: string; enhanced?: boolean; cookie?: string } = {}) {
  const stubs = accounts();
  const args = post(options.path ?? '/login', fields, { services: { accounts: stubs }, ...options });
  const answer = answerOf(await loginAction(args, noGuestCart));
  return { answer, accounts: stubs, identity: args.identity };
}

describe('the login page action (spec §2.3, §4)', () => {
  it('switches mode and forgets a code sent, keeping the address typed', async () => {
    const toOtp = await login({ intent: 'use-otp', mode: 'password', email: 'asha@example.in' });
    expect(toOtp.answer).toMatchObject({ status: 200, body: { step: { mode: 'otp', otpSent: false }, email: 'asha@example.in' } });
    const back = await login({ intent: 'use-password', mode: 'otp', otpSent: '1', email: 'asha@example.in' });
    expect(back.answer.body).toMatchObject({ step: { mode: 'password', otpSent: false }, email: 'asha@example.in' });
    const again = await login({ intent: 'use-otp', mode: 'otp', otpSent: '1', email: '' });
    expect(again.answer.body).toMatchObject({ step: { mode: 'otp', otpSent: false } });
  });

  it("'Send OTP to email' asks for the address, then mails a code to it from the visitor's network and shows the OTP field", async () => {
    const empty = await login({ intent: 'send-otp', mode: 'otp', email: ' ' });
    expect(empty.answer).toEqual({
      status: 400,
      body: { ok: false, error: null, fields: { email: 'Please enter your email.' }, step: { mode: 'otp', otpSent: false }, email: ' ' },
    });
    expect(empty.accounts.sendLoginOtp).not.toHaveBeenCalled();

    const sent = await login({ intent: 'send-otp', mode: 'otp', email: ' Asha@Example.in ' });
    expect(sent.accounts.sendLoginOtp).toHaveBeenCalledWith('asha@example.in', '203.0.113.9');
    expect(sent.answer.body).toEqual({
      ok: true,
      step: { mode: 'otp', otpSent: true },
      email: 'asha@example.in',
      toast: { kind: 'success', message: 'OTP sent to your email.' },
    });
  });

  it('keeps the step when the code cannot be sent (too many codes)', async () => {
    const stubs = accounts();
    stubs.sendLoginOtp.mockRejectedValueOnce(new AppError('TOO_MANY_REQUESTS', 'Too many codes. Try again later.'));
    const args = post(
      '/login',
      { intent: 'send-otp', mode: 'otp', otpSent: '1', email: 'asha@example.in' },
      { services: { accounts: stubs } },
    );
    expect(answerOf(await loginAction(args, noGuestCart))).toMatchObject({
      status: 429,
      body: { ok: false, error: 'Too many codes. Try again later.', step: { mode: 'otp', otpSent: true } },
    });
  });

  it("checks the fields before the password ('Email is required.')", async () => {
    const { answer, accounts: stubs } = await login({ intent: 'login', mode: 'password', email: '', password: '' });
    expect(answer).toMatchObject({
      status: 400,
      body: { fields: { email: 'Email is required.', password: 'Password is required.' }, step: { mode: 'password', otpSent: false } },
    });
    expect(stubs.loginUsingPassword).not.toHaveBeenCalled();
  });

  it('logs in by password: rotates the session of the cookie, sets the new one and goes to redirectUrl with the message', async () => {
    const {
      answer,
      accounts: stubs,
      identity,
    } = await login(
      { intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' },
      { path: '/login?redirectUrl=%2Fcheckout', cookie: 'sid=old-token' },
    );
    expect(stubs.loginUsingPassword).toHaveBeenCalledWith('asha@example.in', 'chanderi-silk-24', '203.0.113.9', 'old-token');
    expect(identity.setShopperSession).toHaveBeenCalledWith(session);
    expect(answer).toEqual({ status: 302, location: '/checkout', flash: { kind: 'success', message: 'Login successful!' } });
  });

  it('goes home for a foreign redirectUrl', async () => {
    const { answer } = await login(
      { intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' },
      { path: '/login?redirectUrl=%2F%2Fevil.example%2Fsteal' },
    );
    expect(answer.location).toBe('/');
  });

  it('answers an enhanced form with where to go, for the page to move the guest cart first', async () => {
    const { answer } = await login(
      { intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' },
      { path: '/login?redirectUrl=%2Fuser%2Faddresses', enhanced: true },
    );
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, redirectTo: '/user/addresses', toast: { kind: 'success', message: 'Login successful!' } },
    });
  });

  it('saves the product of a heart tapped signed out (saveToWishlist), by password or by code, and says so', async () => {
    const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
    const path = `/login?redirectUrl=%2Ffilter%3Fq%3Dkurti&saveToWishlist=${PRODUCT}`;
    const run = async (fields: Record<string, string>, enhanced: boolean, add = vi.fn(async () => {})) => {
      const args = post(path, fields, { services: { accounts: accounts(), wishlist: { add } }, enhanced });
      return { answer: answerOf(await loginAction(args, noGuestCart)), add };
    };
    const byPassword = await run({ intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' }, false);
    expect(byPassword.add).toHaveBeenCalledWith('u1', PRODUCT);
    expect(byPassword.answer).toEqual({
      status: 302,
      location: '/filter?q=kurti',
      flash: { kind: 'success', message: 'Login successful! Added to your wishlist.' },
    });
    const byCode = await run({ intent: 'login', mode: 'otp', otpSent: '1', email: 'asha@example.in', otp: '123456' }, true);
    expect(byCode.add).toHaveBeenCalledWith('u1', PRODUCT);
    expect(byCode.answer.body).toMatchObject({
      redirectTo: '/filter?q=kurti',
      toast: { message: 'Login successful! Added to your wishlist.' },
    });

    // A product no longer for sale is left out; the login goes on.
    const gone = vi.fn(async () => Promise.reject(new AppError('NOT_FOUND', 'Product not found')));
    const notSaved = await run({ intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' }, false, gone);
    expect(notSaved.answer).toMatchObject({ status: 302, flash: { message: 'Login successful!' } });
  });

  it('issue 38: moves the bag line she asked to move signed out (fromBag) once her bag has joined the account, and says so', async () => {
    const PRODUCT = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
    const VARIANT = '5f0c2b1a-3e4d-4c5b-8a6f-7e8d9c0b1a2f';
    const fields = { intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' };
    const order: string[] = [];
    const merge = vi.fn(async () => {
      order.push('merge');
      return { setCookie: null, notices: [] };
    });
    const moveFromCart = vi.fn(async () => {
      order.push('move');
      return {} as Cart;
    });
    const add = vi.fn(async () => {});
    const path = `/login?redirectUrl=%2Fuser%2Fcart&saveToWishlist=${PRODUCT}&fromBag=${VARIANT}`;
    const args = post(path, fields, { services: { accounts: accounts(), wishlist: { moveFromCart, add } } });
    expect(answerOf(await loginAction(args, merge))).toEqual({
      status: 302,
      location: '/user/cart',
      flash: { kind: 'success', message: 'Login successful! Moved to your wishlist.' },
    });
    expect(moveFromCart).toHaveBeenCalledWith('u1', { productId: PRODUCT, variantId: VARIANT });
    expect(order).toEqual(['merge', 'move']);
    expect(add).not.toHaveBeenCalled();

    // A product without variants; and a line that did not reach the account's bag is saved all the same.
    moveFromCart.mockRejectedValueOnce(new AppError('NOT_FOUND', 'This item is not in your cart.'));
    const missing = post(`/login?saveToWishlist=${PRODUCT}&fromBag=`, fields, {
      services: { accounts: accounts(), wishlist: { moveFromCart, add } },
    });
    expect(answerOf(await loginAction(missing, noGuestCart))).toMatchObject({
      flash: { message: 'Login successful! Added to your wishlist.' },
    });
    expect(moveFromCart).toHaveBeenLastCalledWith('u1', { productId: PRODUCT });
    expect(add).toHaveBeenCalledWith('u1', PRODUCT);

    // Only ids: an odd variant is not moved, the product only saved.
    moveFromCart.mockClear();
    const odd = post(`/login?saveToWishlist=${PRODUCT}&fromBag=..%2Fadmin`, fields, {
      services: { accounts: accounts(), wishlist: { moveFromCart, add } },
    });
    await loginAction(odd, noGuestCart);
    expect(moveFromCart).not.toHaveBeenCalled();
  });

  it('reads only a product id from saveToWishlist', async () => {
    const add = vi.fn(async () => {});
    const args = post(
      '/login?saveToWishlist=..%2Fadmin',
      { intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' },
      { services: { accounts: accounts(), wishlist: { add } } },
    );
    expect(answerOf(await loginAction(args, noGuestCart))).toMatchObject({ status: 302, location: '/' });
    expect(add).not.toHaveBeenCalled();
  });

  it('shows a refused login on the form and sets no session', async () => {
    const stubs = accounts();
    stubs.loginUsingPassword.mockRejectedValueOnce(new AppError('UNAUTHENTICATED', 'Invalid email or password.'));
    const args = post(
      '/login',
      { intent: 'login', mode: 'password', email: 'asha@example.in', password: 'wrong-one' },
      { services: { accounts: stubs } },
    );
    expect(answerOf(await loginAction(args, noGuestCart))).toEqual({
      status: 401,
      body: {
        ok: false,
        error: 'Invalid email or password.',
        fields: {},
        step: { mode: 'password', otpSent: false },
        email: 'asha@example.in',
      },
    });
    expect(args.identity.setShopperSession).not.toHaveBeenCalled();
  });

  it('logs in by the mailed code once it was sent', async () => {
    const early = await login({ intent: 'login', mode: 'otp', email: 'asha@example.in', otp: '123456' });
    expect(early.accounts.verifyLoginOtp).not.toHaveBeenCalled();
    expect(early.answer.body).toMatchObject({ step: { mode: 'otp', otpSent: false } });

    const missing = await login({ intent: 'login', mode: 'otp', otpSent: '1', email: 'asha@example.in', otp: '' });
    expect(missing.answer).toMatchObject({ status: 400, body: { fields: { otp: 'Enter the OTP sent to your email.' } } });

    const {
      answer,
      accounts: stubs,
      identity,
    } = await login({ intent: 'login', mode: 'otp', otpSent: '1', email: 'asha@example.in', otp: '123456' });
    expect(stubs.verifyLoginOtp).toHaveBeenCalledWith('asha@example.in', '123456', '203.0.113.9', undefined);
    expect(stubs.loginUsingPassword).not.toHaveBeenCalled();
    expect(identity.setShopperSession).toHaveBeenCalledWith(session);
    expect(answer).toMatchObject({ status: 302, location: '/' });
  });

  it('moves the cart filled signed out into the account, clears its cookie and tells what did not fit', async () => {
    const merge = vi.fn(async () => ({ setCookie: 'guest_cart=; Max-Age=0; Path=/', notices: ['Only 2 of Silk Saree could be added'] }));
    const fields = { intent: 'login', mode: 'password', email: 'asha@example.in', password: 'chanderi-silk-24' };
    const plain = post('/login', fields, { services: { accounts: accounts() } });
    const answer = await loginAction(plain, merge);
    expect(merge).toHaveBeenCalledWith(plain.request, expect.anything(), 'u1', '203.0.113.9');
    expect((answer as Response).headers.getSetCookie()).toContain('guest_cart=; Max-Age=0; Path=/');
    expect(answerOf(answer).flash).toEqual({ kind: 'success', message: 'Login successful! Only 2 of Silk Saree could be added.' });

    const enhanced = answerOf(await loginAction(post('/login', fields, { services: { accounts: accounts() }, enhanced: true }), merge));
    expect(enhanced.body).toMatchObject({ toast: { message: 'Login successful!' }, notices: ['Only 2 of Silk Saree could be added'] });
  });
});
