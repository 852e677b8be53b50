import { AppError, COD_OFF_REASON, SHOP_NOT_OPEN, type Cart, type CodOption, type PageContext, type PublicUser } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createLoadContext, shopperContext } from '../context';
import { CHECKOUT_COOKIE } from '../features/checkout/checkout-state.server';
import { serializeCheckoutState } from '../features/checkout/checkout-state';
import PaymentPage, { action, ONLINE_NEEDS_SCRIPT } from './payment';

const asha = {
  _id: 'u1',
  userFirstName: 'Asha',
  userLastName: 'Rao',
  userEmail: 'asha@example.in',
  userPhone: null,
} as unknown as PublicUser;
const cart = {
  userCarts: [{ product: { id: 'p1', variant: null } }],
  summary: { subtotal: 80_000, shipping: 0, total: 80_000, discounts: [], discount: 0, coupon: null, offer: null, nextOfferHint: null },
  itemCount: 1,
} as unknown as Cart;
const address = {
  _id: 'a1',
  name: 'Asha Rao',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  phone: '9876543210',
};

/** The payment page's server HTML for this loader data. */
function serverHtml(takingOrders: boolean, cod: CodOption | null = null): string {
  const loaderData = { user: asha, cart, address, razorpay: { keyId: 'rzp_live_x', checkoutScriptUrl: '' }, takingOrders, cod };
  const element = <PaymentPage {...({ loaderData, params: {}, matches: [] } as unknown as Parameters<typeof PaymentPage>[0])} />;
  const router = createMemoryRouter([{ path: '/payment', element }], { initialEntries: ['/payment'] });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe('the payment page (issue 39)', () => {
  it('says the shop is not taking orders yet, and offers no Pay button, while production has the demo details', () => {
    const closed = serverHtml(false);
    expect(closed).toContain(SHOP_NOT_OPEN);
    expect(closed).not.toMatch(/Pay ₹/);
    const open = serverHtml(true);
    expect(open).not.toContain(SHOP_NOT_OPEN);
    expect(open).toMatch(/Pay ₹/);
  });
});

describe('cash on delivery on the payment page (issue 41)', () => {
  it("keeps the spec's 'Currently Unavailable' exactly while the owner has COD off", () => {
    const off = serverHtml(true, { available: false, fee: 0, reason: COD_OFF_REASON });
    expect(off).toContain('Currently Unavailable');
    expect(off).not.toContain('value="cod"');
    expect(off).not.toContain(COD_OFF_REASON);
  });

  it('offers COD with its fee and what she pays at the door, or says why this bag cannot have it', () => {
    const on = serverHtml(true, { available: true, fee: 4_900, reason: null });
    expect(on).not.toContain('Currently Unavailable');
    expect(on).toMatch(/<input type="radio"[^>]*name="paymentMethod" value="cod"\/>/);
    expect(on).toContain('₹49 COD fee · ₹849 to pay at the door');
    expect(on).toContain('Place order · ₹849 at the door');
    // A real form posted to the page's action: it places a COD order without scripts.
    expect(on).toMatch(/<form [^>]*action="\/payment" method="post">/);
    const reason = 'Cash on delivery is for orders up to ₹500; your bag comes to ₹800. Please pay online.';
    const refused = serverHtml(true, { available: false, fee: 4_900, reason });
    expect(refused).toContain(reason);
    expect(refused).toMatch(/<input type="radio" disabled=""[^>]*value="cod"\/>/);
  });
});

describe("the payment page's action", () => {
  const post = (fields: Record<string, string>, services: Record<string, unknown>) => {
    const body = new URLSearchParams(fields);
    const request = new Request('http://localhost/payment', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(Buffer.byteLength(body.toString())),
        cookie: `${CHECKOUT_COOKIE}=${encodeURIComponent(serializeCheckoutState({ addressId: 'a1', reviewing: true, addressIdsBefore: ['a1'] }))}`,
      },
    });
    const context = createLoadContext({ services } as unknown as PageContext);
    context.set(shopperContext, asha);
    return { request, context, params: {}, url: new URL(request.url), pattern: '/payment' };
  };
  const services = (createPayment: ReturnType<typeof vi.fn>) => ({
    cart: { get: async () => ({ ...cart, userCarts: [{ product: { id: 'p1', variant: { _id: 'v1' } } }] }) },
    addresses: { list: async () => [{ ...address, isDefault: true }] },
    payments: { createPayment },
  });

  it('places a COD order with the cart lines and goes to the success page, which asks for the code', async () => {
    const createPayment = vi.fn(async () => ({ orderId: 'o1', paymentMethod: 'cod' }));
    const answer = (await action(post({ paymentMethod: 'cod' }, services(createPayment)))) as Response;
    expect(createPayment).toHaveBeenCalledWith('u1', { paymentMethod: 'cod', products: [{ id: 'p1', variant: 'v1' }], address: 'a1' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/paymentSuccess?orderId=o1');
  });

  it("says online needs Razorpay's script when the form is posted without it, and shows a refusal in words", async () => {
    const createPayment = vi.fn();
    const online = (await action(post({ paymentMethod: 'online' }, services(createPayment)))) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect([online.init.status, online.data.error]).toEqual([400, ONLINE_NEEDS_SCRIPT]);
    expect(createPayment).not.toHaveBeenCalled();

    const refusal = 'You have 2 cash-on-delivery orders not yet confirmed or delivered; please pay online, or wait until they arrive.';
    const refusing = vi.fn(async () => {
      throw new AppError('CONFLICT', refusal, { paymentMethod: refusal });
    });
    const refused = (await action(post({ paymentMethod: 'cod' }, services(refusing)))) as unknown as {
      data: { error: string };
      init: { status: number };
    };
    expect([refused.init.status, refused.data.error]).toEqual([409, refusal]);
  });
});
