import {
  gstinCheckCharacter,
  type Bill,
  type CreditNoteRegister,
  type Gstr1Answer,
  type OrderInvoice,
  type SalesRangeReport,
} from '@shop/core';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, adminLogin, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { insertOffer } from '../test/promotions-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

// Issue 43: GET /api/admin/gst/gstr1 and gstr1.zip, the owner's, from the documents issued in the period.
let clock = new Date('2030-06-15T12:00:00+05:30');
const mail = capturingMailer();
const t = useTestApp({
  services: { now: () => clock, mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } },
});

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
let kurtis: string;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
  kurtis = await t.services.catalogueAdmin.createCategory({
    name: 'Kurtis',
    slug: 'kurtis',
    style: 'traditional',
    hsnCode: '6211',
    position: 1,
  });
});

/** Moves the shop's clock, the owner signed in again (her session would have run out). */
async function moveClock(to: string) {
  clock = new Date(to);
  owner = { ...owner, asid: await adminLogin(t.app, owner.email) };
}

const call = (who: SignedInAdminForTest, url: string, method: 'GET' | 'POST' | 'PUT' = 'GET', body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });
const dataOf = async <T>(response: Promise<{ statusCode: number; body: string; json: <R>() => R }>) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBeLessThan(300);
  return answered.json<{ data: T }>().data;
};

const BUYER = `29AAACZ1234C1Z${gstinCheckCharacter('29AAACZ1234C1Z')}`;
const DELHI = { ...HOME_ADDRESS, street: '4 Janpath', city: 'New Delhi', district: 'New Delhi', state: 'Delhi', pincode: '110001' };

describe('GSTR-1', () => {
  it('answers the return of a month, each table as issued (B2B, B2CL, B2CS net of a note, documents; a void bill cancelled)', async () => {
    const kurti = await sellableProduct(t, { name: 'Cotton Kurti', pricePaise: 50_000, stock: 20, categoryId: kurtis });
    const lehenga = await sellableProduct(t, { name: 'Bridal Lehenga', pricePaise: 11_000_000, stock: 2, categoryId: kurtis });
    // A registered buyer at the counter (intra-state B2B): two ₹500 kurtis.
    const b2b = (
      await dataOf<{ bill: Bill }>(
        call(owner, '/api/admin/bill/createBill', 'POST', {
          items: [{ ...kurti, quantity: 2 }],
          buyerGstin: BUYER,
          buyerName: 'Zari Traders',
        }),
      )
    ).bill;
    // Online: a ₹500 kurti to Karnataka (+₹50 shipping), a ₹1,10,000 lehenga and a ₹500 kurti to Delhi, the last cancelled.
    await placedOrder(t, mail, { ...kurti, quantity: 1, paid: true });
    await placedOrder(t, mail, { ...lehenga, quantity: 1, paid: true, address: DELHI });
    const cancelled = await placedOrder(t, mail, { ...kurti, quantity: 1, paid: true, address: DELHI });
    await dataOf(call(owner, `/api/admin/order/cancelOrder/${cancelled.orderId}`, 'POST', { reason: 'Out of stock' }));
    // A bill voided the day it was made keeps its number, cancelled.
    const voided = (await dataOf<{ bill: Bill }>(call(owner, '/api/admin/bill/createBill', 'POST', { items: [{ ...kurti, quantity: 1 }] })))
      .bill;
    await dataOf(call(owner, `/api/admin/bill/voidBill/${voided._id}`, 'POST', { reason: 'Wrong item' }));

    const answer = await dataOf<Gstr1Answer>(call(owner, '/api/admin/gst/gstr1?period=2030-06'));
    expect(answer.period).toEqual({
      period: '2030-06',
      kind: 'month',
      from: '2030-06-01',
      to: '2030-06-30',
      fp: '062030',
      label: 'June 2030',
    });
    const { gstr1 } = answer;
    expect(gstr1.gstin).toBe('29ABCDE1234F1ZW');
    expect(gstr1.fp).toBe('062030');
    expect(gstr1.b2b).toEqual([
      {
        ctin: BUYER,
        inv: [
          {
            inum: b2b.invoiceNumber,
            idt: '15-06-2030',
            val: 1000,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 5, txval: 952.38, iamt: 0, camt: 23.81, samt: 23.81, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(gstr1.b2cl).toEqual([
      {
        pos: '07',
        inv: [
          {
            inum: 'WEB/30-31/00002',
            idt: '15-06-2030',
            val: 110000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 93220.34, iamt: 16779.66, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    // Delhi's cancelled kurti and its shipping are credited in full: nothing left there.
    expect(gstr1.b2cs).toEqual([
      { sply_ty: 'INTER', pos: '07', typ: 'OE', rt: 5, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 5, txval: 523.82, iamt: 0, camt: 13.09, samt: 13.09, csamt: 0 },
    ]);
    expect(gstr1.cdnr).toEqual([]);
    expect(gstr1.cdnur).toEqual([]);
    expect(gstr1.hsn).toEqual({
      hsn_b2b: [
        {
          num: 1,
          hsn_sc: '6211',
          desc: 'Apparel, not knitted or crocheted',
          uqc: 'PCS',
          qty: 2,
          rt: 5,
          txval: 952.38,
          iamt: 0,
          camt: 23.81,
          samt: 23.81,
          csamt: 0,
        },
      ],
      hsn_b2c: [
        {
          num: 1,
          hsn_sc: '6211',
          desc: 'Apparel, not knitted or crocheted',
          uqc: 'PCS',
          qty: 1,
          rt: 5,
          txval: 476.2,
          iamt: 0,
          camt: 11.9,
          samt: 11.9,
          csamt: 0,
        },
        {
          num: 2,
          hsn_sc: '6211',
          desc: 'Apparel, not knitted or crocheted',
          uqc: 'PCS',
          qty: 1,
          rt: 18,
          txval: 93220.34,
          iamt: 16779.66,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        {
          num: 3,
          hsn_sc: '996812',
          desc: 'Courier services',
          uqc: 'NA',
          qty: 0,
          rt: 5,
          txval: 47.62,
          iamt: 0,
          camt: 1.19,
          samt: 1.19,
          csamt: 0,
        },
      ],
    });
    expect(gstr1.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: 'Invoices for outward supply',
          docs: [
            { num: 1, from: 'INV/30-31/00001', to: 'INV/30-31/00002', totnum: 2, cancel: 1, net_issue: 1 },
            { num: 2, from: 'WEB/30-31/00001', to: 'WEB/30-31/00003', totnum: 3, cancel: 0, net_issue: 3 },
          ],
        },
        {
          doc_num: 5,
          doc_typ: 'Credit Note',
          docs: [{ num: 1, from: 'CN/30-31/00001', to: 'CN/30-31/00001', totnum: 1, cancel: 0, net_issue: 1 }],
        },
      ],
    });
    expect(answer.warnings).toEqual([]);
  });

  it('is the owner’s: staff 403', async () => {
    const response = await call(staff, '/api/admin/gst/gstr1?period=2030-06');
    expect(response.statusCode).toBe(403);
    expect((await call(staff, '/api/admin/gst/gstr1.zip?period=2030-06')).statusCode).toBe(403);
    expect((await call(staff, '/api/admin/gst/gstr1.json?period=2030-06')).statusCode).toBe(403);
  });

  it('refuses a bad period naming it, a future one and one before the first invoice, in words', async () => {
    for (const period of ['2030-13', '2030-Q5', 'June', '']) {
      const bad = await call(owner, `/api/admin/gst/gstr1?period=${period}`);
      expect(bad.statusCode, period).toBe(400);
      expect(bad.json<ErrorEnvelope>().error).toMatch(/period/);
    }
    const future = await call(owner, '/api/admin/gst/gstr1?period=2030-07');
    expect(future.statusCode).toBe(400);
    expect(future.json<ErrorEnvelope>().error).toMatch(/has not begun yet/);
    const before = await call(owner, '/api/admin/gst/gstr1?period=2029-Q4');
    expect(before.statusCode).toBe(400);
    expect(before.json<ErrorEnvelope>().error).toMatch(/before the shop's first invoice/);
  });

  it('adds up on a generated month: the return = Σ invoices − Σ credit notes = the sales report’s net for the same days', async () => {
    await moveClock('2030-07-05T11:00:00+05:30');
    // The shop's offer (₹200 off from ₹2,000) discounts the larger online orders; the counter gives its own discounts.
    await insertOffer(t.database.db, { startsOn: '2030-07-01', endsOn: '2030-07-31' });
    const kurti = await sellableProduct(t, { name: 'July Kurti', pricePaise: 50_000, stock: 40, categoryId: kurtis });
    const lehenga = await sellableProduct(t, { name: 'July Lehenga', pricePaise: 11_000_000, stock: 2, categoryId: kurtis });
    const createBill = async (body: object) => (await dataOf<{ bill: Bill }>(call(owner, '/api/admin/bill/createBill', 'POST', body))).bill;
    const discounted = await createBill({ items: [{ ...kurti, quantity: 3 }], discount: 10, discountFlat: 3_333 });
    await createBill({ items: [{ ...kurti, quantity: 2 }], buyerGstin: BUYER, buyerName: 'Zari Traders' });
    const voided = await createBill({ items: [{ ...kurti, quantity: 1 }] });
    await dataOf(call(owner, `/api/admin/bill/voidBill/${voided._id}`, 'POST', { reason: 'Wrong item' }));
    await dataOf(
      call(owner, `/api/admin/bill/returnItems/${discounted._id}`, 'POST', {
        items: [{ itemId: discounted.items[0]!._id, quantity: 1 }],
        refundMode: 'cash',
        reason: 'Colour',
      }),
    );
    const delhiBuyer = `07AAACZ1234C1Z${gstinCheckCharacter('07AAACZ1234C1Z')}`;
    const orders = [
      await placedOrder(t, mail, { ...kurti, quantity: 5, paid: true }),
      await placedOrder(t, mail, { ...lehenga, quantity: 1, paid: true, address: DELHI }),
      await placedOrder(t, mail, { ...kurti, quantity: 1, paid: true, address: DELHI }),
      await placedOrder(t, mail, {
        ...kurti,
        quantity: 4,
        paid: true,
        address: DELHI,
        payment: { buyerGstin: delhiBuyer, buyerName: 'Janpath Textiles' },
      }),
    ];
    await moveClock('2030-07-20T10:00:00+05:30');
    // Cancelled after payment, each with its credit note: a B2CS one, the B2CL lehenga (CDNUR), the B2B order (CDNR).
    for (const order of [orders[2]!, orders[1]!, orders[3]!]) {
      await dataOf(call(owner, `/api/admin/order/cancelOrder/${order.orderId}`, 'POST', { reason: 'Out of stock' }));
    }

    const answer = await dataOf<Gstr1Answer>(call(owner, '/api/admin/gst/gstr1?period=2030-07'));
    expect(answer.warnings).toEqual([]);
    expect(answer.summary.map((row) => [row.table, row.records])).toEqual([
      ['b2b', 2],
      ['b2cl', 1],
      ['b2cs', 2],
      ['cdnr', 1],
      ['cdnur', 1],
      ['hsn_b2b', 1],
      ['hsn_b2c', 3],
      // 3 bills (1 voided), 4 online invoices, 4 credit notes: 10 issued net.
      ['doc_issue', 10],
    ]);
    const row = (table: string) => answer.summary.find((item) => item.table === table)!;
    type Sums = { taxable: number; cgst: number; sgst: number; igst: number };
    const returned: Sums = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    for (const [table, sign] of [
      ['b2b', 1],
      ['b2cl', 1],
      ['b2cs', 1],
      ['cdnr', -1],
      ['cdnur', -1],
    ] as const) {
      returned.taxable += sign * row(table).taxableValue;
      returned.cgst += sign * row(table).cgst;
      returned.sgst += sign * row(table).sgst;
      returned.igst += sign * row(table).igst;
    }
    // The HSN summary says the same.
    expect({
      taxable: row('hsn_b2b').taxableValue + row('hsn_b2c').taxableValue,
      cgst: row('hsn_b2b').cgst + row('hsn_b2c').cgst,
      sgst: row('hsn_b2b').sgst + row('hsn_b2c').sgst,
      igst: row('hsn_b2b').igst + row('hsn_b2c').igst,
    }).toEqual(returned);

    // The documents as their own calls answer them: the bills, each order's invoice, the credit-note register.
    const bills = (await dataOf<{ bills: Bill[] }>(call(owner, '/api/admin/bill/getAllBills?from=2030-07-01&to=2030-07-31'))).bills.filter(
      (bill) => bill.status === 'paid',
    );
    const invoices = await Promise.all(
      orders.map(
        async (order) => (await dataOf<{ invoice: OrderInvoice }>(call(owner, `/api/admin/order/getInvoice/${order.orderId}`))).invoice,
      ),
    );
    const notes = await dataOf<CreditNoteRegister>(call(owner, '/api/admin/bill/getAllCreditNotes?from=2030-07-01&to=2030-07-31'));
    expect(notes.creditNotes).toHaveLength(4);
    // Discounts were there to get right: the offer on the larger orders, the counter's percentage and flat ₹.
    expect(invoices.map((invoice) => invoice.totals.orderDiscount)).toEqual([20_000, 20_000, 0, 20_000]);
    expect(bills.find((bill) => bill._id === discounted._id)!.discountAmount).toBeGreaterThan(15_000);
    const documents: Sums = {
      taxable: sum(bills, (bill) => bill.gst.taxableValue) + sum(invoices, (invoice) => invoice.totals.taxable) - notes.totals.taxableValue,
      cgst: sum(bills, (bill) => bill.gst.cgst) + sum(invoices, (invoice) => invoice.totals.cgst) - notes.totals.cgst,
      sgst: sum(bills, (bill) => bill.gst.sgst) + sum(invoices, (invoice) => invoice.totals.sgst) - notes.totals.sgst,
      igst: sum(bills, (bill) => bill.gst.igst) + sum(invoices, (invoice) => invoice.totals.igst) - notes.totals.igst,
    };
    expect(returned).toEqual(documents);
    expect(returned.cgst).toBe(returned.sgst);

    // The sales report's net of the same days: what was charged, net of the credit notes; a bill's round-off (not a
    // supply, so in no return) is in the takings.
    const report = await dataOf<SalesRangeReport>(call(owner, '/api/admin/report/range?from=2030-07-01&to=2030-07-31'));
    const roundOff = sum(bills, (bill) => bill.roundOff);
    expect(report.totalRevenue).toBe(returned.taxable + returned.cgst + returned.sgst + returned.igst + roundOff);
  });

  it('answers a valid empty return for a month without sales after the first invoice', async () => {
    await moveClock('2030-09-02T10:00:00+05:30');
    const answer = await dataOf<Gstr1Answer>(call(owner, '/api/admin/gst/gstr1?period=2030-08'));
    expect(answer.gstr1).toEqual({
      gstin: '29ABCDE1234F1ZW',
      fp: '082030',
      b2b: [],
      b2cl: [],
      b2cs: [],
      cdnr: [],
      cdnur: [],
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
    expect(answer.summary.every((item) => item.records === 0 && item.taxableValue === 0)).toBe(true);
  });

  it('refuses a period whose documents were issued under two GSTINs, in words, and mixes nothing', async () => {
    const settings = (await dataOf<{ settings: Record<string, unknown> }>(call(owner, '/api/admin/settings/getSettings'))).settings;
    const other = `29ZZZZZ9999Z1Z${gstinCheckCharacter('29ZZZZZ9999Z1Z')}`;
    await dataOf(call(owner, '/api/admin/settings/updateSettings', 'PUT', { ...settings, gstin: other }));
    const kurti = await sellableProduct(t, { pricePaise: 50_000, stock: 5, categoryId: kurtis });
    await dataOf(call(owner, '/api/admin/bill/createBill', 'POST', { items: [{ ...kurti, quantity: 1 }] }));
    // September has a bill under the new GSTIN only: its return carries it.
    expect((await dataOf<Gstr1Answer>(call(owner, '/api/admin/gst/gstr1?period=2030-09'))).gstr1.gstin).toBe(other);
    // The quarter July–September has documents under both.
    const mixed = await call(owner, '/api/admin/gst/gstr1?period=2030-Q2');
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json<ErrorEnvelope>().error).toBe(
      `The documents of Q2 2030-31 (July–September 2030) were issued under different GSTINs (29ABCDE1234F1ZW, ${other}): a return is for one GSTIN, so file each registration's documents under it (ask your accountant); nothing was mixed.`,
    );
  });

  it('zips the offline tool’s sheets, and downloads its JSON alone', async () => {
    const response = await call(owner, '/api/admin/gst/gstr1.zip?period=2030-Q1');
    const answer = await dataOf<Gstr1Answer>(call(owner, '/api/admin/gst/gstr1?period=2030-Q1'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['b2b.csv', 'b2cl.csv', 'b2cs.csv', 'cdnr.csv', 'cdnur.csv', 'docs.csv', 'hsn(b2b).csv', 'hsn(b2c).csv'].sort(),
    );
    const sheet = (name: string) => strFromU8(files[name]!).trim().split('\n');
    expect(sheet('b2cs.csv')[0]).toBe('Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN');
    expect(sheet('b2b.csv')[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
    );
    expect(sheet('b2cl.csv')[0]).toBe(
      'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
    expect(sheet('cdnr.csv')[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    );
    expect(sheet('cdnur.csv')[0]).toBe(
      'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
    );
    for (const name of ['hsn(b2b).csv', 'hsn(b2c).csv']) {
      expect(sheet(name)[0]).toBe(
        'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      );
    }
    expect(sheet('docs.csv')[0]).toBe('Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled');
    // The rows are the JSON's: places of supply as '29-Karnataka', dates as the tool's dd-Mon-yy, rupees.
    expect(sheet('b2cs.csv').slice(1)).toEqual(
      answer.gstr1.b2cs.map((row) => `OE,${row.pos === '29' ? '29-Karnataka' : '07-Delhi'},${row.rt},,${row.txval.toFixed(2)},0.00,`),
    );
    expect(sheet('b2b.csv')[1]).toBe(`${BUYER},Zari Traders,INV/30-31/00001,15-Jun-30,1000.00,29-Karnataka,N,,Regular B2B,,5,952.38,0.00`);
    expect(sheet('b2cl.csv').slice(1)).toEqual(['WEB/30-31/00002,15-Jun-30,110000.00,07-Delhi,,18,93220.34,0.00,']);
    expect(sheet('hsn(b2b).csv')).toHaveLength(1 + answer.gstr1.hsn.hsn_b2b.length);
    expect(sheet('docs.csv').slice(1)).toEqual(
      answer.gstr1.doc_issue.doc_det.flatMap((det) =>
        det.docs.map((doc) => `${det.doc_typ},${doc.from},${doc.to},${doc.totnum},${doc.cancel}`),
      ),
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="GSTR1_29ABCDE1234F1ZW_062030.zip"');

    // The JSON alone, as the offline tool imports it: the same return, no envelope.
    const json = await call(owner, '/api/admin/gst/gstr1.json?period=2030-Q1');
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${answer.gstr1.gstin}_${answer.gstr1.fp}.json"`);
    expect(json.json()).toEqual(answer.gstr1);
    expect((await call(owner, '/api/admin/gst/gstr1.json?period=2030-13')).statusCode).toBe(400);
  });
});
