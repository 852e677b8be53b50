import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { call, dataOf, HOME_ADDRESS } from './shop-api.js';

// Reviews' journeys (issue 28): a piece she received, and a photo to attach.

/** The emulator's fixed test key (no Razorpay keys are set in the e2e shop). */
const EMULATOR_KEY_ID = 'rzp_test_emulator000001';

interface BillableItem {
  productId: string;
  variantId: string | null;
  name: string;
  stock: number;
}

async function ok<T>(answer: Promise<{ ok(): boolean; json(): Promise<unknown>; status(): number }>, what: string): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { data: T };
  expect(response.ok(), `${what} answered ${response.status()}: ${JSON.stringify(body)}`).toBe(true);
  return body.data;
}

/**
 * The signed-in shopper (`request`, the page's) buys `quantity` pieces of `words` through the JSON API as the shop's scripts
 * do, and pays on the Razorpay emulator: the order is paid.
 */
export async function paidOrder(request: APIRequestContext, base: string, asid: string, email: string, words: string, quantity = 1) {
  const { items } = dataOf<{ items: BillableItem[] }>(
    await call(base, 'GET', `/api/admin/bill/findItems?q=${encodeURIComponent(words)}`, { cookie: asid }),
    'finding an item',
  );
  const item = items.find((found) => found.stock > quantity);
  if (!item) throw new Error(`no ${words} in stock in the demo catalogue`);
  const { address } = await ok<{ address: { _id: string } }>(
    request.post('/api/user/profile/addAddress', { data: HOME_ADDRESS }),
    'addAddress',
  );
  const line = { productId: item.productId, ...(item.variantId ? { variantId: item.variantId } : {}), quantity };
  await ok(request.post('/api/user/product/addToCart', { data: line }), 'addToCart');
  const opened = await ok<{ razorpay: { id: string }; orderId: string }>(
    request.post('/api/user/payment/createpayment', {
      data: {
        amount: 1,
        paymentMethod: 'online',
        products: [{ id: item.productId, variant: item.variantId ?? undefined }],
        address: address._id,
      },
    }),
    'createpayment',
  );
  const sheet = await request.post(`/razorpay-emulator/checkout/orders/${opened.razorpay.id}/pay`, {
    data: { key_id: EMULATOR_KEY_ID, outcome: 'success', method: 'upi', email, contact: HOME_ADDRESS.phone },
  });
  expect(sheet.status()).toBe(200);
  const paid = (await sheet.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  const verified = await ok<{ order: { status: string } }>(
    request.post('/api/user/payment/verifyPayment', {
      data: {
        razorpayOrderId: paid.razorpay_order_id,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
    }),
    'verifyPayment',
  );
  expect(verified.order.status).toBe('paid');
  return { orderId: opened.orderId, productId: item.productId, productName: item.name };
}

/** A paid order (paidOrder) that the owner packs, ships and delivers through the back-office's API. */
export async function deliveredOrder(request: APIRequestContext, base: string, asid: string, email: string, words: string, quantity = 1) {
  const order = await paidOrder(request, base, asid, email, words, quantity);
  for (const body of [
    { status: 'packed' },
    { status: 'shipped', courier: 'Delhivery', trackingNumber: `DLV${Date.now()}` },
    { status: 'delivered' },
  ]) {
    dataOf(
      await call(base, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { cookie: asid, body }),
      `marking ${body.status}`,
    );
  }
  return order;
}

/** A small PNG to attach to a review: a corner of the page she is on, as the back-office's photo journeys make theirs. */
export async function photoFixture(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return { name: 'my-kurta.png', mimeType: 'image/png', buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 300 } }) };
}
