import type { Bill, CreditNote, CreditNoteRegister, OrderCreditNote } from '@shop/core';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, selectRows } from '../db/database.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 43: every credit note, counter or online, is numbered in the one CN series of its financial year and dated
// the India day it is issued; an online order's notes are data (getCreditNote/{orderId}); the register lists them all
// with its CSV; the orders list downloads its invoices' lines as CSV.
let clock = new Date('2030-06-15T12:00:00+05:30');
const mail = capturingMailer();
const t = useTestApp({
  services: { now: () => clock, mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } },
});

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

const call = (who: SignedInAdminForTest, method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });
const dataOf = async <T>(response: Promise<{ statusCode: number; body: string; json: <R>() => R }>) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBeLessThan(300);
  return answered.json<{ data: T }>().data;
};
const notesOf = async (orderId: string, who = staff) =>
  (await dataOf<{ creditNotes: OrderCreditNote[] }>(call(who, 'GET', `/api/admin/order/getCreditNote/${orderId}`))).creditNotes;

/** An order of `quantity` pieces at ₹500 (₹50 shipping below ₹999), paid. */
async function paidOrder(quantity: number, name = 'Credit Kurti') {
  const product = await sellableProduct(t, { name, pricePaise: 50_000, stock: 20 });
  return { product, ...(await placedOrder(t, mail, { ...product, quantity, paid: true })) };
}

/** Each line's halves are equal, and the parts add up to the line; the note's sums are its lines'. */
function expectBalanced(note: OrderCreditNote) {
  for (const line of note.items) {
    expect(line.cgst).toBe(line.sgst);
    expect(line.taxableValue + line.cgst + line.sgst + line.igst).toBe(line.amount);
  }
  expect(note.items.reduce((sum, line) => sum + line.amount, 0)).toBe(note.total);
  expect(note.gst.taxableValue + note.gst.totalTax).toBe(note.total);
}

describe('online credit notes', () => {
  it('a paid order cancelled gets a credit note of every line and the shipping, numbered in the CN series and dated that day', async () => {
    const order = await paidOrder(1);
    expect(await notesOf(order.orderId)).toEqual([]);
    clock = new Date('2030-06-16T23:50:00+05:30');
    const cancelled = await call(owner, 'POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Out of stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const [note, ...more] = await notesOf(order.orderId);
    expect(more).toEqual([]);
    expect(note).toMatchObject({
      createdAt: clock.toISOString(),
      // 18:20 UTC is already the 16th's last minutes in India: dated the India day it was issued.
      date: '2030-06-16',
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      buyer: { name: 'Asha Rao', phone: '9876543210', state: 'Karnataka' },
      reason: 'Order cancelled: Out of stock',
      total: 55_000,
    });
    expect(note!.creditNoteNumber).toMatch(/^CN\/30-31\/\d{5}$/);
    expect(note!.invoiceNumber).toMatch(/^WEB\/30-31\/\d{5}$/);
    expect(note!.items.map((line) => [line.hsnCode === '996812' ? 'shipping' : 'piece', line.quantity, line.amount, line.rate])).toEqual([
      ['piece', 1, 50_000, 5],
      ['shipping', 1, 5_000, 5],
    ]);
    expectBalanced(note!);
    // A repeat of the cancellation issues nothing more.
    await call(owner, 'POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Out of stock' });
    expect(await notesOf(order.orderId)).toHaveLength(1);
  });

  it('a return refunded gets its own note for the pieces received; counter and online notes share one gapless series', async () => {
    clock = new Date('2030-06-17T10:00:00+05:30');
    const order = await paidOrder(3);
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL43' },
      { status: 'delivered' },
    ]) {
      await dataOf(call(owner, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, body));
    }
    const [line] = await selectRows<{ id: string }>(t.database.db, sql`select id from order_items where order_id = ${order.orderId}`);
    const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, {
      sid: order.sid,
      body: { reason: 'wrong', items: [{ itemId: line!.id, quantity: 2 }] },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await dataOf(call(owner, 'POST', `/api/admin/order/approveReturn/${order.orderId}`));
    await dataOf(
      call(owner, 'POST', `/api/admin/order/receiveReturn/${order.orderId}`, { items: [{ itemId: line!.id, quantity: 2, restock: true }] }),
    );
    // Received, not refunded: no note yet.
    expect(await notesOf(order.orderId)).toEqual([]);

    // A counter return, then the online refund, then another counter return: one series, no gap, no repeat.
    const saree = await sellableProduct(t, { name: 'Counter Saree', pricePaise: 100_000, stock: 5 });
    const bill = (await dataOf<{ bill: Bill }>(call(owner, 'POST', '/api/admin/bill/createBill', { items: [{ ...saree, quantity: 2 }] })))
      .bill;
    const counterReturn = async () =>
      (
        await dataOf<{ creditNote: CreditNote }>(
          call(owner, 'POST', `/api/admin/bill/returnItems/${bill._id}`, {
            items: [{ itemId: bill.items[0]!._id, quantity: 1 }],
            refundMode: 'cash',
            reason: 'Colour',
          }),
        )
      ).creditNote.creditNoteNumber;
    const first = await counterReturn();
    clock = new Date('2030-06-18T09:00:00+05:30');
    await dataOf(call(owner, 'POST', `/api/admin/order/refundOrder/${order.orderId}`));
    const last = await counterReturn();

    const [note] = await notesOf(order.orderId);
    const sequence = (number: string) => Number(number.split('/')[2]);
    expect([sequence(first), sequence(note!.creditNoteNumber), sequence(last)]).toEqual([
      sequence(first),
      sequence(first) + 1,
      sequence(first) + 2,
    ]);
    // Two of three ₹500 kurtis: ₹1,000, no shipping (the order kept a piece), dated the refund's day.
    expect(note).toMatchObject({ date: '2030-06-18', total: 100_000, reason: 'Return: wrong' });
    expect(note!.items.map((item) => [item.itemId, item.quantity, item.amount])).toEqual([[line!.id, 2, 100_000]]);
    expectBalanced(note!);
    // The whole CN series of the year has no gap: 1…n, each number once.
    const numbers = await selectRows<{ sequence: number }>(
      t.database.db,
      sql`select sequence from credit_notes where financial_year = '30-31' order by sequence`,
    );
    expect(numbers.map((row) => Number(row.sequence))).toEqual(numbers.map((_, index) => index + 1));
    // The sales count the note's money on its own day.
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
    expect(rollups.days).toContain('2030-06-18 | order | -100000 | 0 | 0');
  });

  it('answers 404 for an unknown order, no note for an unpaid one cancelled, and needs an admin', async () => {
    const unknown = await call(staff, 'GET', '/api/admin/order/getCreditNote/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorEnvelope>().error).toBe('Order not found');
    const product = await sellableProduct(t, { pricePaise: 50_000, stock: 5 });
    const unpaid = await placedOrder(t, mail, { ...product, quantity: 1 });
    await dataOf(call(owner, 'POST', `/api/admin/order/cancelOrder/${unpaid.orderId}`, { reason: 'Never paid' }));
    expect(await notesOf(unpaid.orderId)).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/order/getCreditNote/${unpaid.orderId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the credit-note register and the CSVs', () => {
  it('lists every note of the period, counter and online, with the sums; the CSV is the owner’s, with a BOM and India times', async () => {
    const register = await dataOf<CreditNoteRegister>(
      call(staff, 'GET', '/api/admin/bill/getAllCreditNotes?from=2030-06-16&to=2030-06-18'),
    );
    expect(register.creditNotes.map((row) => row.channel)).toEqual(['online', 'counter', 'online', 'counter']);
    const numbers = register.creditNotes.map((row) => row.creditNoteNumber);
    expect([...numbers].sort()).toEqual(numbers);
    expect(register.creditNotes[0]).toMatchObject({ buyer: 'Asha Rao', total: 55_000 });
    expect(register.creditNotes[0]!.invoiceNumber).toMatch(/^WEB\//);
    expect(register.creditNotes[1]).toMatchObject({ buyer: 'Walk-in customer', total: 100_000 });
    expect(register.creditNotes[1]!.invoiceNumber).toMatch(/^INV\//);
    for (const row of register.creditNotes) expect(row.taxableValue + row.cgst + row.sgst + row.igst).toBe(row.total);
    expect(register.totals.total).toBe(55_000 + 100_000 + 100_000 + 100_000);
    // One day: only the notes of the 16th (India time).
    const day = await dataOf<CreditNoteRegister>(call(staff, 'GET', '/api/admin/bill/getAllCreditNotes?from=2030-06-16&to=2030-06-16'));
    expect(day.creditNotes.map((row) => row.total)).toEqual([55_000]);

    const csv = await call(owner, 'GET', '/api/admin/bill/exportCreditNotes?from=2030-06-16&to=2030-06-18');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="credit-notes.csv"');
    expect(csv.body.startsWith('\uFEFFcreditNoteNumber,date,channel,againstInvoice,buyer,taxableValue,cgst,sgst,igst,total\n')).toBe(true);
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows).toHaveLength(4);
    // 23:50 in India on the 16th, not 18:20 UTC.
    expect(rows[0]).toMatch(
      new RegExp(
        `^${numbers[0]!.replace(/\//g, '\\/')},2030-06-16 23:50,online,WEB\\/30-31\\/\\d{5},Asha Rao,[\\d.]+,[\\d.]+,[\\d.]+,0\\.00,550\\.00$`,
      ),
    );
    expect((await call(staff, 'GET', '/api/admin/bill/exportCreditNotes')).statusCode).toBe(403);
    const bad = await call(owner, 'GET', '/api/admin/bill/getAllCreditNotes?from=2030-06-18&to=2030-06-16');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorEnvelope>().error).toMatch(/from must not be after to/);
  });

  it('downloads the online orders as CSV: one row per invoice line, shipping its own, India times; owners only', async () => {
    clock = new Date('2030-06-19T12:00:00+05:30');
    const order = await paidOrder(1, 'Export Kurti');
    const csv = await call(owner, 'GET', '/api/admin/order/exportOrders?from=2030-06-19&to=2030-06-19');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="orders.csv"');
    // Excel's BOM first (trim() would take it off: it counts as white space).
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = csv.body.trim().split('\n');
    expect(header).toBe(
      'invoiceNumber,invoiceDate,orderNumber,buyerState,line,item,hsnCode,quantity,gstRate,amount,taxableValue,cgst,sgst,igst,paymentMethod,status',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      new RegExp(
        `^WEB\\/30-31\\/\\d{5},2030-06-19 12:00,${order.orderNumber},Karnataka,1,Export Kurti[^,]*,[^,]*,1,5,500\\.00,476\\.20,11\\.90,11\\.90,0\\.00,\\w+,paid$`,
      ),
    );
    expect(rows[1]).toMatch(/,2,Shipping,996812,1,5,50\.00,47\.62,1\.19,1\.19,0\.00,\w+,paid$/);
    expect((await call(staff, 'GET', '/api/admin/order/exportOrders')).statusCode).toBe(403);
    const bad = await call(owner, 'GET', '/api/admin/order/exportOrders?from=2030-02-30');
    expect(bad.statusCode).toBe(400);
  });
});

describe('migration 0038 on a shop with online cancellations and returns before it', () => {
  it('writes the past notes as the shop now issues them, numbered after the notes already printed', async () => {
    clock = new Date('2030-06-20T10:00:00+05:30');
    const order = await paidOrder(2, 'Backfill Kurti');
    await dataOf(call(owner, 'POST', `/api/admin/order/cancelOrder/${order.orderId}`, { reason: 'Changed her mind' }));
    const issued = await notesOf(order.orderId, owner);
    // As before the migration: the order cancelled and refunded, no note, the counter one number short.
    await t.database.db.execute(sql`delete from credit_notes where order_id = ${order.orderId}`);
    await t.database.db.execute(sql`update credit_note_counters set last = last - 1 where financial_year = '30-31'`);
    const statements = readFileSync(path.join(MIGRATIONS_FOLDER, '0038_online_credit_notes.sql'), 'utf8').split('--> statement-breakpoint');
    await t.database.db.execute(sql.raw(statements.find((statement) => statement.includes('DO $$'))!));

    const [backfilled, ...more] = await notesOf(order.orderId, owner);
    expect(more).toEqual([]);
    const shape = (note: OrderCreditNote) => ({
      number: note.creditNoteNumber,
      total: note.total,
      gst: note.gst,
      items: note.items.map(({ itemId, quantity, amount, rate, taxableValue, cgst, sgst }) => ({
        itemId,
        quantity,
        amount,
        rate,
        taxableValue,
        cgst,
        sgst,
      })),
    });
    expect(shape(backfilled!)).toEqual(shape(issued[0]!));
    // Dated when its refund was recorded, the cancellation's.
    expect(backfilled!.date).toBe('2030-06-20');
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
  });
});
