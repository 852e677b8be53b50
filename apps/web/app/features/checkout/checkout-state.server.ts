import { parseCookie, stringifySetCookie } from 'cookie';
import { parseCheckoutState, serializeCheckoutState, type CheckoutState } from './checkout-state';

/** The session cookie holding where the shopper is in checkout (checkout-state.ts). */
export const CHECKOUT_COOKIE = 'checkout';

/** The checkout state of the request's cookie (none or malformed: not started). */
export function readCheckoutState(request: Request): CheckoutState {
  const header = request.headers.get('cookie');
  return parseCheckoutState(header ? parseCookie(header)[CHECKOUT_COOKIE] : undefined);
}

/** The Set-Cookie header value that keeps the state for this browser session. */
export const checkoutStateHeader = (state: CheckoutState) =>
  stringifySetCookie({ name: CHECKOUT_COOKIE, value: serializeCheckoutState(state), path: '/', httpOnly: true, sameSite: 'lax' });
