import type { AuditEntry, Bill } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Issue 38: a cashier who retried createBill after a timeout made a second bill and took the stock twice. The
// counter sends an Idempotency-Key per bill; a repeat with it answers the first bill (ADR 033).
const t = useTestApp();

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t);
  staff = await signedInStaff(t, owner);
});

let keys = 0;
const newKey = () => `counter-${Date.now().toString(36)}-${++keys}`;

const save = (body: object, key?: string, by: SignedInAdminForTest = staff) =>
  adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
    asid: by.asid,
    body,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  });
const billOf = (response: { json: () => unknown }) => (response.json() as { data: { bill: Bill } }).data.bill;
const errorOf = (response: { json: () => unknown }) => response.json() as ErrorEnvelope;
const billsOf = async (customer: string) =>
  (await adminCall(t.app, 'GET', `/api/admin/bill/getAllBills?customer=${encodeURIComponent(customer)}`, { asid: owner.asid })).json<{
    data: { bills: Bill[] };
  }>().data.bills;

describe('createBill with an Idempotency-Key (issue 38: a retried bill was saved twice and took the stock twice)', () => {
  it('answers the first bill to a repeat with the same key: one bill, the stock taken once', async () => {
    const saree = await sellableProduct(t, { stock: 5, pricePaise: 1_49_900 });
    const key = newKey();
    const body = { customerName: 'Retry Customer', items: [{ ...saree, quantity: 2 }], payments: [{ mode: 'upi', amount: 2_99_800 }] };

    const first = await save(body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await save(body, key);
    expect(again.statusCode, again.body).toBe(200);

    expect(billOf(again)).toEqual(billOf(first));
    expect(await stockOf(t.database.db, saree)).toBe(3);
    expect((await billsOf('Retry Customer')).map((bill) => bill._id)).toEqual([billOf(first)._id]);
    const audit = await adminCall(t.app, 'GET', `/api/admin/audit?entity=bill&entityId=${billOf(first)._id}`, { asid: owner.asid });
    expect(audit.json<{ data: { entries: AuditEntry[] } }>().data.entries.map((entry) => entry.action)).toEqual(['bill.create']);
  });

  it('takes the same bill typed alike as a repeat (the mobile as the customer says it, a quoted key)', async () => {
    const key = newKey();
    const line = { name: 'Fall and pico', price: 15_000, quantity: 1 };
    const first = await save({ customerName: 'Quoted Key', customerPhone: '98765 43210', items: [line] }, key);
    const again = await save({ items: [line], customerPhone: '+91 98765 43210', customerName: ' Quoted Key ' }, `"${key}"`);
    expect(again.statusCode, again.body).toBe(200);
    expect(billOf(again)._id).toBe(billOf(first)._id);
  });

  it('refuses the same key with another bill (409) and takes nothing', async () => {
    const kurti = await sellableProduct(t, { stock: 4 });
    const key = newKey();
    const first = await save({ customerName: 'Changed Mind', items: [{ ...kurti, quantity: 1 }] }, key);
    expect(first.statusCode).toBe(200);

    const other = await save({ customerName: 'Changed Mind', items: [{ ...kurti, quantity: 2 }] }, key);
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).error).toBe(
      `This bill was already saved as ${billOf(first).invoiceNumber} with other items or amounts. Start a new bill to make another.`,
    );
    expect(await stockOf(t.database.db, kurti)).toBe(3);
    expect(await billsOf('Changed Mind')).toHaveLength(1);
  });

  it("keeps each admin's keys apart", async () => {
    const key = newKey();
    const body = { customerName: 'Two Cashiers', items: [{ name: 'Blouse stitching', price: 50_000, quantity: 1 }] };
    const byStaff = await save(body, key, staff);
    const byOwner = await save(body, key, owner);
    expect([byStaff.statusCode, byOwner.statusCode]).toEqual([200, 200]);
    expect(billOf(byOwner)._id).not.toBe(billOf(byStaff)._id);
  });

  it('leaves the key free when the bill was refused, so the corrected bill saves with it', async () => {
    const dupatta = await sellableProduct(t, { stock: 1 });
    const key = newKey();
    const refused = await save({ customerName: 'Corrected Bill', items: [{ ...dupatta, quantity: 2 }] }, key);
    expect(refused.statusCode).toBe(409);
    const corrected = await save({ customerName: 'Corrected Bill', items: [{ ...dupatta, quantity: 1 }] }, key);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await stockOf(t.database.db, dupatta)).toBe(0);
  });

  it('saves every post without a key as before, and refuses a malformed key naming the header', async () => {
    const body = { customerName: 'No Key', items: [{ name: 'Tassels', price: 5_000, quantity: 1 }] };
    expect((await save(body)).statusCode).toBe(200);
    expect((await save(body)).statusCode).toBe(200);
    expect(await billsOf('No Key')).toHaveLength(2);

    for (const bad of ['', 'has spaces in it', 'x'.repeat(101), '"half-quoted']) {
      const response = await save(body, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(errorOf(response)).toEqual({
        success: false,
        error: 'Idempotency-Key must be 1 to 100 letters, digits or signs, without spaces',
        fields: { 'Idempotency-Key': 'Idempotency-Key must be 1 to 100 letters, digits or signs, without spaces' },
      });
    }
    expect(await billsOf('No Key')).toHaveLength(2);
  });
});
