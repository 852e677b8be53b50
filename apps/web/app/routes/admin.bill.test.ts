import {
  AppError,
  DEFAULT_COUNTER_RETURN_POLICY,
  OWNER_DOES_RETURNS,
  OWNER_ONLY,
  type Bill,
  type CounterReturnPolicy,
  type CreditNote,
  type PublicAdmin,
} from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, OWNER_ACTOR, post, settled, STAFF, STAFF_ACTOR, type PostOptions } from '../features/admin/admin-test-kit';
import { action, loader } from './admin.bill';

const BILL_ID = '5f0c6a2e-7d1b-4c3a-9e2f-1a2b3c4d5e6f';
const KURTI = '0e4b2c1a-3d5f-4a6b-8c7d-9e0f1a2b3c4d';
const SAREE = '7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d';
const PAGE = `/admin/bill/${BILL_ID}`;

const CREDIT_NOTE = { _id: 'c0ffee00-0000-4000-8000-000000000001', creditNoteNumber: 'CN/26-27/00001' } as CreditNote;

const item = (_id: string, quantity: number, returnedQuantity = 0) => ({
  _id,
  name: _id === KURTI ? 'Kurti' : 'Silk saree',
  quantity,
  price: 99_900,
  total: 99_900 * quantity,
  productId: null,
  variantId: null,
  sku: null,
  hsnCode: '6211',
  discount: 0,
  discountAmount: 0,
  gstRate: 5,
  taxableValue: 95_143 * quantity,
  returnedQuantity,
});

function bill(overrides: Partial<Bill> = {}): Bill {
  return {
    _id: BILL_ID,
    invoiceNumber: 'INV/26-27/00012',
    customerName: 'Asha',
    customerPhone: '',
    createdAt: new Date().toISOString(),
    discount: 0,
    subtotal: 399_600,
    discountAmount: 0,
    lineDiscountAmount: 0,
    percentDiscountAmount: 0,
    discountFlat: 0,
    roundOff: 0,
    totalPrice: 399_600,
    items: [item(KURTI, 2), item(SAREE, 2)],
    gst: { placeOfSupply: 'Karnataka', interState: false, byRate: [], taxableValue: 0, cgst: 0, sgst: 0, igst: 0, totalTax: 0 },
    payments: [{ mode: 'cash', amount: 399_600 }],
    createdBy: 'Meera Kapoor <meera@example.in>',
    status: 'paid',
    voidedAt: null,
    voidReason: null,
    voidedBy: null,
    creditNotes: [],
    seller: null,
    buyerGstin: null,
    buyerName: null,
    buyerState: null,
    ...overrides,
  };
}

function billing() {
  return {
    get: vi.fn(async () => bill()),
    returnItems: vi.fn(async () => CREDIT_NOTE),
    voidBill: vi.fn(async () => bill({ status: 'void' })),
  };
}

/** A post to the bill page by `admin` (the layout's middleware has put her in the context). */
async function postToBill(admin: PublicAdmin, fields: Record<string, string>, options: PostOptions & { billId?: string } = {}) {
  const service = billing();
  const billId = options.billId ?? BILL_ID;
  const args = post(`/admin/bill/${billId}`, fields, { services: { billing: service }, admin, params: { billId }, ...options });
  const answer = answerOf(await action(args as never));
  return { answer, billing: service };
}

const returnFields = (fields: Record<string, string> = {}) => ({
  intent: 'returnItems',
  [`qty-${KURTI}`]: '1',
  [`qty-${SAREE}`]: '0',
  refundMode: 'upi',
  reason: ' Wrong size ',
  ...fields,
});

describe('the bill page (issue 26)', () => {
  it('offers the void to an owner on the India day of the bill, never to staff, nor after a return or on another day', async () => {
    const load = async (admin: PublicAdmin, found: Bill) => {
      const services = { billing: { get: vi.fn(async () => found), returnPolicy: vi.fn(async () => DEFAULT_COUNTER_RETURN_POLICY) } };
      const args = get(PAGE, { services, admin, params: { billId: BILL_ID } });
      return loader(args as never);
    };
    expect((await load(OWNER, bill())).canVoid).toBe(true);
    expect((await load(STAFF, bill())).canVoid).toBe(false);
    const returned = bill({
      items: [item(KURTI, 2, 1), item(SAREE, 2)],
      creditNotes: [{ _id: CREDIT_NOTE._id, creditNoteNumber: 'CN/26-27/00001', total: 99_900, createdAt: new Date().toISOString() }],
    });
    expect((await load(OWNER, returned)).canVoid).toBe(false);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    expect((await load(OWNER, bill({ createdAt: lastWeek }))).canVoid).toBe(false);
    expect((await load(OWNER, bill({ status: 'void' }))).canVoid).toBe(false);
  });

  it("tells staff the owner does returns (the owner's default), and offers them the form within the owner's limits (issue 40)", async () => {
    const load = async (admin: PublicAdmin, policy: CounterReturnPolicy) => {
      const services = { billing: { get: vi.fn(async () => bill()), returnPolicy: vi.fn(async () => policy) } };
      return loader(get(PAGE, { services, admin, params: { billId: BILL_ID } }) as never);
    };
    expect((await load(STAFF, DEFAULT_COUNTER_RETURN_POLICY)).returns).toEqual({ allowed: false, note: OWNER_DOES_RETURNS });
    expect((await load(OWNER, DEFAULT_COUNTER_RETURN_POLICY)).returns).toEqual({ allowed: true, note: null });
    expect((await load(STAFF, { staffMaxPaise: 100_000, sameDayOnly: true })).returns).toEqual({
      allowed: true,
      note: 'You can return up to ₹1,000.00 on the day of the bill; above that the owner does the return.',
    });
  });

  it('is the not-found page for an address that names no bill', async () => {
    const args = get('/admin/bill/nope', { services: { billing: billing() }, admin: OWNER, params: { billId: 'nope' } });
    expect(await settled(() => loader(args as never))).toMatchObject({ status: 404, body: { error: 'Bill not found' } });
  });
});

describe("the bill page's return (issue 26)", () => {
  it('issues a credit note for the lines with a quantity, as any admin; a fetcher gets the toast naming it', async () => {
    const { answer, billing } = await postToBill(STAFF, returnFields(), { enhanced: true });
    expect(billing.returnItems).toHaveBeenCalledWith(STAFF_ACTOR, BILL_ID, {
      items: [{ itemId: KURTI, quantity: 1 }],
      refundMode: 'upi',
      reason: 'Wrong size',
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        ok: true,
        toast: { kind: 'success', message: 'Credit note CN/26-27/00001 issued.' },
        creditNoteId: CREDIT_NOTE._id,
      },
    });
  });

  it('without scripts goes to the bill page with the credit note named', async () => {
    const { answer } = await postToBill(OWNER, returnFields({ [`qty-${SAREE}`]: '2' }));
    expect(answer).toEqual({
      status: 302,
      location: PAGE,
      flash: { kind: 'success', message: 'Credit note CN/26-27/00001 issued.' },
    });
  });

  it('refuses a return of nothing, without a refund mode or a reason: each message beside its field, with what was typed', async () => {
    const { answer, billing } = await postToBill(
      STAFF,
      { intent: 'returnItems', [`qty-${KURTI}`]: '0', [`qty-${SAREE}`]: '', refundMode: '', reason: '  ' },
      { enhanced: true },
    );
    expect(billing.returnItems).not.toHaveBeenCalled();
    expect(answer).toEqual({
      status: 400,
      body: {
        ok: false,
        error: 'Please choose how the money was refunded.',
        fields: {
          refundMode: 'Please choose how the money was refunded.',
          items: 'Please choose the items returned.',
          reason: 'Please give a reason for the return.',
        },
        intent: 'returnItems',
        values: { quantities: { [KURTI]: '0', [SAREE]: '' }, refundMode: '', reason: '  ' },
      },
    });
  });

  it('says which quantity it could not read; a plain post renders the page again with the failure (no redirect)', async () => {
    const { answer } = await postToBill(STAFF, returnFields({ [`qty-${KURTI}`]: '1.5' }));
    expect(answer).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: 'Quantity must be a whole number from 0.',
        fields: { [`qty-${KURTI}`]: 'Quantity must be a whole number from 0.' },
      },
    });
  });

  it("answers the server's refusal of more pieces than are left (409) in its words", async () => {
    const service = billing();
    service.returnItems.mockRejectedValueOnce(new AppError('CONFLICT', 'Only 1 piece of Kurti is left to return.'));
    const args = post(PAGE, returnFields({ [`qty-${KURTI}`]: '3' }), {
      services: { billing: service },
      admin: STAFF,
      params: { billId: BILL_ID },
      enhanced: true,
    });
    expect(answerOf(await action(args as never))).toMatchObject({
      status: 409,
      body: { ok: false, error: 'Only 1 piece of Kurti is left to return.', intent: 'returnItems' },
    });
  });

  it('is the not-found answer for an address that names no bill, asking the service nothing', async () => {
    const { answer, billing } = await postToBill(OWNER, returnFields(), { enhanced: true, billId: 'not-a-bill' });
    expect(answer).toMatchObject({ status: 404, body: { error: 'Bill not found' } });
    expect(billing.returnItems).not.toHaveBeenCalled();
  });
});

describe("the bill page's void (issue 26)", () => {
  it('voids for an owner with the reason; a fetcher gets the toast, a plain post goes back to the bill with it', async () => {
    const enhanced = await postToBill(OWNER, { intent: 'void', reason: 'Keyed twice' }, { enhanced: true });
    expect(enhanced.billing.voidBill).toHaveBeenCalledWith(OWNER_ACTOR, BILL_ID, { reason: 'Keyed twice' });
    expect(enhanced.answer).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: 'Bill voided.' } } });

    const plain = await postToBill(OWNER, { intent: 'void', reason: 'Keyed twice' });
    expect(plain.answer).toEqual({ status: 302, location: PAGE, flash: { kind: 'success', message: 'Bill voided.' } });
  });

  it("keeps the void to owners, in the API's words, with scripts and without", async () => {
    const enhanced = await postToBill(STAFF, { intent: 'void', reason: 'Keyed twice' }, { enhanced: true });
    expect(enhanced.answer).toEqual({ status: 403, body: { ok: false, error: OWNER_ONLY, fields: {} } });
    expect(enhanced.billing.voidBill).not.toHaveBeenCalled();
    const plain = await postToBill(STAFF, { intent: 'void', reason: 'Keyed twice' });
    expect(plain.answer).toEqual({ status: 302, location: PAGE, flash: { kind: 'error', message: OWNER_ONLY } });
    expect(plain.billing.voidBill).not.toHaveBeenCalled();
  });

  it("asks for the reason, and answers the server's refusal (not today, returns made) as the toast or the message", async () => {
    const { answer, billing } = await postToBill(OWNER, { intent: 'void', reason: ' ' }, { enhanced: true });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Please give a reason for voiding the bill.' } });
    expect(billing.voidBill).not.toHaveBeenCalled();

    const service = billing;
    service.voidBill.mockRejectedValueOnce(new AppError('CONFLICT', 'Only a bill made today can be voided.'));
    const args = post(
      PAGE,
      { intent: 'void', reason: 'Late' },
      { services: { billing: service }, admin: OWNER, params: { billId: BILL_ID } },
    );
    expect(answerOf(await action(args as never))).toEqual({
      status: 302,
      location: PAGE,
      flash: { kind: 'error', message: 'Only a bill made today can be voided.' },
    });
  });

  it('refuses an unknown action', async () => {
    const { answer } = await postToBill(OWNER, { intent: 'refund' }, { enhanced: true });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Unknown action.' } });
  });
});
