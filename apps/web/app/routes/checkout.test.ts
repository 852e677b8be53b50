import type { Address, Cart, PageContext, PublicUser } from '@shop/core';
import { parseSetCookie } from 'cookie';
import { describe, expect, it, vi } from 'vitest';
import { createLoadContext, shopperContext } from '../context';
import { CHECKOUT_COOKIE, checkoutStateHeader } from '../features/checkout/checkout-state.server';
import { action as checkoutAction, loader } from './checkout';

const asha = { _id: 'u1', userFirstName: 'Asha' } as PublicUser;
const addresses = [
  { _id: 'home', isDefault: true },
  { _id: 'office', isDefault: false },
] as Address[];
/** Checkout's steps answer redirects (the coupon form's answers are the bag's, tested there). */
const action = async (...given: Parameters<typeof checkoutAction>) => (await checkoutAction(...given)) as Response;

const cart = {
  userCarts: [],
  summary: { subtotal: 0, shipping: 0, total: 0, discounts: [], discount: 0, coupon: null, offer: null, nextOfferHint: null },
  itemCount: 0,
} as Cart;

function args(fields: Record<string, string> | null, cookie?: string, user: PublicUser | null = asha) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  const body = fields && new URLSearchParams(fields).toString();
  // As a browser posts a form: its type and length declared (lib/read-form.server.ts refuses a post without a length).
  const request =
    body !== null
      ? new Request('http://localhost/checkout', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) },
          body,
        })
      : new Request('http://localhost/checkout', { headers });
  const services = {
    addresses: { list: vi.fn(async () => addresses) },
    cart: { get: vi.fn(async () => cart) },
    accounts: { logout: vi.fn(async () => {}) },
  };
  const identity = { setShopperSession: vi.fn() };
  const context = createLoadContext({ services, identity } as unknown as PageContext);
  context.set(shopperContext, user);
  return { request, context, params: {}, url: new URL(request.url), pattern: '/checkout', services, identity };
}

const stateCookie = (response: Response) => {
  const set = response.headers
    .getSetCookie()
    .map((cookie) => parseSetCookie(cookie))
    .find((cookie) => cookie.name === CHECKOUT_COOKIE);
  return set ? `${set.name}=${encodeURIComponent(set.value ?? '')}` : undefined;
};

describe('checkout’s steps as forms', () => {
  it('starts, confirms the address (the review opens), changes it, and goes on to payment', async () => {
    const started = await action(args({ intent: 'start' }));
    expect(started.headers.get('location')).toBe('/checkout');
    const cookie = stateCookie(started);
    expect(await loader(args(null, cookie))).toMatchObject({ chosenId: 'home', reviewing: false });

    const delivered = await action(args({ intent: 'deliver', addressId: 'office' }, cookie));
    const reviewing = stateCookie(delivered);
    expect(await loader(args(null, reviewing))).toMatchObject({ chosenId: 'office', reviewing: true });

    const paying = await action(args({ intent: 'pay' }, reviewing));
    expect(paying.headers.get('location')).toBe('/payment');

    const changed = await action(args({ intent: 'change-address' }, reviewing));
    expect(await loader(args(null, stateCookie(changed)))).toMatchObject({ chosenId: 'office', reviewing: false });
  });

  it('refuses an address that is not hers and payment before an address is confirmed', async () => {
    const refused = await action(args({ intent: 'deliver', addressId: 'someone-else' }));
    expect(refused.headers.get('location')).toBe('/checkout');
    expect(refused.headers.get('set-cookie')).toContain('Please%20choose%20a%20delivery%20address.');
    const early = await action(
      args({ intent: 'pay' }, checkoutStateHeader({ addressId: 'home', reviewing: false, addressIdsBefore: [] }).split(';')[0]),
    );
    expect(early.headers.get('location')).toBe('/checkout');
  });

  it('changes the account: ends the session, clears its cookie, and comes back here after the next login', async () => {
    const posted = args({ intent: 'change-user' }, 'sid=token-1');
    const answer = await action(posted);
    expect(posted.services.accounts.logout).toHaveBeenCalledWith('token-1');
    expect(posted.identity.setShopperSession).toHaveBeenCalledWith(null);
    expect(answer.headers.get('location')).toBe('/login?redirectUrl=%2Fcheckout');
  });

  it('sends a signed-out visitor to log in', async () => {
    const thrown: unknown = await action(args({ intent: 'start' }, undefined, null)).catch((error: unknown) => error);
    expect((thrown as Response).headers.get('location')).toBe('/login?redirectUrl=%2Fcheckout');
  });
});
