import type { AuditEntry, Bill, BillableItem } from '@shop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

let clock = new Date('2026-11-20T12:00:00+05:30');
const t = useTestApp({ services: { now: () => clock } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

/** Moves the shop's clock; a new sign-in, as sessions expire by that clock. */
async function setClock(at: string) {
  clock = new Date(at);
  staff = await signedInOwner(t, 'Clock Owner');
}

const call = (method: 'GET' | 'POST', url: string, body?: object) => adminCall(t.app, method, url, { asid: staff.asid, body });
const createBill = async (body: object) => {
  const response = await call('POST', '/api/admin/bill/createBill', body);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ bill: Bill }>(response).bill;
};
const listBills = async (query: string) =>
  dataOf<{ bills: Bill[]; total: number; page: number; limit: number }>(await call('GET', `/api/admin/bill/getAllBills?${query}`));

describe('payment modes (issue 26)', () => {
  it('records a bill split across cash (with the change) and UPI, and answers it in createBill, getBill, getAllBills and the CSV', async () => {
    const saree = await sellableProduct(t, { name: 'Split Saree', pricePaise: 1_49_900, stock: 3, variants: false });
    const bill = await createBill({
      customerName: 'Split Payer',
      items: [{ productId: saree.productId, quantity: 1 }],
      payments: [
        { mode: 'cash', amount: 50_000, tendered: 60_000 },
        { mode: 'upi', amount: 99_900 },
      ],
    });
    expect(bill.totalPrice).toBe(1_49_900);
    expect(bill.payments).toEqual([
      { mode: 'cash', amount: 50_000, tendered: 60_000, change: 10_000 },
      { mode: 'upi', amount: 99_900 },
    ]);
    expect(dataOf<{ bill: Bill }>(await call('GET', `/api/admin/bill/getBill/${bill._id}`)).bill.payments).toEqual(bill.payments);
    const listed = await listBills('customer=split%20payer');
    expect(listed.bills.find((row) => row._id === bill._id)?.payments).toEqual(bill.payments);
    const csv = await adminCall(t.app, 'GET', '/api/admin/bill/exportBills?customer=split%20payer', { asid: owner.asid });
    // A column per mode, and the cash received.
    expect(csv.body).toMatch(/,1499\.00,500\.00,999\.00,,600\.00,,,\n/);

    const card = await createBill({
      items: [{ name: 'Fall and pico', price: 20_000, quantity: 1 }],
      payments: [{ mode: 'card', amount: 20_000 }],
    });
    expect(card.payments).toEqual([{ mode: 'card', amount: 20_000 }]);
    const walkIn = await createBill({ items: [{ name: 'Tassels', price: 5_000, quantity: 2 }] });
    expect(walkIn.payments).toEqual([{ mode: 'cash', amount: 10_000 }]);
  });

  it('refuses payments that do not add up to the total (400 naming them) and writes nothing: no stock taken, no invoice number used', async () => {
    const lehenga = await sellableProduct(t, { name: 'Unpaid Lehenga', pricePaise: 2_00_000, stock: 2, variants: false });
    const before = await listBills('');
    const short = await call('POST', '/api/admin/bill/createBill', {
      items: [{ productId: lehenga.productId, quantity: 1 }],
      payments: [
        { mode: 'cash', amount: 1_00_000 },
        { mode: 'card', amount: 50_000 },
      ],
    });
    expect([short.statusCode, errorOf(short)]).toEqual([400, "payments: The payments add up to ₹1,500.00; the bill's total is ₹2,000.00."]);
    expect(short.json<ErrorEnvelope>().fields).toEqual({
      payments: "The payments add up to ₹1,500.00; the bill's total is ₹2,000.00.",
    });
    const twice = await call('POST', '/api/admin/bill/createBill', {
      items: [{ productId: lehenga.productId, quantity: 1 }],
      payments: [
        { mode: 'upi', amount: 1_00_000 },
        { mode: 'upi', amount: 1_00_000 },
      ],
    });
    expect([twice.statusCode, errorOf(twice)]).toEqual([400, 'payments.1.mode: Each payment mode once, please.']);
    const lessCash = await call('POST', '/api/admin/bill/createBill', {
      items: [{ productId: lehenga.productId, quantity: 1 }],
      payments: [{ mode: 'cash', amount: 2_00_000, tendered: 1_00_000 }],
    });
    expect([lessCash.statusCode, errorOf(lessCash)]).toEqual([400, 'payments.0.tendered: Cash received must be at least the cash amount.']);
    const unknown = await call('POST', '/api/admin/bill/createBill', {
      items: [{ productId: lehenga.productId, quantity: 1 }],
      payments: [{ mode: 'cheque', amount: 2_00_000 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatch(/^payments\.0\.mode: /);

    expect(await stockOf(t.database.db, lehenga)).toBe(2);
    expect((await listBills('')).total).toBe(before.total);
    // The next bill takes the next number: the refused ones used none.
    const next = await createBill({
      items: [{ productId: lehenga.productId, quantity: 1 }],
      payments: [{ mode: 'upi', amount: 2_00_000 }],
    });
    const sequence = (bill: Bill) => Number(bill.invoiceNumber.slice(-5));
    expect(before.bills.length).toBeGreaterThan(0);
    expect(sequence(next)).toBe(Math.max(...before.bills.map(sequence)) + 1);
  });

  it("sums the day's takings per mode for closing the till", async () => {
    const day = '2026-11-21';
    await setClock(`${day}T11:00:00+05:30`);
    await createBill({
      items: [{ name: 'Blouse stitching', price: 80_000, quantity: 1 }],
      payments: [{ mode: 'cash', amount: 80_000, tendered: 1_00_000 }],
    });
    await createBill({
      items: [{ name: 'Saree draping', price: 30_000, quantity: 1 }],
      payments: [
        { mode: 'upi', amount: 20_000 },
        { mode: 'card', amount: 10_000 },
      ],
    });
    // Cash counts what the bill cost, not what was handed over: the change went back.
    expect(await t.services.billing.takingsByMode(day)).toEqual({ cash: 80_000, upi: 20_000, card: 10_000 });
    expect(await t.services.billing.takingsByMode('2026-11-22')).toEqual({ cash: 0, upi: 0, card: 0 });
    await setClock('2026-11-20T12:00:00+05:30');
  });
});

describe('createBill', () => {
  it('prices catalogue lines on the server, adds free-text lines, applies the discount and takes the stock', async () => {
    const kurti = await sellableProduct(t, { name: 'Bill Kurti', pricePaise: 100_000, discountPercent: 10, stock: 5 });
    const dupatta = await sellableProduct(t, { name: 'Bill Dupatta', pricePaise: 33_333, stock: 2, variants: false });
    const bill = await createBill({
      customerName: 'Asha Rao',
      customerPhone: '9876543210',
      discount: 12.5,
      items: [
        { ...kurti, quantity: 2 },
        { productId: dupatta.productId, quantity: 1 },
        { name: 'Alteration', price: 15_001, quantity: 1 },
      ],
    });
    // The dupatta's ₹333.33 MRP sells at ₹333 (whole rupees); the free-text line keeps its paise.
    // 2 × 90000 + 33300 + 15001 = 228301; × 0.875 = 199763.375 → 199763; to the rupee ₹1,998.00 (+₹0.37).
    expect(bill).toMatchObject({
      customerName: 'Asha Rao',
      customerPhone: '9876543210',
      discount: 12.5,
      subtotal: 228_301,
      totalPrice: 199_800,
      roundOff: 37,
      discountAmount: 28_538,
      createdAt: clock.toISOString(),
    });
    expect(bill.invoiceNumber).toMatch(/^INV\/26-27\/\d{5}$/);
    expect(bill.items.map((item) => [item.name, item.quantity, item.price, item.total])).toEqual([
      ['Bill Kurti (Bill Kurti M)', 2, 90_000, 180_000],
      ['Bill Dupatta', 1, 33_300, 33_300],
      ['Alteration', 1, 15_001, 15_001],
    ]);
    // In the shop's own state: CGST + SGST, and the GST parts add up to the total.
    expect(bill.gst).toMatchObject({ placeOfSupply: 'Karnataka', interState: false, igst: 0 });
    // The round-off is not taxed: taxable value and GST make the total before it.
    expect(bill.gst.taxableValue + bill.gst.totalTax).toBe(bill.totalPrice - bill.roundOff);
    expect(await stockOf(t.database.db, kurti)).toBe(3);
    expect(await stockOf(t.database.db, dupatta)).toBe(1);

    const again = dataOf<{ bill: Bill }>(await call('GET', `/api/admin/bill/getBill/${bill._id}`)).bill;
    expect(again).toEqual(bill);
    const entries = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', `/api/admin/audit?entity=bill&entityId=${bill._id}`, { asid: owner.asid }),
    ).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'bill.create' });
  });

  it('keeps the whole amount at 0 % and charges nothing at 100 %; a walk-in has no name or phone', async () => {
    const free = await createBill({ discount: 100, items: [{ name: 'Gift wrap', price: 4_999, quantity: 3 }] });
    expect(free).toMatchObject({ customerName: '', customerPhone: '', subtotal: 14_997, totalPrice: 0, discountAmount: 14_997 });
    expect(free.gst.totalTax).toBe(0);
    const full = await createBill({ customerName: '', customerPhone: '', items: [{ name: 'Gift wrap', price: 4_999, quantity: 3 }] });
    expect(full).toMatchObject({ discount: 0, subtotal: 14_997, totalPrice: 15_000, roundOff: 3 });
  });

  it("takes line discounts, a flat ₹ discount and rounds to the rupee as its own line; GST on each line's discounted value, not on the round-off (issue 40)", async () => {
    const saree = await sellableProduct(t, { name: 'Round Saree', pricePaise: 269_900, stock: 2, variants: false });
    const kurti = await sellableProduct(t, { name: 'Round Kurti', pricePaise: 99_900, stock: 3, variants: false });
    const bill = await createBill({
      discount: 5,
      discountFlat: 20_000,
      items: [
        { productId: saree.productId, quantity: 1, discount: 10 },
        { productId: kurti.productId, quantity: 2 },
      ],
      payments: [{ mode: 'upi', amount: 400_600 }],
    });
    // ₹2,429.10 + ₹1,998.00 = ₹4,427.10; 5 % off → ₹4,205.75; ₹200 off → ₹4,005.75; ₹4,006.00 to pay (+₹0.25).
    expect(bill).toMatchObject({
      subtotal: 469_700,
      lineDiscountAmount: 26_990,
      percentDiscountAmount: 22_135,
      discountFlat: 20_000,
      discountAmount: 69_125,
      roundOff: 25,
      totalPrice: 400_600,
    });
    expect(bill.items.map((item) => [item.discount, item.discountAmount, item.gstRate])).toEqual([
      [10, 26_990, 5],
      [0, 0, 5],
    ]);
    expect(bill.gst.taxableValue + bill.gst.totalTax).toBe(400_575);
    expect(dataOf<{ bill: Bill }>(await call('GET', `/api/admin/bill/getBill/${bill._id}`)).bill).toEqual(bill);

    // The payments must add up to the rounded total.
    const unrounded = await call('POST', '/api/admin/bill/createBill', {
      items: [{ name: 'Fall and pico', price: 24_910, quantity: 1 }],
      payments: [{ mode: 'cash', amount: 24_910 }],
    });
    expect([unrounded.statusCode, errorOf(unrounded)]).toEqual([
      400,
      "payments: The payments add up to ₹249.10; the bill's total is ₹249.00.",
    ]);
    const tooMuch = await call('POST', '/api/admin/bill/createBill', {
      discountFlat: 10_001,
      items: [{ name: 'Pin', price: 10_000, quantity: 1 }],
    });
    expect([tooMuch.statusCode, errorOf(tooMuch)]).toEqual([
      400,
      'discountFlat: The flat discount can be at most ₹100.00, what is left to pay.',
    ]);
  });

  it('bills an item not in the catalogue with its HSN/SAC and rate: SAC 9988 job work at 5 % unless chosen (issue 40)', async () => {
    const bill = await createBill({
      items: [
        { name: 'Blouse stitching', price: 300_000, quantity: 1 },
        { name: 'Fabric by the metre', price: 50_000, quantity: 2, hsnCode: '5208', gstRate: 18 },
      ],
    });
    // The garment rule would tax ₹3,000 at 18 %; job work is 5 %.
    expect(bill.items.map((item) => [item.hsnCode, item.gstRate, item.taxableValue])).toEqual([
      ['9988', 5, 285_714],
      ['5208', 18, 84_746],
    ]);
    const badRate = await call('POST', '/api/admin/bill/createBill', { items: [{ name: 'Fall', price: 10_000, quantity: 1, gstRate: 7 }] });
    expect([badRate.statusCode, errorOf(badRate)]).toEqual([400, 'items.0.gstRate: GST rate must be one of 3%, 5%, 18%.']);
  });

  it('refuses more pieces than are left with 409 and changes nothing', async () => {
    const piece = await sellableProduct(t, { name: 'Last Saree', pricePaise: 500_000, stock: 2 });
    const before = (await listBills('')).total;
    const response = await call('POST', '/api/admin/bill/createBill', {
      items: [
        { name: 'Fall and pico', price: 10_000, quantity: 1 },
        { ...piece, quantity: 2 },
        { ...piece, quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatch(/^Only 2 left/);
    expect(await stockOf(t.database.db, piece)).toBe(2);
    expect((await listBills('')).total).toBe(before);
  });

  it('answers 400 naming the field for bad input, 404 for an unknown product', async () => {
    const piece = await sellableProduct(t, { stock: 3 });
    const cases: Array<[object, string]> = [
      [{ discount: 100.5, items: [{ ...piece, quantity: 1 }] }, 'discount'],
      [{ discount: -1, items: [{ ...piece, quantity: 1 }] }, 'discount'],
      [{ items: [] }, 'items'],
      [{ items: [{ ...piece, quantity: 0 }] }, 'items.0.quantity'],
      [{ customerPhone: '12345', items: [{ ...piece, quantity: 1 }] }, 'customerPhone'],
      [{ items: [{ name: 'Pin', price: -1, quantity: 1 }] }, 'items.0.price'],
      [{ items: [{ productId: piece.productId, quantity: 1 }] }, 'items.0.variantId'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/api/admin/bill/createBill', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).startsWith(`${field}:`), errorOf(response)).toBe(true);
    }
    const unknown = await call('POST', '/api/admin/bill/createBill', {
      items: [{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/api/admin/bill/getBill/nope')).statusCode).toBe(404);
  });

  it('needs an admin session', async () => {
    const response = await adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
      body: { items: [{ name: 'x', price: 1, quantity: 1 }] },
    });
    expect(response.statusCode).toBe(401);
    expect((await adminCall(t.app, 'GET', '/api/admin/bill/getAllBills')).statusCode).toBe(401);
  });

  it('numbers bills consecutively per financial year, starting again on 1 April (India time)', async () => {
    const line = { items: [{ name: 'Tassel', price: 1_000, quantity: 1 }] };
    await setClock('2027-03-31T23:59:00+05:30');
    const last = await createBill(line);
    const lastToo = await createBill(line);
    // 18:31 UTC on 31 March is 00:01 on 1 April in India: the new financial year.
    await setClock('2027-03-31T18:31:00Z');
    const first = await createBill(line);
    const second = await createBill(line);
    expect(last.invoiceNumber.slice(0, 10)).toBe('INV/26-27/');
    expect(Number(lastToo.invoiceNumber.slice(10))).toBe(Number(last.invoiceNumber.slice(10)) + 1);
    expect([first.invoiceNumber, second.invoiceNumber]).toEqual(['INV/27-28/00001', 'INV/27-28/00002']);
    await setClock('2026-11-20T12:00:00+05:30');
  });
});

describe('findItems', () => {
  it('finds a scanned SKU first and words of a name, with price and stock', async () => {
    const piece = await sellableProduct(t, { name: 'Scannable Kurta', pricePaise: 80_000, discountPercent: 25, stock: 4 });
    const [{ sku }] = (await selectRows<{ sku: string }>(t.database.db, sql`select sku from variants where id = ${piece.variantId!}`)) as [
      { sku: string },
    ];
    const bySku = dataOf<{ items: BillableItem[] }>(
      await call('GET', `/api/admin/bill/findItems?q=${encodeURIComponent(sku.toLowerCase())}`),
    ).items;
    expect(bySku[0]).toMatchObject({ productId: piece.productId, variantId: piece.variantId, sku, price: 60_000, stock: 4 });
    const byName = dataOf<{ items: BillableItem[] }>(await call('GET', '/api/admin/bill/findItems?q=scannable')).items;
    expect(byName.map((item) => item.productId)).toContain(piece.productId);
    expect((await call('GET', '/api/admin/bill/findItems?q=')).statusCode).toBe(400);
  });
});

describe('getAllBills and exportBills', () => {
  it('filters by customer (any case, contains) and by whole India days at their edges; CSV of the same filter', async () => {
    const line = { items: [{ name: 'Bangles', price: 25_000, quantity: 2 }] };
    await setClock('2026-12-01T23:59:00+05:30');
    const late = await createBill({ ...line, customerName: 'Priya Sharma' });
    await setClock('2026-12-02T00:01:00+05:30');
    const early = await createBill({ ...line, customerName: 'PRIYANKA Iyer' });
    await setClock('2026-11-20T12:00:00+05:30');

    const ids = (page: { bills: Bill[] }) => page.bills.map((bill) => bill._id);
    expect(ids(await listBills('customer=priya'))).toEqual([early._id, late._id]);
    expect(ids(await listBills('customer=priya&from=2026-12-01&to=2026-12-01'))).toEqual([late._id]);
    expect(ids(await listBills('customer=priya&from=2026-12-02&to=2026-12-02'))).toEqual([early._id]);
    expect(ids(await listBills('customer=%25'))).toEqual([]);
    const page = await listBills('from=2026-12-01&to=2026-12-02');
    expect(page).toMatchObject({ total: 2, page: 1, limit: 50 });

    const bad = await call('GET', '/api/admin/bill/getAllBills?from=2026-13-01');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(/^from:/);
    expect((await call('GET', '/api/admin/bill/getAllBills?page=0')).statusCode).toBe(400);

    const csv = await call('GET', '/api/admin/bill/exportBills?customer=priya');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // For Excel: the UTF-8 byte-order mark first, times in India, the GST split.
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      'invoiceNumber,createdAt,customerName,customerPhone,status,line,item,sku,hsnCode,quantity,price,lineTotal,lineDiscount,amount,gstRate,taxableValue,cgst,sgst,igst,totalTax,subtotal,discount,discountFlat,discountAmount,roundOff,totalPrice,cash,upi,card,cashReceived,creditNotes,buyerGstin,buyerName',
    );
    expect(lines).toHaveLength(3);
    // Newest first: the 00:01 bill of 2 December, India time (18:31 UTC the day before).
    expect(lines[1]).toMatch(/^INV\/26-27\/\d{5},2026-12-02 00:01,PRIYANKA Iyer,,paid,1,Bangles,,9988,2,250\.00,500\.00,0\.00,500\.00,5,/);
    // CGST and SGST halves of the tax (an odd paisa to one of them), no IGST within the shop's state; taxable value and tax make the amount.
    const [amount, , taxable, cgst, sgst, igst, totalTax] = lines[1]!.split(',').slice(13, 20).map(Number);
    expect(igst).toBe(0);
    expect(Math.abs(Math.round((cgst! - sgst!) * 100))).toBeLessThanOrEqual(1);
    expect(Math.round((taxable! + totalTax!) * 100)).toBe(Math.round(amount! * 100));
    expect(Math.round((cgst! + sgst!) * 100)).toBe(Math.round(totalTax! * 100));
    // No payments given: one cash payment of the total.
    expect(lines[1]).toMatch(/,500\.00,0,0\.00,0\.00,0\.00,500\.00,500\.00,,,,,,$/);
  });

  it("has one row per line item, the bill's own figures on its first row only (issue 40)", async () => {
    const bill = await createBill({
      customerName: 'Csv Lines',
      items: [
        { name: 'Dupatta', price: 50_000, quantity: 1 },
        { name: '=Stitching', price: 30_000, quantity: 2, discount: 10 },
      ],
      payments: [
        { mode: 'card', amount: 50_000 },
        { mode: 'upi', amount: 54_000 },
      ],
    });
    const csv = (await call('GET', '/api/admin/bill/exportBills?customer=csv%20lines')).body.slice(1).trim().split('\n');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toMatch(
      new RegExp(`^${bill.invoiceNumber},[^,]+,Csv Lines,,paid,1,Dupatta,,9988,1,500\\.00,500\\.00,0\\.00,500\\.00,5,`),
    );
    expect(csv[1]).toMatch(/,1100\.00,0,0\.00,60\.00,0\.00,1040\.00,,540\.00,500\.00,,,,$/);
    // The second line: its own discount and tax, the formula kept as text, the bill's columns empty.
    expect(csv[2]).toMatch(/,paid,2,'=Stitching,,9988,2,300\.00,600\.00,60\.00,540\.00,5,514\.28,12\.86,12\.86,/);
    expect(csv[2]).toMatch(/,,,,,,,,,,,,,$/);
  });

  it('searches by phone digits and bill number, filters by payment mode and void, in the list and the CSV (issue 40)', async () => {
    await setClock('2027-02-10T11:00:00+05:30');
    const line = { items: [{ name: 'Search Bangles', price: 10_000, quantity: 1 }] };
    const byUpi = await createBill({ ...line, customerPhone: '9123456780', payments: [{ mode: 'upi', amount: 10_000 }] });
    const byCash = await createBill({ ...line, customerPhone: '9123400000' });
    const voided = await createBill({ ...line, customerPhone: '9000000001' });
    const ownerCall = (url: string, body: object) => adminCall(t.app, 'POST', url, { asid: owner.asid, body });
    owner = await signedInOwner(t, 'Search Owner');
    expect((await ownerCall(`/api/admin/bill/voidBill/${voided._id}`, { reason: 'Mistake' })).statusCode).toBe(200);
    const day = 'from=2027-02-10&to=2027-02-10';
    const ids = async (query: string) => (await listBills(`${day}&${query}`)).bills.map((bill) => bill._id);
    expect(await ids('phone=%2B91%2091234')).toEqual([byCash._id, byUpi._id]);
    expect(await ids('phone=56780')).toEqual([byUpi._id]);
    expect(await ids(`invoice=${encodeURIComponent(byCash.invoiceNumber.slice(-5))}`)).toEqual([byCash._id]);
    expect(await ids(`invoice=${encodeURIComponent(byUpi.invoiceNumber.toLowerCase())}`)).toEqual([byUpi._id]);
    expect(await ids('mode=upi')).toEqual([byUpi._id]);
    expect(await ids('mode=cash&status=paid')).toEqual([byCash._id]);
    expect(await ids('status=void')).toEqual([voided._id]);
    const csv = (await call('GET', `/api/admin/bill/exportBills?${day}&mode=upi`)).body.slice(1).trim().split('\n');
    expect(csv.slice(1).map((row) => row.split(',')[0])).toEqual([byUpi.invoiceNumber]);
    const bad = await call('GET', '/api/admin/bill/getAllBills?mode=cheque');
    expect([bad.statusCode, errorOf(bad)]).toEqual([400, 'mode: mode must be one of cash, upi, card']);
    await setClock('2026-11-20T12:00:00+05:30');
  });

  it('pages past 50 bills', async () => {
    await setClock('2027-01-15T10:00:00+05:30');
    for (let i = 0; i < 51; i++) await createBill({ customerName: 'Paging Customer', items: [{ name: 'Pin', price: 100, quantity: 1 }] });
    await setClock('2026-11-20T12:00:00+05:30');
    const first = await listBills('customer=paging');
    const second = await listBills('customer=paging&page=2');
    expect(first.bills).toHaveLength(50);
    expect(second).toMatchObject({ total: 51, page: 2 });
    expect(second.bills).toHaveLength(1);
  });
});
