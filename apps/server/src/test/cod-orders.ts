import { orderNumberMonth, orderTotals, type Address } from '@shop/core';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { cartLineRows, deleteCartLine } from '../cart/queries.js';
import { isSellable, priceLine } from '../cart/service.js';
import * as inventory from '../inventory/service.js';
import { insertOrderEvent, placeOrder } from '../orders/queries.js';
import { orderItemOf } from '../orders/service.js';
import { orders } from '../orders/tables.js';
import { jsonCall, signedInUser, type capturingMailer } from './accounts.js';
import { adminCall } from './admins.js';
import type { TestContext } from './app.js';
import { HOME_ADDRESS } from './order-fixture.js';

// A cash-on-delivery order as the COD checkout leaves it once the shopper's code confirmed it (issue 41; that
// checkout is built on another branch): written to the database as the orders service writes an order (its pieces
// taken through the stock ledger, numbered, its lines out of the cart), paid by nobody yet, with the COD fee in its
// total. From there the tests move it with the back-office's own calls.

interface OrderLine {
  productId: string;
  variantId?: string;
  quantity?: number;
}

/** The COD fee these orders carry unless told otherwise: ₹49. */
export const TEST_COD_FEE = 4_900;

export async function confirmedCodOrder(
  t: Pick<TestContext, 'app' | 'database'>,
  mail: ReturnType<typeof capturingMailer>,
  item: (OrderLine | { lines: OrderLine[] }) & { codFeePaise?: number; user?: { sid: string; email: string; userId: string } },
) {
  const lines = 'lines' in item ? item.lines : [item];
  const fee = item.codFeePaise ?? TEST_COD_FEE;
  const user = item.user ?? (await signedInUser(t.app, mail));
  const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: HOME_ADDRESS });
  expect(address.statusCode).toBe(200);
  const saved = address.json<{ data: { address: Address } }>().data.address;
  for (const line of lines) {
    const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
      sid: user.sid,
      body: { productId: line.productId, variantId: line.variantId, quantity: line.quantity ?? 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const order = await t.database.db.transaction(async (tx) => {
    const rows = (await cartLineRows(tx, user.userId)).filter(isSellable);
    const totals = orderTotals(rows.map(priceLine));
    const at = new Date();
    const orderId = randomUUID();
    const taken = await inventory.take(
      tx,
      rows.map((row) => ({ productId: row.product_id, variantId: row.variant_id, quantity: row.quantity, name: row.product_name })),
      { reason: 'order_reserved', actor: inventory.stockActor.shopper(user.userId), orderId },
    );
    if (!taken.ok) throw new Error('not enough stock for the COD order');
    const { isDefault: _isDefault, ...snapshot } = saved;
    await placeOrder(
      tx,
      {
        id: orderId,
        yearMonth: orderNumberMonth(at),
        userId: user.userId,
        status: 'confirmed',
        address: snapshot,
        subtotalPaise: totals.subtotal,
        discountPaise: 0,
        discounts: [],
        couponCode: null,
        shippingPaise: totals.shipping,
        paymentMethod: 'cod',
        codFeePaise: fee,
        totalPaise: totals.total + fee,
        buyerGstin: null,
        buyerName: null,
        buyerState: null,
        reservedUntil: null,
        createdAt: at,
        updatedAt: at,
      },
      rows.map((row, position) => orderItemOf(row, totals.lines[position]!, position)),
      { status: 'awaiting_confirmation', actor: 'shopper', note: 'Order placed; cash on delivery. Waiting for your code.', createdAt: at },
    );
    await insertOrderEvent(tx, {
      orderId,
      status: 'confirmed',
      actor: 'shopper',
      note: 'Cash on delivery order confirmed.',
      createdAt: at,
    });
    for (const row of rows) await deleteCartLine(tx, user.userId, row.product_id, row.variant_id);
    const [cod] = await tx.update(orders).set({ confirmedAt: at }).where(eq(orders.id, orderId)).returning();
    return cod!;
  });
  return { ...user, orderId: order.id, orderNumber: order.orderNumber, total: order.totalPaise };
}

/** A confirmed COD order packed and shipped through the back-office's calls (by the admin signed in as `asid`). */
export async function shippedCodOrder(
  t: Pick<TestContext, 'app' | 'database'>,
  mail: ReturnType<typeof capturingMailer>,
  asid: string,
  item: Parameters<typeof confirmedCodOrder>[2],
) {
  const order = await confirmedCodOrder(t, mail, item);
  for (const body of [{ status: 'packed' }, { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL4100' }]) {
    const moved = await adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { asid, body });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return order;
}
