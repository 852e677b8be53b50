import type { Bill, CreditNote } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { rollupsAndRecount } from '../test/sales-rollups.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// What only a real PostgreSQL server with several connections shows: bills saved at the same moment.
const t = useTestApp();

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t);
});

const save = (body: object) => adminCall(t.app, 'POST', '/api/admin/bill/createBill', { asid: owner.asid, body });

describe('bills saved at once', () => {
  it('get 20 different, consecutive invoice numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => save({ customerName: `Racer ${i}`, items: [{ name: 'Bindi', price: 1_000, quantity: 1 }] })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const sequences = responses
      .map((response) => response.json<{ data: { bill: Bill } }>().data.bill.invoiceNumber)
      .map((number) => Number(number.split('/')[2]))
      .sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    // The sales rollups, updated by every bill's transaction at once, still equal a recount from scratch.
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
    expect(rollups.days.join()).toContain('| bill | 20000 | 20 | 20');
  });

  it('sell the last pieces once: everyone else gets 409 and stock never goes below zero', async () => {
    const piece = await sellableProduct(t, { stock: 5, pricePaise: 200_000 });
    const responses = await Promise.all(Array.from({ length: 16 }, () => save({ items: [{ ...piece, quantity: 1 }] })));
    const saved = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(saved).toHaveLength(5);
    expect(refused.map((response) => response.statusCode)).toEqual(Array(11).fill(409));
    for (const response of refused) expect(response.json<{ error: string }>().error).toMatch(/out of stock|Only \d+ left/);
    expect(await stockOf(t.database.db, piece)).toBe(0);
  });

  // Issue 38: a cashier's retries of one bill (the same Idempotency-Key) reaching the server together.
  it('retried with one Idempotency-Key at the same moment make one bill and take the stock once', async () => {
    const piece = await sellableProduct(t, { stock: 10, pricePaise: 80_000 });
    const key = `race-${Date.now().toString(36)}`;
    const body = {
      customerName: 'Impatient Cashier',
      items: [
        { ...piece, quantity: 2 },
        { name: 'Fall and pico', price: 15_000, quantity: 1 },
      ],
    };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        adminCall(t.app, 'POST', '/api/admin/bill/createBill', { asid: owner.asid, body, headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(responses.map((response) => response.json<{ data: { bill: Bill } }>().data.bill._id));
    expect(ids.size).toBe(1);
    expect(await stockOf(t.database.db, piece)).toBe(8);
    const [saved] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from bills where idempotency_key = ${key}`,
    );
    expect(saved!.n).toBe(1);
  });

  it('returns at once get consecutive credit-note numbers, and one line is never returned twice over', async () => {
    const bills = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const response = await save({ customerName: `Returner ${i}`, items: [{ name: 'Jhumka', price: 40_000, quantity: 1 }] });
        return response.json<{ data: { bill: Bill } }>().data.bill;
      }),
    );
    const giveBack = (bill: Bill) =>
      adminCall(t.app, 'POST', `/api/admin/bill/returnItems/${bill._id}`, {
        asid: owner.asid,
        body: { items: [{ itemId: bill.items[0]!._id, quantity: 1 }], refundMode: 'cash', reason: 'Changed her mind' },
      });
    // Ten bills returned at the same moment, and the other two each returned by four cashiers at once.
    const [many, twice] = [bills.slice(0, 10), bills.slice(10)];
    const responses = await Promise.all([
      ...many.map(giveBack),
      ...twice.flatMap((bill) => Array.from({ length: 4 }, () => giveBack(bill))),
    ]);
    const issued = responses.filter((response) => response.statusCode === 201);
    expect(issued).toHaveLength(12);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(6);
    const numbers = issued.map((response) => response.json<{ data: { creditNote: CreditNote } }>().data.creditNote.creditNoteNumber);
    for (const number of numbers) expect(number).toMatch(/^CN\/\d\d-\d\d\/\d{5}$/);
    const sequences = numbers.map((number) => Number(number.slice(-5))).sort((a, b) => a - b);
    expect(new Set(sequences).size).toBe(12);
    expect(sequences.at(-1)! - sequences[0]!).toBe(11);
    const { rollups, recount } = await rollupsAndRecount(t.database.db);
    expect(rollups).toEqual(recount);
  });
});
