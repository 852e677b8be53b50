import { formatOrderNumber, orderNumberMonth } from '@shop/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Order numbers: the month's running number, drawn by the statement that writes the order, its lines and its first
// event (placeOrder), the last of checkout's transaction (ADR 030).
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const month = () => orderNumberMonth(new Date());
const counter = async () =>
  (await selectRows<{ last: number }>(t.database.db, sql`select last from order_number_counters where year_month = ${month()}`))[0]?.last;

describe('order numbers', () => {
  it('run on within the month, and each order is written with its lines and its first event', async () => {
    const piece = await sellableProduct(t, { stock: 10, pricePaise: 1_00_000 });
    const other = await sellableProduct(t, { stock: 10, pricePaise: 50_000 });
    const first = await placedOrder(t, mail, { lines: [piece, { ...other, quantity: 2 }] });
    const second = await placedOrder(t, mail, { ...piece });
    const last = await counter();
    expect(first.orderNumber).toBe(formatOrderNumber(month(), last! - 1));
    expect(second.orderNumber).toBe(formatOrderNumber(month(), last!));

    const detail = await t.services.adminOrders.detail(first.orderId);
    expect(detail.orderNumber).toBe(first.orderNumber);
    expect(detail.items.map((item) => [item.variantId, item.quantity, item.finalPrice, item.lineTotal])).toEqual([
      [piece.variantId, 1, 1_00_000, 1_00_000],
      [other.variantId, 2, 50_000, 1_00_000],
    ]);
    expect(detail.events.map((event) => [event.status, event.actor, event.note])).toEqual([
      ['pending_payment', 'shopper', 'Order placed; waiting for payment.'],
    ]);
  });

  it('are written as @shop/core formats them, past a million in a month too', async () => {
    const piece = await sellableProduct(t, { stock: 10 });
    await placedOrder(t, mail, { ...piece });
    await t.database.db.execute(sql`update order_number_counters set last = 999998 where year_month = ${month()}`);
    const [sixDigits, sevenDigits] = [await placedOrder(t, mail, { ...piece }), await placedOrder(t, mail, { ...piece })];
    expect(sixDigits.orderNumber).toBe(formatOrderNumber(month(), 999_999));
    expect(sevenDigits.orderNumber).toBe(formatOrderNumber(month(), 1_000_000));
    expect(sevenDigits.orderNumber).toBe(`ORD-${month()}-1000000`);
  });

  it('are not drawn by a checkout refused for want of stock', async () => {
    const piece = await sellableProduct(t, { stock: 1 });
    // She puts the last piece in her cart; another shopper buys it before she pays.
    const shopper = await signedInUser(t.app, mail);
    const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: shopper.sid, body: HOME_ADDRESS });
    expect(address.statusCode, address.body).toBe(200);
    const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
      sid: shopper.sid,
      body: { productId: piece.productId, variantId: piece.variantId, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const rival = await placedOrder(t, mail, { ...piece });
    const before = await counter();
    expect(rival.orderNumber).toBe(formatOrderNumber(month(), before!));
    const refused = await jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
      sid: shopper.sid,
      body: {
        paymentMethod: 'online',
        products: [{ id: piece.productId, variant: piece.variantId }],
        address: address.json<{ data: { address: { _id: string } } }>().data.address._id,
      },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await counter()).toBe(before);
  });
});
