import type { Bill, Gstr1Answer } from '@shop/core';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 43: GET /api/admin/gst/gstr1 and gstr1.zip, the owner's, from the documents issued in the period.
const clock = new Date('2030-06-15T12:00:00+05:30');
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

const call = (who: SignedInAdminForTest, url: string, method: 'GET' | 'POST' = 'GET', body?: object) =>
  adminCall(t.app, method, url, { asid: who.asid, body });
const dataOf = async <T>(response: Promise<{ statusCode: number; body: string; json: <R>() => R }>) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBeLessThan(300);
  return answered.json<{ data: T }>().data;
};

describe('GSTR-1', () => {
  it('answers the return of a month from an online invoice and a counter bill (B2CS, HSN, documents)', async () => {
    const product = await sellableProduct(t, { pricePaise: 50_000, stock: 10, categoryId: kurtis });
    const order = await placedOrder(t, mail, { ...product, quantity: 1, paid: true });
    const bill = (await dataOf<{ bill: Bill }>(call(owner, '/api/admin/bill/createBill', 'POST', { items: [{ ...product, quantity: 2 }] })))
      .bill;
    const answer = await dataOf<Gstr1Answer>(call(owner, '/api/admin/gst/gstr1?period=2030-06'));
    expect(answer.period).toEqual({
      period: '2030-06',
      kind: 'month',
      from: '2030-06-01',
      to: '2030-06-30',
      fp: '062030',
      label: 'June 2030',
    });
    expect(answer.gstr1.gstin).toBe('29ABCDE1234F1ZW');
    expect({ b2b: answer.gstr1.b2b, b2cl: answer.gstr1.b2cl, cdnr: answer.gstr1.cdnr, cdnur: answer.gstr1.cdnur }).toEqual({
      b2b: [],
      b2cl: [],
      cdnr: [],
      cdnur: [],
    });
    expect(order.orderId).toBeTruthy();
    expect(bill.invoiceNumber).toMatch(/^INV\//);
    expect(answer.gstr1.b2cs.length).toBeGreaterThan(0);
  });

  it('is the owner’s: staff 403', async () => {
    const response = await call(staff, '/api/admin/gst/gstr1?period=2030-06');
    expect(response.statusCode).toBe(403);
    expect((await call(staff, '/api/admin/gst/gstr1.zip?period=2030-06')).statusCode).toBe(403);
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

  it('zips the offline tool’s sheets', async () => {
    const response = await call(owner, '/api/admin/gst/gstr1.zip?period=2030-Q1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      ['b2b.csv', 'b2cl.csv', 'b2cs.csv', 'cdnr.csv', 'cdnur.csv', 'docs.csv', 'hsn(b2b).csv', 'hsn(b2c).csv'].sort(),
    );
    expect(strFromU8(files['b2cs.csv']!).split('\n')[0]).toBe(
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
    );
  });
});
