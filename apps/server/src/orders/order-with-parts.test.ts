import { describe, expect, it } from 'vitest';
import { paymentsAndRefundedOf, recordRefund, refundsOfOrder } from '../payments/queries.js';
import { payments } from '../payments/tables.js';
import { capturingMailer } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { eventsOfOrder, itemsOfOrder, orderOf, orderWithParts, replaceReturnItems, returnItemsOfOrder } from './queries.js';

// The order page reads an order with its parts in one statement, the parts as JSON (orderWithParts), and its
// payments with what was refunded in another (paymentsAndRefundedOf): each answers exactly what reading every table
// on its own does, dates, JSON and arrays included.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

describe('an order read with its parts', () => {
  it('answers what reading the order, its lines, its timeline and its return one by one answers', async () => {
    const one = await sellableProduct(t, { stock: 5, pricePaise: 1_20_000, discountPercent: 10 });
    const two = await sellableProduct(t, { stock: 5, pricePaise: 80_000, variants: false });
    const placed = await placedOrder(t, mail, { lines: [one, { ...two, quantity: 2 }], paid: true });
    const db = t.database.db;
    const items = await itemsOfOrder(db, placed.orderId);
    await replaceReturnItems(db, placed.orderId, [{ orderItemId: items[1]!.id, quantity: 1 }]);

    const read = await orderWithParts(db, placed.orderId);
    expect(read).toEqual({
      order: await orderOf(db, { id: placed.orderId }),
      items,
      events: await eventsOfOrder(db, placed.orderId),
      returnItems: await returnItemsOfOrder(db, placed.orderId),
    });
    expect(read!.order.paidAt).toBeInstanceOf(Date);
    expect(read!.order.address.pincode).toMatch(/^\d{6}$/);
    expect(read!.items.map((item) => item.quantity)).toEqual([1, 2]);
    expect(read!.events.map((event) => event.status)).toEqual(['pending_payment', 'paid']);
    expect(await orderWithParts(db, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it("answers the order's payments as stored, sums only the refunds Razorpay confirmed and lists the others", async () => {
    const piece = await sellableProduct(t, { stock: 5, pricePaise: 1_00_000 });
    const placed = await placedOrder(t, mail, { ...piece, paid: true });
    const db = t.database.db;
    const refund = (key: string, amountPaise: number, status: 'pending' | 'processed' | 'failed') =>
      recordRefund(db, { orderId: placed.orderId, razorpayPaymentId: 'pay_parts', idempotencyKey: key, amountPaise, status, reason: '' });
    await refund('parts-processed-1', 30_000, 'processed');
    await refund('parts-processed-2', 20_000, 'processed');
    await refund('parts-pending', 40_000, 'pending');
    await refund('parts-failed', 10_000, 'failed');

    const read = await paymentsAndRefundedOf(db, placed.orderId);
    const paymentRows = await db.select().from(payments);
    expect(read.payments).toEqual(paymentRows.filter((payment) => payment.orderId === placed.orderId));
    expect(read.payments.map((payment) => payment.status)).toEqual(['captured']);
    expect(read.payments[0]!.paidAt).toBeInstanceOf(Date);
    expect(read.refundedPaise).toBe(50_000);
    const stored = await refundsOfOrder(db, placed.orderId);
    expect(stored.length).toBe(4);
    // The refunds not confirmed yet come back as stored, dates included.
    expect(read.unconfirmedRefunds).toEqual(stored.filter((row) => row.status !== 'processed'));
    expect(read.unconfirmedRefunds[0]!.nextAttemptAt).toBeInstanceOf(Date);
    expect(await paymentsAndRefundedOf(db, '00000000-0000-4000-8000-000000000000')).toEqual({
      payments: [],
      refundedPaise: 0,
      unconfirmedRefunds: [],
    });
  });
});
