import {
  AppError,
  isUuid,
  loginUsingPasswordSchema,
  safeRedirectPath,
  sendLoginOtpSchema,
  verifyLoginOtpSchema,
  type PageServices,
} from '@shop/core';
import { data, type RouterContextProvider } from 'react-router';
import { wishOf } from '../../config/paths';
import { pageOf } from '../../context';
import { formIntent, formText } from '../../lib/form-data';
import { validate } from '../../lib/form';
import { ENHANCED_FIELD } from '../../lib/flash';
import { redirectWithFlash } from '../../lib/flash.server';
import { actionCall, formFailure } from '../../lib/service-call.server';
import { LOGIN_INTENTS, LOGIN_SUCCESS, OTP_SENT, postedLoginStep, type LoginStep } from './auth-steps';
import { sessionTokenOf } from '../../lib/session-tokens.server';
import { postedForm } from '../../lib/read-form.server';

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * Moves the signed-out cart of the request (the guest_cart cookie) into the account: the Set-Cookie header that
 * clears it, and a notice for every line that did not fit (features/cart/guest-cart.server.ts, given by the route).
 */
export type MergeGuestCart = (
  request: Request,
  services: PageServices,
  userId: string,
  /** Her client: a coupon code applied signed out is checked (and counted) as the bag checks it. */
  clientIp?: string,
) => Promise<{ setCookie: string | null; setCouponCookie?: string | null; notices: string[] }>;

/** Said after the greeting when the heart she tapped signed out has saved its product. */
export const SAVED_AFTER_LOGIN = 'Added to your wishlist.';
/** Said after the greeting when the bag's line she asked to move signed out is on her wishlist and out of the bag. */
export const MOVED_AFTER_LOGIN = 'Moved to your wishlist.';

const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/**
 * The wish she made signed out (the login URL's saveToWishlist, see loginThenReturnTo), done now that her bag has
 * joined the account's: a heart saves its product; a bag line's 'Move to wishlist' (fromBag) saves it, then takes the
 * line out of the bag, so the line stays there unless it was wished. What to say after the greeting, or null. Only
 * ids are read from the URL; a product no longer for sale is left out without a word.
 */
async function grantWish(url: URL, services: PageServices, userId: string): Promise<string | null> {
  const wish = wishOf(url.searchParams);
  const productId = typeof wish === 'string' ? wish : wish?.productId;
  if (!wish || !productId || !isUuid(productId)) return null;
  if (typeof wish !== 'string' && (wish.variantId === undefined || isUuid(wish.variantId))) {
    try {
      await services.wishlist.moveFromCart(userId, wish);
      return MOVED_AFTER_LOGIN;
    } catch (error) {
      // Not in the bag after all (it did not fit when the bags joined): saved all the same, below.
      if (!isAppError(error)) throw error;
    }
  }
  try {
    await services.wishlist.add(userId, productId);
    return SAVED_AFTER_LOGIN;
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

/** The next step for the page to show, with the address to fill in and what to tell the shopper. */
const next = (step: LoginStep, email: string, message?: string) => ({
  ok: true as const,
  step,
  email,
  toast: message ? { kind: 'success' as const, message } : undefined,
});

/**
 * Spec §2.3: the login page's one form. 'Login using OTP?' / 'Login with password?' switch the mode (and forget a
 * code sent), 'Send OTP to email' mails a code, 'Login' checks the password or the code. A login sets the session
 * cookie, moves the signed-out cart into the account and goes to redirectUrl (same-site only) or '/': a plain HTML
 * post by a redirect with the message, an enhanced one by its answer (the page toasts the cart's notices and goes).
 */
export async function loginAction({ request, context }: ActionArgs, mergeGuestCart: MergeGuestCart) {
  const form = await postedForm(request);
  const intent = formIntent(form, LOGIN_INTENTS, 'login');
  const posted = postedLoginStep(form);
  const email = formText(form, 'email');
  const { services, clientIp, identity } = pageOf(context);

  if (intent === 'use-otp' || intent === 'use-password')
    return next({ mode: intent === 'use-otp' ? 'otp' : 'password', otpSent: false }, email);

  if (intent === 'send-otp') {
    const step: LoginStep = { mode: 'otp', otpSent: posted.mode === 'otp' && posted.otpSent };
    const checked = validate(sendLoginOtpSchema, { email });
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step, email });
    const address = checked.data.email;
    return actionCall(services.accounts.sendLoginOtp(address, clientIp), () => next({ mode: 'otp', otpSent: true }, address, OTP_SENT), {
      step,
      email,
    });
  }

  // 'Login' stays disabled in OTP mode until a code was sent: a post without one only shows the step again.
  if (posted.mode === 'otp' && !posted.otpSent) return next(posted, email);
  const previousToken = sessionTokenOf(request);
  let login;
  if (posted.mode === 'password') {
    const checked = validate(loginUsingPasswordSchema, { email, password: formText(form, 'password') });
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step: posted, email });
    login = services.accounts.loginUsingPassword(checked.data.email, checked.data.password, clientIp, previousToken);
  } else {
    const checked = validate(verifyLoginOtpSchema, { email, otp: formText(form, 'otp') });
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, { step: posted, email });
    login = services.accounts.verifyLoginOtp(checked.data.email, checked.data.otp, clientIp, previousToken);
  }
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get('redirectUrl'));
  return actionCall(
    login,
    async ({ user, session }) => {
      identity.setShopperSession(session);
      // The cart she filled signed out (the guest_cart cookie) joins the account's, and the cookie goes.
      const merged = await mergeGuestCart(request, services, user._id, clientIp);
      const wished = await grantWish(url, services, user._id);
      const greeting = wished ? `${LOGIN_SUCCESS} ${wished}` : LOGIN_SUCCESS;
      const headers = new Headers();
      if (merged.setCookie) headers.append('set-cookie', merged.setCookie);
      if (merged.setCouponCookie) headers.append('set-cookie', merged.setCouponCookie);
      if (form.get(ENHANCED_FIELD) === '1') {
        const answer = { ok: true as const, toast: { kind: 'success' as const, message: greeting }, notices: merged.notices };
        return data({ ...answer, step: posted, email, redirectTo }, { headers });
      }
      // A plain HTML post has one message for the next page: the lines that did not fit follow the greeting.
      const message = [greeting, ...merged.notices.map((notice) => (notice.endsWith('.') ? notice : `${notice}.`))].join(' ');
      return redirectWithFlash(redirectTo, { kind: 'success', message }, { headers });
    },
    { step: posted, email },
  );
}
