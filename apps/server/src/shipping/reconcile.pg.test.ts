import type { AdminOrderDetail } from '@shop/core';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capturingMailer } from '../test/accounts.js';
import { placedOrder } from '../test/order-fixture.js';
import { dataOf, useShippingTestApp } from '../test/shipping-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { orderShipments } from './tables.js';

// Issue 42 on a real PostgreSQL server with several connections: two instances running the tracking reconciliation
// at once poll each stale parcel once (each is claimed as it is picked), and apply its missed scans once.

const mail = capturingMailer();
const { t, who, as, detail } = useShippingTestApp({ mailer: mail.mailer });

describe('the tracking reconciliation on PostgreSQL', () => {
  it('two rounds at once poll each stale parcel once', async () => {
    const product = await sellableProduct(t, { pricePaise: 70_000, stock: 9 });
    const parcels: { orderId: string; awb: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const { orderId } = await placedOrder(t, mail, { ...product, paid: true });
      const booked = await as(who.staff)('POST', `/api/admin/order/ship/${orderId}`, {});
      expect(booked.statusCode, booked.body).toBe(200);
      const awb = dataOf<{ order: AdminOrderDetail }>(booked).order.shipment!.awb;
      await who.emulator.scan(awb, 'picked_up', { lost: true });
      parcels.push({ orderId, awb });
    }
    const ids = parcels.map((parcel) => parcel.orderId);
    await t.database.db
      .update(orderShipments)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(orderShipments.orderId, ids));
    const calls = who.emulator.calls.length;
    await Promise.all([t.services.shipping.reconcileTracking(), t.services.shipping.reconcileTracking()]);
    const polls = who.emulator.calls.slice(calls).filter((call) => call.startsWith('GET /courier/track/awb/'));
    for (const { awb } of parcels) expect(polls.filter((call) => call.endsWith(awb))).toHaveLength(1);
    for (const { orderId } of parcels) {
      const order = await detail(orderId);
      expect(order.status).toBe('shipped');
      expect(order.shipment!.scans).toHaveLength(1);
    }
  });
});
