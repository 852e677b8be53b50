import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE } from '../../audit/service.js';
import { selectRows } from '../../db/database.js';
import { useTestApp } from '../../test/app.js';
import { seedDemoSales } from './demo-sales.js';
import { rollupsAndRecount } from '../../test/sales-rollups.js';
import { seedDemoCatalogue } from './seed.js';

// Demo data that tells the truth (issue 40): what a new owner judges the shop by. One demo catalogue (no photos)
// and its 90 days of sales, checked for the invariants a real shop's data would keep.
const NOW = new Date('2026-11-20T12:00:00+05:30');
const t = useTestApp({ services: { now: () => NOW } });

let sales: { bills: number; orders: number } | null;
beforeAll(async () => {
  await seedDemoCatalogue(t.services, undefined, { photos: false });
  sales = await seedDemoSales(t.database.db, NOW, { emulator: true });
}, 120_000);

describe('the demo sales history', () => {
  it('pays every paid order through the emulator: a captured payment of its total, as Razorpay holds it', async () => {
    expect(sales!.orders).toBeGreaterThan(20);
    const unpaid = await selectRows<{ order_number: string }>(
      t.database.db,
      sql`select o.order_number from orders o
          where o.status in ('paid', 'packed', 'shipped', 'delivered') and not exists (
            select 1 from payments p
              join razorpay_emulator.payments e on e.id = p.razorpay_payment_id and e.order_id = p.razorpay_order_id
            where p.order_id = o.id and p.status = 'captured' and p.amount_paise = o.total_paise
              and p.razorpay_order_id = o.razorpay_order_id and e.status = 'captured' and e.amount = o.total_paise)`,
    );
    expect(unpaid).toEqual([]);
  });

  it('refunds a cancelled demo order through the emulator for real', async () => {
    const [order] = await selectRows<{ id: string; total_paise: number }>(
      t.database.db,
      sql`select id, total_paise from orders where status = 'paid' order by order_number limit 1`,
    );
    await t.services.adminOrders.cancel(COMMAND_LINE, order!.id, 'Out of stock after all');
    const refunds = await selectRows<{ amount_paise: number; status: string; razorpay_refund_id: string | null }>(
      t.database.db,
      sql`select amount_paise, status, razorpay_refund_id from refunds where order_id = ${order!.id}`,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount_paise).toBe(order!.total_paise);
    const [emulated] = await selectRows<{ amount: number }>(
      t.database.db,
      sql`select amount from razorpay_emulator.refunds where id = ${refunds[0]!.razorpay_refund_id}`,
    );
    expect(emulated?.amount).toBe(order!.total_paise);
  });

  // Issue 43: the owner's walk found a cancelled demo order with no credit note.
  it('shows one paid order cancelled and refunded, with its credit note in the CN series dated the day it was cancelled', async () => {
    const cancelled = await selectRows<{ id: string; total_paise: number; paid_at: string }>(
      t.database.db,
      sql`select id, total_paise, paid_at::text from orders where cancel_reason = 'Ordered the wrong size' and paid_at is not null and status = 'refunded'`,
    );
    expect(cancelled).toHaveLength(1);
    const [note] = await t.services.adminOrders.creditNotes(cancelled[0]!.id);
    expect(note!.creditNoteNumber).toMatch(/^CN\/\d\d-\d\d\/\d{5}$/);
    expect(note!.total).toBe(cancelled[0]!.total_paise);
    expect(note!.reason).toBe('Order cancelled: Ordered the wrong size');
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
  });

  it('prices every bill line as the catalogue sells that piece', async () => {
    const lines = await selectRows<{ sku: string; unit_price_paise: number }>(
      t.database.db,
      sql`select distinct sku, unit_price_paise from bill_items where sku is not null`,
    );
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      const [found] = (await t.services.billing.findItems(line.sku)).filter((item) => item.sku === line.sku);
      expect(line.unit_price_paise, line.sku).toBe(found!.price);
    }
    // The spec's sample week keeps its 153 pieces, now at catalogue prices (not ₹4,400, ~₹29 a piece).
    const [week] = await selectRows<{ units: number; revenue: number }>(
      t.database.db,
      sql`select sum(i.quantity)::int as units, sum(i.line_total_paise)::int as revenue from bill_items i join bills b on b.id = i.bill_id
          where b.created_at >= '2025-03-09T18:30:00Z' and b.created_at < '2025-03-16T18:30:00Z'`,
    );
    expect(week!.units).toBe(153);
    expect(week!.revenue / week!.units).toBeGreaterThan(29_900);
  });

  it('numbers bills in the order they were made', async () => {
    const rows = await selectRows<{ invoice_number: string; created_at: Date }>(
      t.database.db,
      sql`select invoice_number, created_at from bills order by financial_year, sequence`,
    );
    expect(rows.length).toBe(sales!.bills);
    const outOfOrder = rows.filter(
      (row, index) =>
        index > 0 &&
        row.invoice_number.slice(0, 9) === rows[index - 1]!.invoice_number.slice(0, 9) &&
        new Date(row.created_at) < new Date(rows[index - 1]!.created_at),
    );
    expect(outOfOrder.map((row) => row.invoice_number)).toEqual([]);
  });

  it("gives cotton its own HSN, not silk's 5007 from the sarees' category, on the product and the lines sold", async () => {
    const products = await selectRows<{ name: string; hsn: string }>(
      t.database.db,
      sql`select p.name, coalesce(p.hsn_code, c.hsn_code) as hsn from products p join categories c on c.id = p.category_id
          where p.fabric ilike '%cotton%' and p.fabric not ilike '%silk%' and c.slug = 'sarees'`,
    );
    expect(products.length).toBeGreaterThanOrEqual(2);
    for (const product of products) expect(product.hsn, product.name).toBe('5208');
    const silkCoded = await selectRows<{ name: string }>(
      t.database.db,
      sql`select distinct i.name from bill_items i join products p on p.id = i.product_id
          where i.hsn_code = '5007' and p.fabric not ilike '%silk%'`,
    );
    expect(silkCoded).toEqual([]);
  });
});
