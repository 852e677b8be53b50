import type { FastifyInstance } from 'fastify';
import { DEFAULT_COD_SETTINGS, type CodSettings } from '@shop/core';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { issueOrderCreditNote } from '../orders/credit-notes.js';
import { orderOf } from '../orders/queries.js';
import type { Services } from '../services.js';
import { jsonCall, signedInUser, type capturingMailer } from './accounts.js';
import { adminCall } from './admins.js';

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
  item: (OrderLine | { lines: OrderLine[] }) & {
    paid?: boolean;
    user?: { sid: string; email: string; userId: string };
    /** More fields of createpayment (a business buyer's `buyerGstin` and `buyerName`). */
    payment?: Record<string, unknown>;
    /** Another delivery address than HOME_ADDRESS (another state: an inter-state supply). */
    address?: typeof HOME_ADDRESS;
  },
) {
  const lines = 'lines' in item ? item.lines : [item];
  const user = item.user ?? (await signedInUser(t.app, mail));
  const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: item.address ?? HOME_ADDRESS });
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
    body: {
      paymentMethod: 'online',
      products: lines.map((line) => ({ id: line.productId, variant: line.variantId })),
      address: addressId,
      ...item.payment,
    },
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

/** The owner's cash-on-delivery setting as a test wants it (issue 41), saved through the owner's Settings call. */
export async function setCod(
  t: { app: FastifyInstance; services: Services },
  owner: { asid: string },
  cod: Partial<CodSettings> = {},
): Promise<CodSettings> {
  const settings = await t.services.settings.get();
  const wanted: CodSettings = { ...DEFAULT_COD_SETTINGS, enabled: true, ...cod };
  const saved = await adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', {
    asid: owner.asid,
    body: { ...settings, cod: wanted },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return wanted;
}

/**
 * A shopper's cash-on-delivery order (COD must be on: setCod): placed as the payment page places it, so it waits in
 * `awaiting_confirmation`; `confirmed: true` confirms it with the code from her mail, as the success page does.
 */
export async function codOrder(
  t: { app: FastifyInstance; services: Services },
  mail: ReturnType<typeof capturingMailer>,
  item: OrderLine & { confirmed?: boolean; user?: { sid: string; email: string; userId: string }; address?: typeof HOME_ADDRESS },
) {
  const user = item.user ?? (await signedInUser(t.app, mail));
  const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: item.address ?? HOME_ADDRESS });
  expect(address.statusCode, address.body).toBe(200);
  const addressId = address.json<{ data: { address: { _id: string } } }>().data.address._id;
  const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
    sid: user.sid,
    body: { productId: item.productId, variantId: item.variantId, quantity: item.quantity ?? 1 },
  });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
    sid: user.sid,
    body: { paymentMethod: 'cod', products: [{ id: item.productId, variant: item.variantId }], address: addressId },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const { orderId, orderNumber, amount } = placed.json<{ data: { orderId: string; orderNumber: string; amount: number } }>().data;
  // The code's mail leaves once the placing transaction has committed.
  await t.services.orderNotices.settled();
  const code = mail.lastCode(user.email);
  if (item.confirmed) {
    const confirmed = await jsonCall(t.app, 'POST', `/api/user/order/confirmCod/${orderId}`, { sid: user.sid, body: { otp: code } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return { ...user, addressId, orderId, orderNumber, total: amount, code };
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
