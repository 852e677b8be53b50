import type { Address, Cart, PageContext, PublicUser } from '@shop/core';
import { parseSetCookie } from 'cookie';
import { describe, expect, it, vi } from 'vitest';
import { createLoadContext, shopperContext } from '../context';
import { CHECKOUT_COOKIE, checkoutStateHeader } from '../features/checkout/checkout-state.server';
import { action as checkoutAction, loader } from './checkout';

const asha = { _id: 'u1', userFirstName: 'Asha' } as PublicUser;
const addresses = [
  { _id: 'home', isDefault: true, pincode: '560001' },
  { _id: 'office', isDefault: false, pincode: '560001' },
  { _id: 'island', isDefault: false, pincode: '744101' },
] as Address[];

/** The couriers' answer per pincode (GET /api/user/delivery/estimate): the Andamans' 744101 is not served. */
const estimate = async (pincode: string) =>
  pincode === '744101' ? { serviceable: false, deliveryBy: null, cod: false } : { serviceable: true, deliveryBy: '2026-12-03', cod: true };
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
    shipping: { estimate: vi.fn(estimate) },
  };
  const identity = { setShopperSession: vi.fn() };
  const context = createLoadContext({ services, identity } as unknown as PageContext);
  context.set(shopperContext, user);
  return { request, context, params: {}, url: new URL(request.url), pattern: '/checkout', services, identity };
}

/** The action's answer to a refused form: its status and what it echoes. */
const refusal = async (posted: Parameters<typeof checkoutAction>[0]) =>
  (await checkoutAction(posted)) as unknown as {
    init: ResponseInit;
    data: { fields: Record<string, string>; typed: Record<string, string> };
  };

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

  it('for business purchases (issue 43): refuses a wrong GSTIN or a missing name beside the field, as typed; carries a good one to the payment', async () => {
    const delivered = await action(args({ intent: 'deliver', addressId: 'home' }));
    const reviewing = stateCookie(delivered);

    const wrong = await refusal(args({ intent: 'pay', buyerGstin: '27AAPFU0939F1ZA', buyerName: 'Meera Textiles' }, reviewing));
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.fields).toEqual({
      buyerGstin:
        'GSTIN 27AAPFU0939F1ZA is not valid: its last character (the check character) does not match the first 14; please check it for a typing mistake.',
    });
    expect(wrong.data.typed).toEqual({ buyerGstin: '27AAPFU0939F1ZA', buyerName: 'Meera Textiles' });
    const nameless = await refusal(args({ intent: 'pay', buyerGstin: '27AAPFU0939F1ZV', buyerName: '' }, reviewing));
    expect(nameless.data.fields).toEqual({ buyerName: 'Please enter the business name the GSTIN is registered under.' });

    const paying = await action(args({ intent: 'pay', buyerGstin: '27aapfu0939f1zv', buyerName: 'Meera Textiles' }, reviewing));
    expect(paying.headers.get('location')).toBe('/payment');
    const carried = stateCookie(paying);
    expect(await loader(args(null, carried))).toMatchObject({ business: { gstin: '27AAPFU0939F1ZV', name: 'Meera Textiles' } });
    // Emptied again: the next payment is for her alone.
    const plain = await action(args({ intent: 'pay', buyerGstin: '', buyerName: '' }, carried));
    expect(await loader(args(null, stateCookie(plain)))).toMatchObject({ business: null });
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

  it('says each address’s delivery day, or that its pincode is not served (issue 42)', async () => {
    const page = await loader(args(null));
    expect(page.deliveries).toEqual({
      '560001': { serviceable: true, deliveryBy: '2026-12-03', cod: true },
      '744101': { serviceable: false, deliveryBy: null, cod: false },
    });
    // One question per pincode, not per address.
    const posted = args(null);
    await loader(posted);
    expect(posted.services.shipping.estimate).toHaveBeenCalledTimes(2);
  });

  it('stops at an address no courier reaches, before payment, and leaves the address step open (issue 42)', async () => {
    const refused = await action(args({ intent: 'deliver', addressId: 'island' }));
    expect(refused.headers.get('location')).toBe('/checkout');
    expect(decodeURIComponent(refused.headers.get('set-cookie') ?? '')).toContain(
      "We don't deliver to this pincode (744101) yet. Please choose another address.",
    );
    expect(stateCookie(refused)).toBeUndefined();
    // Confirmed earlier, and no longer served when she pays: back to the address step with the same words.
    const confirmed = checkoutStateHeader({ addressId: 'island', reviewing: true, addressIdsBefore: [] }).split(';')[0];
    const paying = await action(args({ intent: 'pay' }, confirmed));
    expect(paying.headers.get('location')).toBe('/checkout');
    expect(decodeURIComponent(paying.headers.get('set-cookie') ?? '')).toContain("We don't deliver to this pincode (744101) yet.");
    expect(await loader(args(null, stateCookie(paying)))).toMatchObject({ chosenId: 'island', reviewing: false });
  });

  it('says nothing of a pincode the estimate cannot answer for, and checkout goes on', async () => {
    const posted = args(null);
    posted.services.shipping.estimate.mockRejectedValue(new Error('down'));
    expect((await loader(posted)).deliveries).toEqual({});
    const down = args({ intent: 'deliver', addressId: 'home' });
    down.services.shipping.estimate.mockRejectedValue(new Error('down'));
    expect(stateCookie(await action(down))).toBeDefined();
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
