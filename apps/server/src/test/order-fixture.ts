import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { issueOrderCreditNote } from '../orders/credit-notes.js';
import { orderOf } from '../orders/queries.js';
import type { Services } from '../services.js';
import { jsonCall, signedInUser, type capturingMailer } from './accounts.js';

export const HOME_ADDRESS = {
  name: 'Asha Rao',
  phone: '9876543210',
  street: '12 MG Road',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  pincode: '560001',
};

interface OrderLine {
  productId: string;
  variantId?: string;
  quantity?: number;
}

/**
 * A shopper who ordered `quantity` pieces of the given product (and variant), or the given `lines`: signed up,
 * address saved, cart filled and the payment opened, so the order waits in `pending_payment`. `paid: true` pays it
 * through the Razorpay emulator and verifies it, as the payment page does.
 */
export async function placedOrder(
  t: { app: FastifyInstance; services: Services },
  mail: ReturnType<typeof capturingMailer>,
  item: (OrderLine | { lines: OrderLine[] }) & { paid?: boolean; user?: { sid: string; email: string; userId: string } },
) {
  const lines = 'lines' in item ? item.lines : [item];
  const user = item.user ?? (await signedInUser(t.app, mail));
  const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS });
  expect(address.statusCode).toBe(200);
  const addressId = address.json<{ data: { address: { _id: string } } }>().data.address._id;
  for (const line of lines) {
    const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
      sid: user.sid,
      body: { productId: line.productId, variantId: line.variantId, quantity: line.quantity ?? 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const opened = await jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
    sid: user.sid,
    body: { paymentMethod: 'online', products: lines.map((line) => ({ id: line.productId, variant: line.variantId })), address: addressId },
  });
  expect(opened.statusCode).toBe(200);
  const { orderId, orderNumber, razorpay } = opened.json<{
    data: { orderId: string; orderNumber: string; razorpay: { id: string; amount: number } };
  }>().data;
  if (item.paid) {
    const paid = await t.services.paymentProvider.emulator!.capturePayment(razorpay.id);
    const verified = await jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', {
      sid: user.sid,
      body: {
        razorpayOrderId: paid.razorpay_order_id,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
    });
    expect(verified.statusCode).toBe(200);
  }
  return { ...user, orderId, orderNumber, razorpayOrderId: razorpay.id, total: razorpay.amount };
}

/**
 * A credit note of `amountPaise` against a paid order's invoice, issued at `at` through the orders module's own
 * issuing (as a refund after the invoice is): every line shares the amount. Answers its number.
 */
export async function creditedOrder(db: Db, orderId: string, amountPaise: number, at: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const order = await orderOf(tx, { id: orderId });
    if (!order) throw new Error(`no order ${orderId}`);
    return issueOrderCreditNote(tx, order, { at, total: amountPaise, returning: 'all', reason: 'Refund after the invoice' });
  });
}
