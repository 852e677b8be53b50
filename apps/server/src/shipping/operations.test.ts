import type { AdminOrderDetail, OrderDetail } from '@shop/core';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHIPROCKET_EMULATOR } from '../config.js';
import type { ShiprocketEmulator } from '../dev/shiprocket-emulator/emulator.js';
import { createMetrics } from '../metrics/metrics.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import type { SignedInAdminForTest } from '../test/admins.js';
import { shippedCodOrder } from '../test/cod-orders.js';
import { placedOrder } from '../test/order-fixture.js';
import { dataOf, errorOf, useShippingTestApp } from '../test/shipping-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';
import { stockMovements } from '../inventory/tables.js';
import { PICKED_UP_CANNOT_CANCEL } from './cancel.js';
import { orderShipments } from './tables.js';

// Issue 42, the parcel's later life against the Shiprocket emulator: cancelling at the provider (refused once the
// courier has it, nothing recorded when Shiprocket is down), return to origin from the courier's scans, the
// reconciliation job that polls courier/track/awb for scans the webhook never brought, and their metrics.

const mail = capturingMailer();
const metrics = createMetrics({ defaultMetrics: false });
const { t, who: signedIn, as, detail } = useShippingTestApp({ mailer: mail.mailer, metrics });
let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
let emulator: ShiprocketEmulator;
beforeAll(() => {
  ({ owner, staff, emulator } = signedIn);
});
const providerOrder = (orderNumber: string) => emulator.shipments().find((shipment) => shipment.channelOrderId === orderNumber)!;

/** A paid order booked with the courier (packed, AWB, pickup scheduled). */
async function bookedOrder(stock = 5, quantity = 1) {
  const product = await sellableProduct(t, { pricePaise: 120_000, stock });
  const order = await placedOrder(t, mail, { ...product, quantity, paid: true });
  const shipped = await as(staff)('POST', `/api/admin/order/ship/${order.orderId}`, {});
  expect(shipped.statusCode, shipped.body).toBe(200);
  return { product, ...order, awb: dataOf<{ order: AdminOrderDetail }>(shipped).order.shipment!.awb };
}

const ownerCancel = (orderId: string) => as(owner)('POST', `/api/admin/order/cancelOrder/${orderId}`, { reason: 'Customer called' });
const shopperCancel = (orderId: string, sid: string) =>
  jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${orderId}`, { sid, body: { reason: 'Changed my mind' } });

describe('cancelling an order whose parcel is booked', () => {
  it('cancels the provider order first (orders/cancel with its Shiprocket id), then the order: the owner’s cancel', async () => {
    const { orderId, orderNumber, product } = await bookedOrder(5, 2);
    const calls = emulator.calls.length;
    const answer = await ownerCancel(orderId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(emulator.calls.slice(calls)).toContain('POST /orders/cancel');
    expect(providerOrder(orderNumber).cancelled).toBe(true);
    expect((await detail(orderId)).status).toMatch(/^(cancelled|refunded)$/);
    expect(await stockOf(t.database.db, product)).toBe(5);
    // Never polled again: its cancellation is recorded on the parcel.
    const [parcel] = await t.database.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    expect(parcel!.cancelledAt).toBeInstanceOf(Date);
  });

  it('the shopper’s cancel does the same', async () => {
    const { orderId, orderNumber, sid } = await bookedOrder();
    const answer = await shopperCancel(orderId, sid);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(providerOrder(orderNumber).cancelled).toBe(true);
    expect(dataOf<{ order: OrderDetail }>(answer).order.status).toMatch(/^(cancelled|refunded)$/);
  });

  it('is refused with 409 in words once the courier has picked the parcel up, even when the pickup webhook was lost', async () => {
    const { orderId, orderNumber, awb, sid, product } = await bookedOrder();
    // Shiprocket knows of the pickup; the shop does not (the webhook never came): Shiprocket refuses the cancel.
    expect(await emulator.scan(awb, 'picked_up', { lost: true })).toBe(0);
    const refused = await ownerCancel(orderId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toContain(PICKED_UP_CANNOT_CANCEL);
    expect(providerOrder(orderNumber).cancelled).toBeFalsy();
    expect((await detail(orderId)).status).toBe('packed');
    expect(await stockOf(t.database.db, product)).toBe(4);
    // Once the shop has the scan (the order shipped), the shop refuses before asking.
    expect(await emulator.scan(awb, 'in_transit')).toBe(200);
    const calls = emulator.calls.length;
    const again = await shopperCancel(orderId, sid);
    expect(again.statusCode).toBe(409);
    expect(emulator.calls.slice(calls)).not.toContain('POST /orders/cancel');
  });

  it('refuses a packed order whose pickup scan the shop has, before asking Shiprocket', async () => {
    const { orderId, awb } = await bookedOrder();
    await emulator.scan(awb, 'picked_up', { lost: true });
    // The scan's record, as if the order had not moved yet (the webhook applied the scan but not the move).
    await t.database.db.execute(sql`update order_shipments set last_status_id = 42 where order_id = ${orderId}`);
    const calls = emulator.calls.length;
    const refused = await ownerCancel(orderId);
    expect([refused.statusCode, errorOf(refused)]).toEqual([409, PICKED_UP_CANNOT_CANCEL]);
    expect(emulator.calls.slice(calls)).toEqual([]);
  });

  it('fails cleanly when Shiprocket is down: 503 in words, the order still packed, stock and refunds untouched', async () => {
    const { orderId, orderNumber, product } = await bookedOrder();
    emulator.setFault('down');
    const answer = await ownerCancel(orderId);
    expect(answer.statusCode).toBe(503);
    expect(errorOf(answer)).toBe(
      'The order is not cancelled: Shiprocket is not working right now. Nothing changed; try again in a few minutes.',
    );
    const order = await detail(orderId);
    expect(order).toMatchObject({ status: 'packed', refunds: [] });
    expect(order.events.at(-1)!.status).toBe('packed');
    expect(await stockOf(t.database.db, product)).toBe(4);
    expect(providerOrder(orderNumber).cancelled).toBeFalsy();
    // Back up: the same cancel goes through, once.
    emulator.setFault(null);
    expect((await ownerCancel(orderId)).statusCode).toBe(200);
    expect(providerOrder(orderNumber).cancelled).toBe(true);
    expect(await stockOf(t.database.db, product)).toBe(5);
  });

  it('asks nothing of Shiprocket for an order with no parcel', async () => {
    const product = await sellableProduct(t, { pricePaise: 90_000, stock: 2 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    const calls = emulator.calls.length;
    expect((await ownerCancel(order.orderId)).statusCode).toBe(200);
    expect(emulator.calls.slice(calls)).toEqual([]);
  });
});

describe('return to origin from the courier’s scans', () => {
  it('RTO delivered moves a prepaid order to returned_to_origin: stock back once with its own reason, no refund yet', async () => {
    const { orderId, awb, product, sid, orderNumber } = await bookedOrder(5, 2);
    expect(await stockOf(t.database.db, product)).toBe(3);
    await emulator.scan(awb, 'picked_up');
    await emulator.scan(awb, 'undelivered');
    expect(await emulator.scan(awb, 'rto_initiated')).toBe(200);
    // Still with the courier: nothing back yet.
    expect((await detail(orderId)).status).toBe('shipped');
    expect(await stockOf(t.database.db, product)).toBe(3);
    expect(await emulator.scan(awb, 'rto_delivered')).toBe(200);
    const order = await detail(orderId);
    expect(order.status).toBe('returned_to_origin');
    expect(order.refunds).toEqual([]);
    expect(order.events.at(-1)).toMatchObject({ status: 'returned_to_origin', actor: 'system' });
    expect(await stockOf(t.database.db, product)).toBe(5);
    const ledger = await t.database.db
      .select({ reason: stockMovements.reason, change: stockMovements.change })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, 'returned_to_origin')));
    expect(ledger).toEqual([{ reason: 'returned_to_origin', change: 2 }]);
    // The invoice credited, as orders.returnToOrigin does.
    const notes = await as(owner)('GET', `/api/admin/order/getCreditNote/${orderId}`);
    expect(JSON.stringify(notes.json())).toContain('Returned to origin');
    // Repeated, and late, scans change nothing.
    const repeat = emulator.webhookBody(awb, 'rto_delivered');
    const post = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shipping/tracking',
        headers: { 'content-type': 'application/json', 'x-api-key': SHIPROCKET_EMULATOR.webhookToken },
        payload: JSON.stringify(body),
      });
    expect((await post(repeat)).statusCode).toBe(200);
    expect((await post(emulator.webhookBody(awb, 'rto_initiated'))).statusCode).toBe(200);
    expect((await post(emulator.webhookBody(awb, 'in_transit'))).statusCode).toBe(200);
    expect((await detail(orderId)).status).toBe('returned_to_origin');
    expect(await stockOf(t.database.db, product)).toBe(5);
    const shopper = dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${orderId}`, { sid })).order;
    expect(shopper.status).toBe('returned_to_origin');
    expect(orderNumber).toMatch(/^ORD-/);
  });

  it('a COD parcel back at origin owes nothing: no refund, the shopper told nothing is due', async () => {
    const product = await sellableProduct(t, { pricePaise: 80_000, stock: 4 });
    const order = await shippedCodOrder(t, mail, staff.asid, { ...product, quantity: 1 });
    // A COD parcel booked with the courier (the booking itself is for paid orders today): its row as booking writes it.
    const awb = `RTO${Date.now()}`;
    await t.database.db.execute(sql`insert into order_shipments (order_id, provider_order_id, shipment_id, awb, courier_name,
      label_url, tracking_url, payment_method, collect_paise)
      values (${order.orderId}, 1, 1, ${awb}, 'Delhivery Surface', 'http://x/l.pdf', 'http://x/t', 'COD', ${order.total})`);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': 'application/json', 'x-api-key': SHIPROCKET_EMULATOR.webhookToken },
      payload: JSON.stringify({
        awb,
        current_status: 'RTO DELIVERED',
        shipment_status_id: 10,
        current_timestamp: '2026-11-29 10:00:00',
        scans: [
          {
            date: '2026-11-29 10:00:00',
            activity: 'Returned to origin',
            location: 'Hub',
            'sr-status': '10',
            'sr-status-label': 'RTO DELIVERED',
          },
        ],
      }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const back = await detail(order.orderId);
    expect(back).toMatchObject({ status: 'returned_to_origin', refunds: [], suggestedRefund: null });
    expect(back.events.at(-1)!.note).toBe(
      'Your parcel came back to us: it was refused at the door or could not be delivered. Nothing is due, and the order is closed.',
    );
    expect(await stockOf(t.database.db, product)).toBe(4);
  });
});

describe('the tracking reconciliation job', () => {
  const dayAgo = sql`now() - interval '25 hours'`;

  it('polls a parcel with no scan for a day and applies the scans the webhook never brought, once', async () => {
    const { orderId, awb } = await bookedOrder();
    await emulator.scan(awb, 'picked_up', { lost: true });
    await emulator.scan(awb, 'in_transit', { lost: true });
    await t.database.db.execute(sql`update order_shipments set created_at = ${dayAgo} where order_id = ${orderId}`);
    expect((await detail(orderId)).status).toBe('packed');

    const tally = await t.services.shipping.reconcileTracking();
    expect(tally).toMatchObject({ applied: expect.any(Number) as unknown, failed: 0 });
    expect(tally.polled).toBeGreaterThanOrEqual(1);
    const order = await detail(orderId);
    expect(order.status).toBe('shipped');
    expect(order.shipment!.scans.map((scan) => scan.label)).toEqual(['IN TRANSIT', 'PICKED UP']);

    // Polled once a day: a second round right away asks nothing about it.
    const calls = emulator.calls.length;
    await t.services.shipping.reconcileTracking();
    expect(emulator.calls.slice(calls)).not.toContain(`GET /courier/track/awb/${awb}`);

    // A day later, the same scans again (and the webhook's own copy) change nothing; a missed delivery is applied.
    await emulator.scan(awb, 'delivered', { lost: true });
    await t.database.db.execute(
      sql`update order_shipments set last_scan_at = ${dayAgo}, polled_at = ${dayAgo} where order_id = ${orderId}`,
    );
    await t.services.shipping.reconcileTracking();
    const delivered = await detail(orderId);
    expect(delivered.status).toBe('delivered');
    expect(delivered.shipment!.scans.map((scan) => scan.label)).toEqual(['DELIVERED', 'IN TRANSIT', 'PICKED UP']);
    expect(delivered.events.filter((event) => event.status === 'shipped')).toHaveLength(1);
  });

  it('leaves a parcel alone whose provider is down, and polls it again the next day', async () => {
    const { orderId, awb } = await bookedOrder();
    await emulator.scan(awb, 'picked_up', { lost: true });
    await t.database.db.execute(sql`update order_shipments set created_at = ${dayAgo} where order_id = ${orderId}`);
    emulator.setFault('down');
    const tally = await t.services.shipping.reconcileTracking();
    expect(tally.failed).toBeGreaterThanOrEqual(1);
    expect((await detail(orderId)).status).toBe('packed');
    emulator.setFault(null);
    await t.database.db.execute(sql`update order_shipments set polled_at = ${dayAgo} where order_id = ${orderId}`);
    await t.services.shipping.reconcileTracking();
    expect((await detail(orderId)).status).toBe('shipped');
  });

  it('does not poll a cancelled parcel', async () => {
    const { orderId, awb } = await bookedOrder();
    expect((await ownerCancel(orderId)).statusCode).toBe(200);
    await t.database.db.execute(sql`update order_shipments set created_at = ${dayAgo} where order_id = ${orderId}`);
    const calls = emulator.calls.length;
    await t.services.shipping.reconcileTracking();
    expect(emulator.calls.slice(calls)).not.toContain(`GET /courier/track/awb/${awb}`);
  });
});

describe('shipping metrics', () => {
  it('count bookings by result, booking failures by reason, webhook scans by status and reconciliation polls', async () => {
    const product = await sellableProduct(t, { pricePaise: 60_000, stock: 3 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    emulator.setFault('down');
    expect((await as(staff)('POST', `/api/admin/order/ship/${order.orderId}`, {})).statusCode).toBe(503);
    emulator.setFault(null);
    // A booking, a webhook scan, and a scan only the reconciliation's poll finds.
    const { orderId, awb } = await bookedOrder();
    expect(await emulator.scan(awb, 'picked_up')).toBe(200);
    await emulator.scan(awb, 'rto_delivered', { lost: true });
    await t.database.db.execute(sql`update order_shipments set last_scan_at = now() - interval '25 hours' where order_id = ${orderId}`);
    await t.services.shipping.reconcileTracking();
    expect((await detail(orderId)).status).toBe('returned_to_origin');
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/shop_shipment_bookings_total\{outcome="booked"\} [1-9]/);
    expect(text).toMatch(/shop_shipment_bookings_total\{outcome="failed"\} [1-9]/);
    expect(text).toMatch(/shop_shipment_booking_failures_total\{reason="http_500"\} [1-9]/);
    expect(text).toMatch(/shop_tracking_scans_total\{status="PICKED UP"\} [1-9]/);
    expect(text).toMatch(/shop_tracking_scans_total\{status="RTO DELIVERED"\} [1-9]/);
    expect(text).toMatch(/shop_tracking_polls_total\{outcome="applied"\} [1-9]/);
  });
});
