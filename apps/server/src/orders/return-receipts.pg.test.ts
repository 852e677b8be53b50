import type { AdminOrderDetail } from '@shop/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../inventory/tables.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Issue 40, item 2, on a real PostgreSQL server with several connections: two receipts of one return at once (two
// tablets, a double tap) count once: the order's row lock lets one in, and the other finds it received.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

describe('receiving a return on PostgreSQL', () => {
  it('counts one of two receipts sent at once: stock back once, one ledger row, the other a 409', async () => {
    const product = await sellableProduct(t, { pricePaise: 80_990, stock: 3 });
    const placed = await placedOrder(t, mail, { ...product, quantity: 2, paid: true });
    const as = (path: string, body?: object) => adminCall(t.app, 'POST', path, { asid: staff.asid, body });
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL40' },
      { status: 'delivered' },
    ]) {
      expect((await as(`/api/admin/order/updateOrderStatus/${placed.orderId}`, body)).statusCode).toBe(200);
    }
    const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${placed.orderId}`, {
      sid: placed.sid,
      body: { reason: 'damaged' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await as(`/api/admin/order/approveReturn/${placed.orderId}`);
    const itemId = approved.json<{ data: { order: AdminOrderDetail } }>().data.order.items[0]!.itemId;
    expect(await stockOf(t.database.db, product)).toBe(1);

    const items = [{ itemId, quantity: 2, restock: true }];
    const answers = await Promise.all(Array.from({ length: 3 }, () => as(`/api/admin/order/receiveReturn/${placed.orderId}`, { items })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(t.database.db, product)).toBe(3);
    const restocked = await t.database.db.select().from(stockMovements).where(eq(stockMovements.orderId, placed.orderId));
    expect(restocked.filter((row) => row.reason === 'return_restocked').map((row) => row.change)).toEqual([2]);
  });
});
