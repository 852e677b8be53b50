import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pieceName, type AdminOrderDetail, type OrderDetail } from '@shop/core';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { stockMovements } from '../inventory/tables.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, approvedAndReceived, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';
import { orders } from './tables.js';

// Returns per item and quantity (issue 28): the lines a return names, their stock back and their share refunded.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

const as = (who: SignedInAdminForTest) => (method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });

/** A delivered order of the given lines (one shopper, one payment), and its details as she sees them. */
async function deliveredOrder(lines: Array<{ pricePaise: number; quantity: number }>) {
  const products = [];
  for (const line of lines) products.push(await sellableProduct(t, { pricePaise: line.pricePaise, stock: 5 }));
  const placed = await placedOrder(t, mail, {
    lines: products.map((product, index) => ({ ...product, quantity: lines[index]!.quantity })),
    paid: true,
  });
  const { orderId } = placed;
  for (const body of [{ status: 'packed' }, { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL77' }, { status: 'delivered' }]) {
    expect((await as(staff)('POST', `/api/admin/order/updateOrderStatus/${orderId}`, body)).statusCode).toBe(200);
  }
  const view = async () =>
    dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${orderId}`, { sid: placed.sid })).order;
  return { ...placed, products, view, order: await view() };
}

const askReturn = (order: { sid: string; orderId: string }, body: object) =>
  jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, { sid: order.sid, body });

async function receiveAndRefund(orderId: string) {
  const received = await approvedAndReceived(t.app, staff.asid, orderId);
  expect(received.statusCode, received.body).toBe(200);
  const refund = await as(owner)('POST', `/api/admin/order/refundOrder/${orderId}`);
  expect(refund.statusCode, refund.body).toBe(200);
  return dataOf<{ order: AdminOrderDetail }>(refund).order;
}

describe('returns per item and quantity', () => {
  it('refuses an unknown item, too many pieces, none, a bad quantity and an unknown reason, with the field named', async () => {
    const order = await deliveredOrder([{ pricePaise: 30_000, quantity: 2 }]);
    const line = order.order.items[0]!;
    const refused = async (body: object) => {
      const response = await askReturn(order, body);
      return [response.statusCode, errorOf(response)];
    };
    expect(await refused({ reason: 'damaged', items: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] })).toEqual([
      400,
      'items: That item is not in this order.',
    ]);
    expect(await refused({ reason: 'damaged', items: [{ itemId: line.itemId, quantity: 3 }] })).toEqual([
      400,
      `items: You bought 2 of ${line.productName}; you cannot return 3.`,
    ]);
    expect(
      await refused({
        reason: 'damaged',
        items: [
          { itemId: line.itemId, quantity: 2 },
          { itemId: line._id, quantity: 1 },
        ],
      }),
    ).toEqual([400, `items: You bought 2 of ${line.productName}; you cannot return 3.`]);
    expect(await refused({ reason: 'damaged', items: [] })).toEqual([400, 'items: Choose at least one item to return.']);
    expect(await refused({ reason: 'damaged', items: [{ itemId: line.itemId, quantity: 0 }] })).toEqual([
      400,
      'items.0.quantity: Choose at least 1 piece.',
    ]);
    expect(await refused({ reason: 'changed my mind', items: [{ itemId: line.itemId, quantity: 1 }] })).toEqual([
      400,
      'reason: Please choose why you are returning the items.',
    ]);
    expect((await order.view()).status).toBe('delivered');
  });

  it('sends back only the pieces named: their stock returns and their share of what was paid is refunded, once', async () => {
    // ₹300 × 3 + ₹50 × 1 = ₹950, so ₹50 shipping: ₹1,000 paid.
    const order = await deliveredOrder([
      { pricePaise: 30_000, quantity: 3 },
      { pricePaise: 5_000, quantity: 1 },
    ]);
    expect(order.order.total).toBe(100_000);
    const [kurta, dupatta] = order.products;
    const kurtaLine = order.order.items[0]!;
    const photo = `/media/return-${order.orderId}/0a1b2c3d4e5f60718293-640.webp`;
    const asked = await askReturn(order, {
      reason: 'defective',
      note: 'Seam open',
      items: [{ itemId: kurtaLine.itemId, quantity: 2 }],
      photos: [photo],
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(dataOf<{ order: OrderDetail }>(asked).order).toMatchObject({
      status: 'return_requested',
      returnReason: 'defective',
      returnItems: [{ itemId: kurtaLine.itemId, quantity: 2, reason: 'defective' }],
    });
    const admin = dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${order.orderId}`)).order;
    expect(admin.returnItems).toEqual([{ itemId: kurtaLine.itemId, quantity: 2, reason: 'defective' }]);
    // The back-office sees what she sent with it.
    expect(admin).toMatchObject({ returnNote: 'Seam open', returnPhotos: [photo] });

    expect([await stockOf(t.database.db, kurta!), await stockOf(t.database.db, dupatta!)]).toEqual([2, 4]);
    const refunded = await receiveAndRefund(order.orderId);
    expect([await stockOf(t.database.db, kurta!), await stockOf(t.database.db, dupatta!)]).toEqual([4, 4]);
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 60_000 });
    expect(refunded.refunds).toEqual([expect.objectContaining({ amount: 60_000, status: 'processed' })]);

    // Repeats change nothing: no second refund, no more stock.
    expect((await as(staff)('POST', `/api/admin/order/approveReturn/${order.orderId}`)).statusCode).toBe(409);
    expect((await as(owner)('POST', `/api/admin/order/refundOrder/${order.orderId}`)).statusCode).toBe(200);
    const after = dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${order.orderId}`)).order;
    expect(after.refunds).toHaveLength(1);
    expect(await stockOf(t.database.db, kurta!)).toBe(4);
    const payment = (await t.services.paymentProvider.client.fetchPayment(after.payment!.razorpay_id!)).amount_refunded;
    expect(payment).toBe(60_000);
  });

  it('regression: a partial refund’s notification and mail state the refund (₹600.00), not the order total (₹1,000.00)', async () => {
    const order = await deliveredOrder([
      { pricePaise: 30_000, quantity: 3 },
      { pricePaise: 5_000, quantity: 1 },
    ]);
    const kurtaLine = order.order.items[0]!;
    expect((await askReturn(order, { reason: 'damaged', items: [{ itemId: kurtaLine.itemId, quantity: 2 }] })).statusCode).toBe(200);
    const refunded = await receiveAndRefund(order.orderId);
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 60_000 });

    const subject = `Refund for ${order.orderNumber} processed`;
    const notifications = dataOf<{ notifications: Array<{ title: string; body: string }> }>(
      await jsonCall(t.app, 'GET', '/api/user/profile/getMyNotifications', { sid: order.sid }),
    ).notifications.filter((notification) => notification.title === subject);
    expect(notifications.map((notification) => notification.body)).toEqual([expect.stringMatching(/^₹600\.00 has been refunded: /)]);
    await t.services.orderNotices.settled();
    const mails = mail.sent.filter((item) => item.to === order.email && item.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('₹600.00 has been refunded');
    expect(mails[0]!.text).not.toContain('₹1,000.00');
    // The timeline says which refund it was, too.
    expect((await order.view()).timeline.at(-1)).toMatchObject({ status: 'refunded', note: 'Refund of ₹600.00 processed by Razorpay.' });
  });

  it('refunds exactly what was paid, shipping included, when every piece comes back (items named or omitted)', async () => {
    for (const named of [true, false]) {
      const order = await deliveredOrder([{ pricePaise: 40_000, quantity: 2 }]);
      expect(order.order.total).toBe(85_000);
      const line = order.order.items[0]!;
      const body = named
        ? {
            reason: 'wrong',
            items: [
              { itemId: line._id, quantity: 1 },
              { itemId: line.itemId, quantity: 1 },
            ],
          }
        : { reason: 'damaged' };
      const asked = await askReturn(order, body);
      expect(asked.statusCode, asked.body).toBe(200);
      expect(dataOf<{ order: OrderDetail }>(asked).order.returnItems).toEqual([
        { itemId: line.itemId, quantity: 2, reason: named ? 'wrong' : 'damaged' },
      ]);
      const refunded = await receiveAndRefund(order.orderId);
      expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 85_000 });
      expect(await stockOf(t.database.db, order.products[0]!)).toBe(5);
    }
  });

  it('keeps the photo files of a return it records, and no file of one it refuses or already has', async () => {
    const order = await deliveredOrder([{ pricePaise: 30_000, quantity: 1 }]);
    const line = order.order.items[0]!;
    const photo = (background: string) =>
      sharp({ create: { width: 60, height: 80, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const folder = path.join(t.mediaDir, `return-${order.orderId}`);
    const filesOfReturn = () => (existsSync(folder) ? readdirSync(folder).sort() : []);
    const ask = (items: Array<{ itemId: string; quantity: number }>, colour: string) =>
      photo(colour).then((bytes) =>
        t.services.orders.requestReturn(order.userId, order.orderId, { reason: 'damaged', note: '', photos: [], items }, [bytes]),
      );

    await expect(ask([{ itemId: line.itemId, quantity: 2 }], '#aa3355')).rejects.toThrow('you cannot return 2');
    expect(filesOfReturn()).toEqual([]);

    const recorded = await ask([{ itemId: line.itemId, quantity: 1 }], '#3355aa');
    expect(recorded.returnPhotos).toHaveLength(1);
    const kept = filesOfReturn();
    expect(kept.length).toBeGreaterThan(0);

    // A repeat (a second tap) answers the request already made, with its photo; the repeat's file goes.
    const again = await ask([{ itemId: line.itemId, quantity: 1 }], '#55aa33');
    expect(again.returnPhotos).toEqual(recorded.returnPhotos);
    expect(filesOfReturn()).toEqual(kept);
  });

  it('regression: a second return request for another item joins the open return instead of being answered 200 and dropped; no piece counts twice', async () => {
    // ₹300 × 3 + ₹50 × 1 = ₹950, so ₹50 shipping: ₹1,000 paid.
    const order = await deliveredOrder([
      { pricePaise: 30_000, quantity: 3 },
      { pricePaise: 5_000, quantity: 1 },
    ]);
    const [kurta, dupatta] = order.products;
    const [kurtaLine, dupattaLine] = order.order.items;
    const returning = async (body: object) => {
      const response = await askReturn(order, body);
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<{ order: OrderDetail }>(response).order;
    };

    const first = await returning({ reason: 'damaged', note: 'Torn sleeve', items: [{ itemId: kurtaLine!.itemId, quantity: 1 }] });
    expect(first).toMatchObject({ status: 'return_requested', canReturn: true });
    const second = await returning({ reason: 'wrong', note: 'Blue, not green', items: [{ itemId: dupattaLine!.itemId, quantity: 1 }] });
    expect(second.returnItems).toEqual(
      expect.arrayContaining([
        { itemId: kurtaLine!.itemId, quantity: 1, reason: 'damaged' },
        { itemId: dupattaLine!.itemId, quantity: 1, reason: 'wrong' },
      ]),
    );
    expect(second.returnItems).toHaveLength(2);
    // The first request's reason stays the order's; each addition is on the timeline in words.
    expect(second.returnReason).toBe('damaged');
    expect(second.timeline.filter((event) => event.status === 'return_requested').map((event) => event.note)).toEqual([
      `Return requested: 1 × ${pieceName(kurtaLine!)}: Damaged (Torn sleeve)`,
      `Added to the return: 1 × ${pieceName(dupattaLine!)}: Wrong item (Blue, not green)`,
    ]);

    // A repeat, or a line named with fewer pieces than the return holds, changes nothing: a count is the line's in all.
    const repeated = await returning({ reason: 'damaged', items: [{ itemId: kurtaLine!.itemId, quantity: 1 }] });
    expect(repeated.returnItems).toEqual(second.returnItems);
    expect(repeated.timeline).toHaveLength(second.timeline.length);
    const raised = await returning({ reason: 'defective', items: [{ itemId: kurtaLine!.itemId, quantity: 2 }] });
    expect(raised.returnItems).toEqual(
      expect.arrayContaining([
        { itemId: kurtaLine!.itemId, quantity: 2, reason: 'damaged' },
        { itemId: dupattaLine!.itemId, quantity: 1, reason: 'wrong' },
      ]),
    );
    expect(raised.timeline.at(-1)?.note).toBe(`Added to the return: 1 × ${pieceName(kurtaLine!)}: Defective`);
    const lowered = await returning({ reason: 'damaged', items: [{ itemId: kurtaLine!.itemId, quantity: 1 }] });
    expect(lowered.returnItems).toEqual(raised.returnItems);
    // More pieces than she bought are refused, counting those already in the return.
    const tooMany = await askReturn(order, { reason: 'damaged', items: [{ itemId: kurtaLine!.itemId, quantity: 4 }] });
    expect([tooMany.statusCode, errorOf(tooMany)]).toEqual([400, `items: You bought 3 of ${kurtaLine!.productName}; you cannot return 4.`]);

    // The window closed: joining is refused in words, and nothing changes.
    const deliveredAt = new Date(order.order.deliveredAt!);
    await t.database.db
      .update(orders)
      .set({ deliveredAt: new Date(deliveredAt.getTime() - 49 * 60 * 60 * 1000) })
      .where(eq(orders.id, order.orderId));
    const late = await askReturn(order, { reason: 'damaged', items: [{ itemId: kurtaLine!.itemId, quantity: 3 }] });
    expect([late.statusCode, errorOf(late)]).toEqual([409, 'Returns must be requested within 48 hours of delivery.']);
    expect((await order.view()).canReturn).toBe(false);
    await t.database.db.update(orders).set({ deliveredAt }).where(eq(orders.id, order.orderId));

    // Received: two kurtas and the dupatta back on the shelf, and their share refunded (₹600 + ₹50), once.
    expect([await stockOf(t.database.db, kurta!), await stockOf(t.database.db, dupatta!)]).toEqual([2, 4]);
    const refunded = await receiveAndRefund(order.orderId);
    expect([await stockOf(t.database.db, kurta!), await stockOf(t.database.db, dupatta!)]).toEqual([4, 5]);
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 65_000 });
  });

  it('regression: return photo links can be only photos this shop stored for that return, never any URL', async () => {
    const order = await deliveredOrder([
      { pricePaise: 30_000, quantity: 1 },
      { pricePaise: 5_000, quantity: 1 },
    ]);
    const [first, second] = order.order.items;
    const other = await deliveredOrder([{ pricePaise: 30_000, quantity: 1 }]);
    const message = 'Only photos you upload with this return can be attached.';
    for (const photo of [
      'https://evil.example/parcel.jpg',
      'javascript:alert(1)',
      '/media/products/0a1b2c3d4e5f60718293-640.webp',
      `/media/return-${other.orderId}/0a1b2c3d4e5f60718293-640.webp`,
      `https://evil.example/media/return-${order.orderId}/0a1b2c3d4e5f60718293-640.webp`,
    ]) {
      const refused = await askReturn(order, { reason: 'damaged', items: [{ itemId: first!.itemId, quantity: 1 }], photos: [photo] });
      expect([refused.statusCode, errorOf(refused)], photo).toEqual([400, `photos: ${message}`]);
      expect(refused.json<ErrorEnvelope>().fields).toEqual({ photos: message });
    }
    expect((await order.view()).status).toBe('delivered');

    // A photo uploaded with the return (the order page's form) is the shop's own: a later request may name it again.
    const bytes = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#aa3355' } })
      .jpeg()
      .toBuffer();
    await t.services.orders.requestReturn(
      order.userId,
      order.orderId,
      { reason: 'damaged', note: '', photos: [], items: [{ itemId: first!.itemId, quantity: 1 }] },
      [bytes],
    );
    const detail = async () =>
      dataOf<{ order: AdminOrderDetail }>(await as(staff)('GET', `/api/admin/order/getOrderDetails/${order.orderId}`)).order;
    const [stored] = (await detail()).returnPhotos;
    expect(stored).toMatch(new RegExp(`^/media/return-${order.orderId}/[a-f0-9]+-640\\.webp$`));
    const joined = await askReturn(order, { reason: 'missing', items: [{ itemId: second!.itemId, quantity: 1 }], photos: [stored] });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await detail()).returnPhotos).toEqual([stored]);

    // A link recorded before this check is not shown to the back-office as a link.
    await t.database.db
      .update(orders)
      .set({ returnPhotos: ['https://evil.example/parcel.jpg', stored!] })
      .where(eq(orders.id, order.orderId));
    expect((await detail()).returnPhotos).toEqual([stored]);
  });

  it('regression: an online return restocks its pieces under its own ledger reason, not order_released', async () => {
    const order = await deliveredOrder([{ pricePaise: 30_000, quantity: 2 }]);
    const line = order.order.items[0]!;
    expect((await askReturn(order, { reason: 'defective', items: [{ itemId: line.itemId, quantity: 1 }] })).statusCode).toBe(200);
    await receiveAndRefund(order.orderId);
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.orderId, order.orderId))
      .orderBy(asc(stockMovements.id));
    expect(ledger.map((row) => [row.reason, row.change, row.actor])).toEqual([
      ['order_reserved', -2, `shopper:${order.userId}`],
      ['return_restocked', 1, `admin:${staff.admin._id}`],
    ]);
  });

  it("tells the refund's time by the way she paid, from the one table (regression: banks take 2–5 business days)", async () => {
    const order = await deliveredOrder([{ pricePaise: 30_000, quantity: 1 }]);
    expect((await askReturn(order, { reason: 'damaged' })).statusCode).toBe(200);
    await receiveAndRefund(order.orderId);
    await t.services.orderNotices.settled();
    const told = mail.sent.filter((item) => item.to === order.email && /^Refund for /.test(item.subject));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('goes back to your UPI account, typically within 2–7 working days.');
  });
});
