import { SHOP_NOT_OPEN, type Cart, type PublicUser } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import PaymentPage from './payment';

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
function serverHtml(takingOrders: boolean): string {
  const loaderData = { user: asha, cart, address, razorpay: { keyId: 'rzp_live_x', checkoutScriptUrl: '' }, takingOrders };
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
