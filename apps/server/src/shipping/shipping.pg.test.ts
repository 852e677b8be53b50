import type { AdminOrderDetail } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHIPROCKET_API, SHIPROCKET_EMULATOR } from '../config.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 42 on a real PostgreSQL server with several connections: Shiprocket has no idempotency key, so two Ship
// presses at once (two owners, a double tap) must book one parcel: the first claims the order, the other is told.

const mail = capturingMailer();
const t = useTestApp({
  services: {
    mailer: mail.mailer,
    razorpay: { deliverWebhook: async () => ({ status: 200 }) },
    shipping: { provider: 'shiprocket', ...SHIPROCKET_EMULATOR, apiBase: SHIPROCKET_API, emulated: true },
  },
});

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

describe('booking a parcel on PostgreSQL', () => {
  it('books one parcel for two presses at once: one answers the packed order, the other 409 or the same order', async () => {
    const product = await sellableProduct(t, { pricePaise: 120_000, stock: 5 });
    const { orderId, orderNumber } = await placedOrder(t, mail, { ...product, paid: true });
    const answers = await Promise.all(
      [owner, staff].map((who) => adminCall(t.app, 'POST', `/api/admin/order/ship/${orderId}`, { asid: who.asid, body: {} })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const emulator = t.services.shippingProvider!.emulator!;
    expect(emulator.shipments().filter((shipment) => shipment.channelOrderId === orderNumber)).toHaveLength(1);
    const ok = answers.find((answer) => answer.statusCode === 200)!;
    expect(ok.json<{ data: { order: AdminOrderDetail } }>().data.order.status).toBe('packed');
  });
});
