import { financialYearOf, formatInvoiceNumber } from '@shop/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, selectRows } from '../db/database.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Online orders' tax invoices (issue 26): numbered when paid, from a gapless financial-year series of their own.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const invoiceNumberOf = async (orderId: string) => (await t.services.adminOrders.detail(orderId)).invoiceNumber;
const sequenceOf = (number: string | null) => Number(number!.slice(-5));

describe('online invoice numbers', () => {
  it('are given when an order is paid, in the order payments arrive; a checkout never paid takes none', async () => {
    const piece = await sellableProduct(t, { stock: 10, pricePaise: 1_00_000 });
    const first = await placedOrder(t, mail, { ...piece });
    const abandoned = await placedOrder(t, mail, { ...piece });
    const second = await placedOrder(t, mail, { ...piece, paid: true });
    expect(await invoiceNumberOf(first.orderId)).toBeNull();
    const paid = await t.services.paymentProvider.emulator!.capturePayment(first.razorpayOrderId);
    const verified = await jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', {
      sid: first.sid,
      body: {
        razorpayOrderId: paid.razorpay_order_id,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
    });
    expect(verified.statusCode).toBe(200);

    const [secondNumber, firstNumber] = [await invoiceNumberOf(second.orderId), await invoiceNumberOf(first.orderId)];
    expect(secondNumber).toMatch(new RegExp(`^WEB/${financialYearOf(new Date())}/\\d{5}$`));
    expect(sequenceOf(firstNumber)).toBe(sequenceOf(secondNumber) + 1);
    expect(await invoiceNumberOf(abandoned.orderId)).toBeNull();
    // The order number stays the order's reference.
    expect(first.orderNumber).toMatch(/^ORD-/);
    // The shopper's order answers it too.
    const mine = await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${first.orderId}`, { sid: first.sid });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ data: { order: { invoiceNumber: string } } }>().data.order.invoiceNumber).toBe(firstNumber);
  });

  it('come back with the payment: markPaid answers the order as written, invoice number and all', async () => {
    const piece = await sellableProduct(t, { stock: 2 });
    const placed = await placedOrder(t, mail, { ...piece });
    const outcome = await t.services.orders.markPaid(
      {
        razorpayOrderId: placed.razorpayOrderId,
        razorpayPaymentId: 'pay_answer_as_written',
        amount: placed.total,
        method: 'upi',
        paidAt: new Date(),
      },
      'razorpay',
    );
    if (outcome.kind !== 'paid') throw new Error(`markPaid answered ${outcome.kind}`);
    const stored = await t.services.orders.findById(placed.orderId);
    expect(outcome.order).toEqual(stored);
    expect(outcome.order).toMatchObject({ status: 'paid', reservedUntil: null });
    expect(outcome.order.invoiceNumber).toMatch(/^WEB\//);
  });

  it("are counted in SQL exactly as @shop/core's financialYearOf and formatInvoiceNumber say", async () => {
    const instants = ['2026-03-31T23:59:00+05:30', '2026-04-01T00:01:00+05:30', '2026-03-31T19:00:00Z', '2099-12-31T00:00:00Z'];
    for (const at of instants) {
      const [row] = await selectRows<{ year: string }>(t.database.db, sql`select financial_year_of(${at}::timestamptz) as year`);
      expect(row!.year, at).toBe(financialYearOf(new Date(at)));
    }
    for (const n of [1, 42, 99_999, 100_000, 999_999]) {
      const [row] = await selectRows<{ number: string }>(t.database.db, sql`select web_invoice_number('26-27', ${n}::integer) as number`);
      expect(row!.number).toBe(formatInvoiceNumber('26-27', n, 'WEB'));
    }
  });

  it("migration 0021 numbers a shop's earlier paid orders in the order they were paid, and its counters go on from there", async () => {
    const { db } = t.database;
    const piece = await sellableProduct(t, { stock: 10, pricePaise: 50_000 });
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await placedOrder(t, mail, { ...piece, paid: true }));
    // As before the migration: no numbers and no counters (the check that paid orders have one comes after the backfill).
    await db.execute(sql`alter table orders drop constraint orders_invoice_number_check`);
    // The earliest paid last, so the numbers must follow payment time, not insertion.
    await db.execute(sql`update orders set paid_at = paid_at - interval '1 day' where id = ${orders[2]!.orderId}`);
    await db.execute(sql`update orders set invoice_number = null`);
    await db.execute(sql`delete from order_invoice_counters`);
    const statements = readFileSync(path.join(MIGRATIONS_FOLDER, '0021_online_invoice_series.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    // The backfill's statements, without their comments: the numbering, the counters, then the check.
    const backfill = statements
      .map((text) => text.replace(/^\s*(--[^\n]*\n\s*)*/, '').trim())
      .filter((text) => /^(WITH numbered|INSERT INTO order_invoice_counters|ALTER TABLE "orders" ADD CONSTRAINT)/.test(text));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    const rows = await selectRows<{ id: string; invoice_number: string; paid_at: string | Date }>(
      db,
      sql`select id, invoice_number, paid_at from orders where paid_at is not null order by paid_at, created_at, id`,
    );
    // Each financial year counts from 1, in the order of payment.
    const counted = new Map<string, number>();
    const expected = rows.map((row) => {
      const year = financialYearOf(new Date(row.paid_at));
      counted.set(year, (counted.get(year) ?? 0) + 1);
      return formatInvoiceNumber(year, counted.get(year)!, 'WEB');
    });
    expect(rows.map((row) => row.invoice_number)).toEqual(expected);
    expect(rows[0]!.id).toBe(orders[2]!.orderId);
    const next = await placedOrder(t, mail, { ...piece, paid: true });
    const year = financialYearOf(new Date());
    expect(await invoiceNumberOf(next.orderId)).toBe(formatInvoiceNumber(year, (counted.get(year) ?? 0) + 1, 'WEB'));
  });
});
