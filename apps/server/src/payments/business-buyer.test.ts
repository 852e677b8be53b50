import {
  BUYER_GSTIN_REQUIRED,
  BUYER_NAME_REQUIRED,
  type AdminOrderDetail,
  type Bill,
  type CreditNote,
  type OrderCreditNote,
  type OrderDetail,
} from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Issue 43, business buyers: a GSTIN and business name given at checkout (createpayment) or at the counter (createBill)
// are checked, kept on the order or the bill with the buyer's state, and answered with the invoice's data.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, now: () => new Date('2026-11-20T12:00:00+05:30') } });

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const answerOf = (response: { statusCode: number; json: () => unknown }) => {
  const body = response.json() as ErrorEnvelope;
  return { status: response.statusCode, error: body.error, fields: body.fields };
};

/** Maharashtra's (27): a shopper in Karnataka may buy for a business registered in another state. */
const GSTIN = '27AAPFU0939F1ZV';
const BUSINESS = 'Meera Textiles LLP';

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
});

const orderOf = async (sid: string, orderId: string) =>
  dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${orderId}`, { sid })).order;

describe('createpayment with a business buyer', () => {
  it('keeps a valid GSTIN (typed in small letters, with a space), the business name and the GSTIN’s state on the order', async () => {
    const kurti = await sellableProduct(t, { pricePaise: 1_20_000, stock: 4 });
    const placed = await placedOrder(t, mail, { ...kurti, paid: true, payment: { buyerGstin: ' 27aapfu0939 f1zv', buyerName: BUSINESS } });
    const order = await orderOf(placed.sid, placed.orderId);
    expect(order).toMatchObject({ status: 'paid', buyerGstin: GSTIN, buyerName: BUSINESS, buyerState: 'Maharashtra' });
    expect(order.invoiceNumber).toMatch(/^WEB\/26-27\/\d{5}$/);
    // The admin's order page reads the same.
    const admin = dataOf<{ order: AdminOrderDetail }>(
      await adminCall(t.app, 'GET', `/api/admin/order/getOrderDetails/${placed.orderId}`, { asid: owner.asid }),
    ).order;
    expect(admin).toMatchObject({ buyerGstin: GSTIN, buyerName: BUSINESS, buyerState: 'Maharashtra' });
  });

  it('changes nothing without one: every buyer field null', async () => {
    const kurti = await sellableProduct(t, { pricePaise: 40_000, stock: 2 });
    const placed = await placedOrder(t, mail, { ...kurti, payment: { buyerGstin: '', buyerName: '' } });
    expect(await orderOf(placed.sid, placed.orderId)).toMatchObject({ buyerGstin: null, buyerName: null, buyerState: null });
  });

  it('refuses a wrong check character, a wrong format, a GSTIN without a name and a name without a GSTIN, naming the field; nothing is reserved', async () => {
    const kurti = await sellableProduct(t, { pricePaise: 40_000, stock: 3 });
    const placed = await placedOrder(t, mail, kurti);
    const base = { paymentMethod: 'online', products: [{ id: kurti.productId, variant: kurti.variantId }] };
    const { address } = await orderOf(placed.sid, placed.orderId);
    const addressId = dataOf<{ addresses: Array<{ _id: string }> }>(
      await jsonCall(t.app, 'GET', '/api/user/profile/getMyAddresses', { sid: placed.sid }),
    ).addresses[0]!._id;
    expect(address.state).toBe('Karnataka');
    const post = (buyer: object) =>
      jsonCall(t.app, 'POST', '/api/user/payment/createpayment', { sid: placed.sid, body: { ...base, address: addressId, ...buyer } });

    const check =
      'GSTIN 27AAPFU0939F1ZA is not valid: its last character (the check character) does not match the first 14; please check it for a typing mistake.';
    expect(answerOf(await post({ buyerGstin: '27AAPFU0939F1ZA', buyerName: BUSINESS }))).toEqual({
      status: 400,
      error: `buyerGstin: ${check}`,
      fields: { buyerGstin: check },
    });
    const format = 'Please enter a valid GSTIN: 15 capital letters and digits, like 29ABCDE1234F1ZW.';
    expect(answerOf(await post({ buyerGstin: '27AAPFU0939', buyerName: BUSINESS }))).toEqual({
      status: 400,
      error: `buyerGstin: ${format}`,
      fields: { buyerGstin: format },
    });
    expect(answerOf(await post({ buyerGstin: GSTIN }))).toEqual({
      status: 400,
      error: `buyerName: ${BUYER_NAME_REQUIRED}`,
      fields: { buyerName: BUYER_NAME_REQUIRED },
    });
    expect(answerOf(await post({ buyerName: BUSINESS }))).toEqual({
      status: 400,
      error: `buyerGstin: ${BUYER_GSTIN_REQUIRED}`,
      fields: { buyerGstin: BUYER_GSTIN_REQUIRED },
    });
    // The first order holds one piece; the refusals took none.
    expect(await stockOf(t.database.db, kurti)).toBe(2);
  });

  it('puts a GSTIN given on the way back to pay on the same unpaid order (the same lines and address), and takes it off again', async () => {
    const kurti = await sellableProduct(t, { pricePaise: 40_000, stock: 3 });
    const first = await placedOrder(t, mail, kurti);
    const addressId = dataOf<{ addresses: Array<{ _id: string }> }>(
      await jsonCall(t.app, 'GET', '/api/user/profile/getMyAddresses', { sid: first.sid }),
    ).addresses[0]!._id;
    const again = (buyer: object) =>
      jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
        sid: first.sid,
        body: { paymentMethod: 'online', products: [{ id: kurti.productId, variant: kurti.variantId }], address: addressId, ...buyer },
      });
    const withGstin = dataOf<{ orderId: string }>(await again({ buyerGstin: GSTIN, buyerName: BUSINESS }));
    expect(withGstin.orderId).toBe(first.orderId);
    expect(await orderOf(first.sid, first.orderId)).toMatchObject({ buyerGstin: GSTIN, buyerName: BUSINESS });
    expect(dataOf<{ orderId: string }>(await again({})).orderId).toBe(first.orderId);
    expect(await orderOf(first.sid, first.orderId)).toMatchObject({ buyerGstin: null, buyerName: null, buyerState: null });
    expect(await stockOf(t.database.db, kurti)).toBe(2);
  });
});

describe('createBill with a business buyer', () => {
  const createBill = (body: object) => adminCall(t.app, 'POST', '/api/admin/bill/createBill', { asid: owner.asid, body });

  it('keeps the GSTIN, the name and the state on the bill; the place of supply stays the shop’s state (intra-state tax)', async () => {
    const saree = await sellableProduct(t, { pricePaise: 2_10_000, stock: 2, variants: false });
    const response = await createBill({
      customerName: 'Meera',
      buyerGstin: '29aagcb7383j1z4',
      buyerName: 'Bindu Boutique',
      items: [{ productId: saree.productId, quantity: 1 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { bill } = dataOf<{ bill: Bill }>(response);
    expect(bill).toMatchObject({ buyerGstin: '29AAGCB7383J1Z4', buyerName: 'Bindu Boutique', buyerState: 'Karnataka' });
    expect(bill.gst).toMatchObject({ placeOfSupply: 'Karnataka', interState: false, igst: 0 });
    const got = await adminCall(t.app, 'GET', `/api/admin/bill/getBill/${bill._id}`, { asid: owner.asid });
    expect(got.statusCode, got.body).toBe(200);
    const read = dataOf<{ bill: Bill }>(got).bill;
    expect(read).toEqual(bill);

    // A buyer from another state buys at the counter: the supply is still in the shop's state.
    const other = dataOf<{ bill: Bill }>(
      await createBill({ buyerGstin: GSTIN, buyerName: BUSINESS, items: [{ name: 'Alteration', price: 30_000, quantity: 1 }] }),
    ).bill;
    expect(other).toMatchObject({ buyerState: 'Maharashtra', gst: { placeOfSupply: 'Karnataka', interState: false } });
    const plain = dataOf<{ bill: Bill }>(await createBill({ items: [{ name: 'Fall and pico', price: 20_000, quantity: 1 }] })).bill;
    expect(plain).toMatchObject({ buyerGstin: null, buyerName: null, buyerState: null });
  });

  it('refuses a GSTIN without its business name and a wrong check character, naming the field', async () => {
    const items = [{ name: 'Alteration', price: 30_000, quantity: 1 }];
    expect(answerOf(await createBill({ buyerGstin: GSTIN, items }))).toEqual({
      status: 400,
      error: `buyerName: ${BUYER_NAME_REQUIRED}`,
      fields: { buyerName: BUYER_NAME_REQUIRED },
    });
    expect(answerOf(await createBill({ buyerGstin: '29AAGCB7383J1Z5', buyerName: 'Bindu Boutique', items })).fields).toEqual({
      buyerGstin:
        'GSTIN 29AAGCB7383J1Z5 is not valid: its last character (the check character) does not match the first 14; please check it for a typing mistake.',
    });
  });

  it('names the buyer on the credit note of a return (getCreditNote) and on every row of the bills CSV', async () => {
    const bill = dataOf<{ bill: Bill }>(
      await createBill({
        customerName: 'Csv Business Buyer',
        buyerGstin: GSTIN,
        buyerName: BUSINESS,
        items: [
          { name: 'Blouse stitching', price: 60_000, quantity: 1 },
          { name: 'Fall and pico', price: 20_000, quantity: 1 },
        ],
      }),
    ).bill;
    const returned = await adminCall(t.app, 'POST', `/api/admin/bill/returnItems/${bill._id}`, {
      asid: owner.asid,
      body: { items: [{ itemId: bill.items[1]!._id, quantity: 1 }], refundMode: 'cash', reason: 'Not needed' },
    });
    expect(returned.statusCode, returned.body).toBe(201);
    const { creditNote } = dataOf<{ creditNote: CreditNote }>(returned);
    expect(creditNote).toMatchObject({ buyerGstin: GSTIN, buyerName: BUSINESS, buyerState: 'Maharashtra' });
    const read = dataOf<{ creditNote: CreditNote }>(
      await adminCall(t.app, 'GET', `/api/admin/bill/getCreditNote/${creditNote._id}`, { asid: owner.asid }),
    ).creditNote;
    expect(read).toEqual(creditNote);

    const csv = (await adminCall(t.app, 'GET', '/api/admin/bill/exportBills?customer=Csv%20Business', { asid: owner.asid })).body;
    const [heading, ...rows] = csv.slice(1).trim().split('\n');
    expect(heading!.endsWith(',cashReceived,creditNotes,buyerGstin,buyerName')).toBe(true);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.endsWith(`,${GSTIN},${BUSINESS}`)).toBe(true);
    const plain = (await adminCall(t.app, 'GET', '/api/admin/bill/exportBills?customer=Csv%20Plain', { asid: owner.asid })).body;
    expect(plain.slice(1).trim().split('\n')).toHaveLength(1);
  });
});

describe('an online credit note of a business buyer', () => {
  it('answers her GSTIN, name and state with the note (getCreditNote/{orderId})', async () => {
    const kurti = await sellableProduct(t, { pricePaise: 1_20_000, stock: 2 });
    const placed = await placedOrder(t, mail, { ...kurti, paid: true, payment: { buyerGstin: GSTIN, buyerName: BUSINESS } });
    const cancelled = await adminCall(t.app, 'POST', `/api/admin/order/cancelOrder/${placed.orderId}`, {
      asid: owner.asid,
      body: { reason: 'Out of stock' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const { creditNotes } = dataOf<{ creditNotes: OrderCreditNote[] }>(
      await adminCall(t.app, 'GET', `/api/admin/order/getCreditNote/${placed.orderId}`, { asid: owner.asid }),
    );
    expect(creditNotes).toHaveLength(1);
    expect(creditNotes[0]).toMatchObject({ buyerGstin: GSTIN, buyerName: BUSINESS, buyerState: 'Maharashtra' });
  });
});
