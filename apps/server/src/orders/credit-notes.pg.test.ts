import type { Bill } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 43 on a real PostgreSQL server with many connections: counter returns and online cancellations issued at the
// same moment draw their numbers from the one CN counter, each in its own transaction: all different, no gap. (It
// found a deadlock: a cancellation wrote the sales rollups before the stock, a counter return the other way round.)
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t);
});

const call = (method: 'GET' | 'POST', url: string, body?: object) => adminCall(t.app, method, url, { asid: owner.asid, body });

describe('credit notes issued at once', () => {
  it('counter returns and online cancellations together get consecutive CN numbers, each once', async () => {
    const piece = await sellableProduct(t, { name: 'Race Kurti', pricePaise: 60_000, stock: 40 });
    const bills: Bill[] = [];
    for (let i = 0; i < 6; i++) {
      const made = await call('POST', '/api/admin/bill/createBill', { items: [{ ...piece, quantity: 1 }] });
      expect(made.statusCode, made.body).toBe(200);
      bills.push(made.json<{ data: { bill: Bill } }>().data.bill);
    }
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await placedOrder(t, mail, { ...piece, quantity: 1, paid: true }));
    const [before] = await selectRows<{ last: number | null }>(t.database.db, sql`select max(last) as last from credit_note_counters`);

    const responses = await Promise.all([
      ...bills.map((bill) =>
        call('POST', `/api/admin/bill/returnItems/${bill._id}`, {
          items: [{ itemId: bill.items[0]!._id, quantity: 1 }],
          refundMode: 'cash',
          reason: 'Race',
        }),
      ),
      ...orders.map((order) => call('POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Race' })),
    ]);
    expect(responses.map((response) => `${response.statusCode} ${response.statusCode >= 300 ? response.body : ''}`.trim())).toEqual([
      ...Array.from({ length: 6 }, () => '201'),
      ...Array.from({ length: 6 }, () => '200'),
    ]);

    const notes = await selectRows<{ sequence: number; bill_id: string | null; order_id: string | null }>(
      t.database.db,
      sql`select sequence, bill_id, order_id from credit_notes order by sequence`,
    );
    const start = Number(before?.last ?? 0);
    const drawn = notes.map((note) => Number(note.sequence)).filter((sequence) => sequence > start);
    expect(drawn).toEqual(Array.from({ length: 12 }, (_, index) => start + index + 1));
    expect(notes.filter((note) => note.order_id !== null)).toHaveLength(6);
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
  });
});
