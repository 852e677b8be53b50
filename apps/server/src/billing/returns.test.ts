import { DEFAULT_OWNER_CONTROLS, type AuditEntry, type Bill, type CreditNote } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Voids and returns at the counter (issue 26): stock back, credit notes in their own series, sales and takings net.
let clock = new Date('2026-11-24T11:00:00+05:30');
const t = useTestApp({ services: { now: () => clock } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
/** Moves the shop's clock and signs in again, as sessions expire by that clock. */
async function setClock(at: string) {
  clock = new Date(at);
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
}
beforeEach(() => setClock('2026-11-24T11:00:00+05:30'));

const call = (who: SignedInAdminForTest, method: 'GET' | 'POST', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });
const createBill = async (body: object) => {
  const response = await call(staff, 'POST', '/api/admin/bill/createBill', body);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ bill: Bill }>(response).bill;
};
const getBill = async (billId: string) => dataOf<{ bill: Bill }>(await call(staff, 'GET', `/api/admin/bill/getBill/${billId}`)).bill;
const returnItems = (billId: string, body: object, who = owner) => call(who, 'POST', `/api/admin/bill/returnItems/${billId}`, body);
const voidBill = (billId: string, body: object, who = owner) => call(who, 'POST', `/api/admin/bill/voidBill/${billId}`, body);
const dayRow = async (day: string) =>
  (await rollupsAndRecount(t.database.db)).rollups.days.find((row) => row.startsWith(`${day} | bill |`)) ?? `${day} | none`;
const auditOf = async (billId: string) =>
  dataOf<{ entries: AuditEntry[] }>(await call(owner, 'GET', `/api/admin/audit?entity=bill&entityId=${billId}`)).entries;

describe('voidBill', () => {
  it("an owner voids today's bill: stock back, its number kept and marked void, out of the day's sales and takings, audited", async () => {
    const day = '2026-11-24';
    const before = await dayRow(day);
    const saree = await sellableProduct(t, { name: 'Voidable Saree', pricePaise: 2_00_000, stock: 3, variants: false });
    const bill = await createBill({
      customerName: 'Wrong Customer',
      items: [{ productId: saree.productId, quantity: 2 }],
      payments: [{ mode: 'upi', amount: 4_00_000 }],
    });
    expect(await stockOf(t.database.db, saree)).toBe(1);
    const takings = await t.services.billing.takingsByMode(day);

    const staffTry = await voidBill(bill._id, { reason: 'Typed the wrong saree' }, staff);
    expect(staffTry.statusCode).toBe(403);
    const noReason = await voidBill(bill._id, { reason: '  ' });
    expect([noReason.statusCode, noReason.json<ErrorEnvelope>().fields]).toEqual([
      400,
      { reason: 'Please give a reason for voiding the bill.' },
    ]);

    const voided = await voidBill(bill._id, { reason: 'Typed the wrong saree' });
    expect(voided.statusCode, voided.body).toBe(200);
    const answered = dataOf<{ bill: Bill }>(voided).bill;
    expect(answered).toMatchObject({
      _id: bill._id,
      invoiceNumber: bill.invoiceNumber,
      status: 'void',
      voidReason: 'Typed the wrong saree',
      voidedAt: clock.toISOString(),
    });
    expect(answered.voidedBy).toMatch(/^Meera Kapoor /);
    expect(await getBill(bill._id)).toEqual(answered);
    expect(await stockOf(t.database.db, saree)).toBe(3);
    // The bill's sale leaves the day; the UPI it took leaves the till's figures.
    expect(await dayRow(day)).toBe(before);
    expect(await t.services.billing.takingsByMode(day)).toEqual({ ...takings, upi: takings.upi - 4_00_000 });
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
    expect((await auditOf(bill._id)).map((entry) => entry.action)).toEqual(['bill.void', 'bill.create']);

    const again = await voidBill(bill._id, { reason: 'Twice' });
    expect([again.statusCode, errorOf(again)]).toEqual([409, 'This bill is already void.']);
    const returned = await returnItems(bill._id, { items: [{ itemId: bill.items[0]!._id, quantity: 1 }], refundMode: 'cash', reason: 'x' });
    expect([returned.statusCode, errorOf(returned)]).toEqual([409, 'This bill is void; nothing on it can be returned.']);
  });

  it('refuses a bill of another day, a bill with returns and an unknown bill', async () => {
    const yesterday = await createBill({ items: [{ name: 'Dupatta', price: 50_000, quantity: 1 }] });
    await setClock('2026-11-25T00:05:00+05:30');
    const late = await voidBill(yesterday._id, { reason: 'Forgot' });
    expect([late.statusCode, errorOf(late)]).toEqual([409, 'Only a bill made today can be voided; return its items instead.']);

    const today = await createBill({ items: [{ name: 'Stole', price: 30_000, quantity: 2 }] });
    const partly = await returnItems(today._id, {
      items: [{ itemId: today.items[0]!._id, quantity: 1 }],
      refundMode: 'cash',
      reason: 'Colour',
    });
    expect(partly.statusCode, partly.body).toBe(201);
    const withReturn = await voidBill(today._id, { reason: 'Changed mind' });
    expect([withReturn.statusCode, errorOf(withReturn)]).toEqual([409, 'This bill has returns, so it cannot be voided.']);

    expect((await voidBill('8d9c0b7e-1f2a-4c3b-9d8e-7f6a5b4c3d2e', { reason: 'x' })).statusCode).toBe(404);
    expect((await voidBill('not-a-bill', { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('returnItems and getCreditNote', () => {
  it('refunds each line its share of what the bill charged, in parts adding up to the whole; stock back; CN series; sales net on the day of the return', async () => {
    const kurta = await sellableProduct(t, { name: 'Returnable Kurta', pricePaise: 1_00_000, stock: 5 });
    // 10 % off 3 × ₹1,000 + ₹333: the discount shares and the thirds do not divide evenly.
    const bill = await createBill({
      customerName: 'Anita Rao',
      customerPhone: '9876543210',
      discount: 10,
      items: [
        { ...kurta, quantity: 3 },
        { name: 'Tassel set', price: 33_300, quantity: 1 },
      ],
      payments: [{ mode: 'card', amount: 3_00_000 }],
    });
    // ₹2,999.70 sold, ₹3,000.00 paid: the round-off (+₹0.30) is no part of any line, so no return refunds it.
    expect([bill.totalPrice, bill.roundOff]).toEqual([3_00_000, 30]);
    expect(bill.items.map((item) => item.returnedQuantity)).toEqual([0, 0]);
    expect(await stockOf(t.database.db, kurta)).toBe(2);
    const [kurtaLine, tasselLine] = bill.items as [Bill['items'][number], Bill['items'][number]];

    await setClock('2026-11-26T16:00:00+05:30');
    const day = '2026-11-26';
    const before = await dayRow(day);
    const cashBefore = (await t.services.billing.takingsByMode(day)).cash;
    const first = await returnItems(bill._id, {
      items: [{ itemId: kurtaLine._id, quantity: 1 }],
      refundMode: 'cash',
      reason: 'Size did not fit',
    });
    expect(first.statusCode, first.body).toBe(201);
    const note = dataOf<{ creditNote: CreditNote }>(first).creditNote;
    expect(note).toMatchObject({
      billId: bill._id,
      invoiceNumber: bill.invoiceNumber,
      invoiceDate: bill.createdAt,
      customerName: 'Anita Rao',
      refundMode: 'cash',
      reason: 'Size did not fit',
      createdAt: clock.toISOString(),
      // ₹2,700 charged for the three kurtas after the discount: one is ₹900.
      total: 90_000,
      items: [{ itemId: kurtaLine._id, name: kurtaLine.name, quantity: 1, price: 1_00_000, total: 90_000, gstRate: kurtaLine.gstRate }],
    });
    expect(note.creditNoteNumber).toMatch(/^CN\/26-27\/\d{5}$/);
    expect(note.gst.taxableValue + note.gst.totalTax).toBe(90_000);
    expect(note.gst.cgst + note.gst.sgst).toBe(note.gst.totalTax);
    expect(dataOf<{ creditNote: CreditNote }>(await call(staff, 'GET', `/api/admin/bill/getCreditNote/${note._id}`)).creditNote).toEqual(
      note,
    );
    expect(await stockOf(t.database.db, kurta)).toBe(3);

    const after = await getBill(bill._id);
    expect(after.items.map((item) => item.returnedQuantity)).toEqual([1, 0]);
    expect(after.creditNotes).toEqual([
      { _id: note._id, creditNoteNumber: note.creditNoteNumber, total: 90_000, createdAt: note.createdAt },
    ]);
    // The return takes its refund and pieces out on its own day; it is no sale; the till paid it in cash.
    const [, , revenue, sales, units] = (before.includes('none') ? `${day} | bill | 0 | 0 | 0` : before).split(' | ').map(Number);
    expect(await dayRow(day)).toBe(`${day} | bill | ${revenue! - 90_000} | ${sales} | ${units! - 1}`);
    expect((await t.services.billing.takingsByMode(day)).cash).toBe(cashBefore - 90_000);

    // The rest in two more returns: all of each line refunds exactly what it was charged, and the bill's total in all.
    const second = await returnItems(bill._id, {
      items: [
        { itemId: kurtaLine._id, quantity: 2 },
        { itemId: tasselLine._id, quantity: 1 },
      ],
      refundMode: 'upi',
      reason: 'Not as pictured',
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondNote = dataOf<{ creditNote: CreditNote }>(second).creditNote;
    expect(Number(secondNote.creditNoteNumber.slice(-5))).toBe(Number(note.creditNoteNumber.slice(-5)) + 1);
    expect(note.total + secondNote.total).toBe(bill.totalPrice - bill.roundOff);
    expect(await stockOf(t.database.db, kurta)).toBe(5);

    const more = await returnItems(bill._id, { items: [{ itemId: kurtaLine._id, quantity: 1 }], refundMode: 'cash', reason: 'Again' });
    expect([more.statusCode, errorOf(more)]).toEqual([409, `Every piece of ${kurtaLine.name} has been returned already.`]);
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
    expect((await auditOf(bill._id)).map((entry) => entry.action)).toEqual(['bill.return', 'bill.return', 'bill.create']);
  });

  it('refuses more than is left, an item of another bill, an empty or unreasoned return (naming the field); writes nothing', async () => {
    const bill = await createBill({ items: [{ name: 'Anklet', price: 20_000, quantity: 2 }] });
    const other = await createBill({ items: [{ name: 'Nose pin', price: 10_000, quantity: 1 }] });
    const itemId = bill.items[0]!._id;
    const tooMany = await returnItems(bill._id, { items: [{ itemId, quantity: 3 }], refundMode: 'cash', reason: 'x' });
    expect([tooMany.statusCode, tooMany.json<ErrorEnvelope>().fields]).toEqual([
      409,
      { 'items.0.quantity': 'Only 2 of Anklet can be returned.' },
    ]);
    const foreign = await returnItems(bill._id, { items: [{ itemId: other.items[0]!._id, quantity: 1 }], refundMode: 'cash', reason: 'x' });
    expect([foreign.statusCode, foreign.json<ErrorEnvelope>().fields]).toEqual([
      400,
      { 'items.0.itemId': 'This item is not on the bill.' },
    ]);
    const empty = await returnItems(bill._id, { items: [], refundMode: 'cash', reason: 'x' });
    expect([empty.statusCode, errorOf(empty)]).toEqual([400, 'items: Please choose the items returned.']);
    const noReason = await returnItems(bill._id, { items: [{ itemId, quantity: 1 }], refundMode: 'cash', reason: '' });
    expect([noReason.statusCode, noReason.json<ErrorEnvelope>().fields]).toEqual([400, { reason: 'Please give a reason for the return.' }]);
    const badMode = await returnItems(bill._id, { items: [{ itemId, quantity: 1 }], refundMode: 'cheque', reason: 'x' });
    expect(badMode.statusCode).toBe(400);
    expect(errorOf(badMode)).toMatch(/^refundMode: /);
    expect(
      (await returnItems('0d9c0b7e-1f2a-4c3b-9d8e-7f6a5b4c3d2e', { items: [{ itemId, quantity: 1 }], refundMode: 'cash', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await call(staff, 'GET', '/api/admin/bill/getCreditNote/nope')).statusCode).toBe(404);
    expect((await getBill(bill._id)).creditNotes).toEqual([]);
    const [{ notes }] = (await selectRows<{ notes: number }>(
      t.database.db,
      sql`select count(*)::int as notes from credit_notes where bill_id = ${bill._id}`,
    )) as [{ notes: number }];
    expect(notes).toBe(0);
  });

  it('exports status and credit notes in the bills CSV', async () => {
    await setClock('2026-11-27T10:00:00+05:30');
    const bill = await createBill({ customerName: 'Csv Returner', items: [{ name: 'Clutch', price: 70_000, quantity: 1 }] });
    const returned = await returnItems(bill._id, {
      items: [{ itemId: bill.items[0]!._id, quantity: 1 }],
      refundMode: 'card',
      reason: 'Defective',
    });
    const note = dataOf<{ creditNote: CreditNote }>(returned).creditNote;
    const voidable = await createBill({ customerName: 'Csv Voided', items: [{ name: 'Clutch', price: 70_000, quantity: 1 }] });
    expect((await voidBill(voidable._id, { reason: 'Test bill' })).statusCode).toBe(200);
    const csv = (await call(owner, 'GET', '/api/admin/bill/exportBills?customer=csv')).body;
    const rows = csv.slice(1).trim().split('\n');
    expect(rows[1]).toMatch(/^[^,]+,[^,]+,Csv Voided,,void,1,/);
    expect(rows[2]).toMatch(new RegExp(`,Csv Returner,,paid,1,.*,${note.creditNoteNumber.replace(/\//g, '\\/')} 700\\.00,,$`));
  });
});

describe("the owner's controls at the counter (issue 40)", () => {
  it('refuses a staff credit note in words (403) by default, writing nothing; the owner issues it', async () => {
    const saree = await sellableProduct(t, { name: 'Staff Return Saree', pricePaise: 80_910, stock: 2, variants: false });
    const bill = await createBill({ customerName: 'Yesterday Buyer', items: [{ productId: saree.productId, quantity: 1 }] });
    await setClock('2026-11-25T10:00:00+05:30');
    const body = { items: [{ itemId: bill.items[0]!._id, quantity: 1 }], refundMode: 'cash', reason: 'Did not fit' };

    const refused = await returnItems(bill._id, body, staff);
    expect([refused.statusCode, errorOf(refused)]).toEqual([
      403,
      'Returns at the counter are done by the owner. Ask the owner to issue this credit note.',
    ]);
    expect(await stockOf(t.database.db, saree)).toBe(1);
    expect((await getBill(bill._id)).creditNotes).toEqual([]);

    const issued = await returnItems(bill._id, body, owner);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(await stockOf(t.database.db, saree)).toBe(2);
  });

  it("lets staff return up to the owner's saved limit on a bill of the day; above it, or a day later, the owner does (403 in words)", async () => {
    const settings = await call(owner, 'GET', '/api/admin/settings/getSettings');
    const saved = await adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', {
      asid: owner.asid,
      body: {
        ...dataOf<{ settings: object }>(settings).settings,
        controls: { staffReturnMaxPaise: 1_000_00, staffReturnsSameDayOnly: true, lowStockThreshold: 3 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const dupatta = await sellableProduct(t, { name: 'Limit Dupatta', pricePaise: 80_000, stock: 3, variants: false });
      const bill = await createBill({ customerName: 'Same Day Buyer', items: [{ productId: dupatta.productId, quantity: 2 }] });
      const itemId = bill.items[0]!._id;
      const piece = (quantity: number) => ({ items: [{ itemId, quantity }], refundMode: 'cash', reason: 'Did not match' });

      // Two pieces (₹1,600) are above ₹1,000: the owner's.
      const above = await returnItems(bill._id, piece(2), staff);
      expect([above.statusCode, errorOf(above)]).toEqual([
        403,
        'Returns at the counter are done by the owner above ₹1,000.00. Ask the owner to issue this credit note.',
      ]);
      expect((await getBill(bill._id)).creditNotes).toEqual([]);

      const within = await returnItems(bill._id, piece(1), staff);
      expect(within.statusCode, within.body).toBe(201);
      expect(dataOf<{ creditNote: CreditNote }>(within).creditNote.total).toBe(80_000);
      expect(await stockOf(t.database.db, dupatta)).toBe(2);

      await setClock('2026-11-25T10:00:00+05:30');
      const nextDay = await returnItems(bill._id, piece(1), staff);
      expect([nextDay.statusCode, errorOf(nextDay)]).toEqual([
        403,
        'Returns at the counter are done by the owner for bills of an earlier day. Ask the owner to issue this credit note.',
      ]);
    } finally {
      // The other tests of this file count on the default: the owner does all returns.
      await adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', {
        asid: owner.asid,
        body: { ...dataOf<{ settings: object }>(settings).settings, controls: DEFAULT_OWNER_CONTROLS },
      });
    }
  });

  it('exports the bills CSV to the owner only (403 for staff)', async () => {
    const staffTry = await call(staff, 'GET', '/api/admin/bill/exportBills');
    expect([staffTry.statusCode, errorOf(staffTry)]).toEqual([403, 'Only the shop owner can do this.']);
    const owners = await call(owner, 'GET', '/api/admin/bill/exportBills');
    expect(owners.statusCode).toBe(200);
    expect(owners.headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
