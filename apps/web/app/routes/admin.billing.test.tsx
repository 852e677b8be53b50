import { AppError, type Bill, type BillableItem } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, OWNER, STAFF, STAFF_ACTOR, post } from '../features/admin/admin-test-kit';
import { BillingScreen } from '../features/billing/billing-screen';
import { FORM_EXPIRED, type CounterAnswer } from '../features/billing/counter-action.server';
import { emptyDraft, lineField, type CounterLine } from '../features/billing/counter-draft';
import { action, loader } from './admin.billing';

// Issue 38: a counter bill posted twice (a retry after a timeout, a double tap, the form posted again) was saved
// twice. Without scripts the counter is a form carrying the bill's Idempotency-Key, drawn when the form is rendered;
// the page's action passes it to the service, which answers a repeat with the first bill (ADR 033).

const BILL_ID = '5f0c6a2e-7d1b-4c3a-9e2f-1a2b3c4d5e6f';
const KURTI = '0e4b2c1a-3d5f-4a6b-8c7d-9e0f1a2b3c4d';
const KURTI_M = '7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d';

const kurti: BillableItem = {
  productId: KURTI,
  variantId: KURTI_M,
  name: 'Cotton Kurti',
  variantName: 'Blue / M',
  sku: 'KUR-BLU-M',
  price: 99_900,
  stock: 3,
  image: null,
};
const kurtiLine: CounterLine = {
  key: 'l1',
  productId: KURTI,
  variantId: KURTI_M,
  name: 'Cotton Kurti (Blue / M)',
  sku: 'KUR-BLU-M',
  price: 99_900,
  quantity: 2,
  discount: '',
  stock: 3,
};

const saved = { _id: BILL_ID, invoiceNumber: 'INV/26-27/00042' } as Bill;

function billing() {
  return {
    create: vi.fn(async () => saved),
    findItems: vi.fn(async () => [kurti, { ...kurti, variantId: null, sku: 'KUR', variantName: null }]),
  };
}

/** The counter form as the page renders it, with the bill's key and lines, plus what was pressed. */
const counterForm = (key: string, fields: Record<string, string> = {}) => ({
  idempotencyKey: key,
  line: lineField(kurtiLine),
  qty: '2',
  customerName: 'Asha',
  customerPhone: '',
  discount: '0',
  paidBy: 'upi',
  q: '',
  ...fields,
});

async function postCounter(fields: Record<string, string>, service = billing()) {
  const args = post('/admin/billing', fields, { services: { billing: service }, admin: STAFF });
  return { answer: answerOf(await action(args)), billing: service };
}

describe('the counter page without scripts (issue 38: a bill posted twice was saved twice)', () => {
  it('draws a new key each time the form is rendered', () => {
    const first = loader().idempotencyKey;
    const second = loader().idempotencyKey;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });

  it('renders the key in the form as a hidden field', () => {
    const html = renderToStaticMarkup(<BillingScreen draft={emptyDraft('form-key-1')} found={null} failure={null} />);
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toContain('<input type="hidden" name="idempotencyKey" value="form-key-1"/>');
  });

  it('saves with the form’s key, and posting the same form again asks for the same bill', async () => {
    const service = billing();
    const first = await postCounter(counterForm('form-key-2', { intent: 'save' }), service);
    const again = await postCounter(counterForm('form-key-2', { intent: 'save' }), service);
    const expected = {
      status: 302,
      location: `/admin/bill/${BILL_ID}`,
      flash: { kind: 'success', message: 'Bill INV/26-27/00042 saved' },
    };
    expect(first.answer).toEqual(expected);
    expect(again.answer).toEqual(expected);
    const bill = {
      customerName: 'Asha',
      discount: 0,
      discountFlat: 0,
      items: [{ productId: KURTI, variantId: KURTI_M, quantity: 2 }],
      payments: [{ mode: 'upi', amount: 199_800 }],
    };
    expect(service.create.mock.calls).toEqual([
      [STAFF_ACTOR, bill, { idempotencyKey: 'form-key-2' }],
      [STAFF_ACTOR, bill, { idempotencyKey: 'form-key-2' }],
    ]);
  });

  it('keeps the key through every step before the save', async () => {
    const found = await postCounter(counterForm('form-key-3', { intent: 'find', q: 'kurti' }));
    expect(found.answer.status).toBe(200);
    const listed = found.answer.body as CounterAnswer;
    expect(listed.draft.idempotencyKey).toBe('form-key-3');
    expect(listed.found).toHaveLength(2);

    const added = await postCounter(counterForm('form-key-3', { intent: `add:${KURTI}:${KURTI_M}`, q: 'kurti' }));
    const after = added.answer.body as CounterAnswer;
    expect(after.draft).toMatchObject({ idempotencyKey: 'form-key-3', q: '', lines: [{ name: 'Cotton Kurti (Blue / M)', quantity: 3 }] });

    const removed = await postCounter(counterForm('form-key-3', { intent: 'remove:0' }));
    expect((removed.answer.body as CounterAnswer).draft).toMatchObject({ idempotencyKey: 'form-key-3', lines: [] });
  });

  it('saves nothing from a form without a key, keeping the bill for the page’s new key', async () => {
    const { answer, billing: service } = await postCounter(counterForm('', { intent: 'save' }));
    expect(answer).toMatchObject({ status: 400, body: { ok: false, error: FORM_EXPIRED, draft: { lines: [{ quantity: 2 }] } } });
    expect(service.create).not.toHaveBeenCalled();
  });

  it('shows the service’s refusal with the bill as it was typed (a key used for another bill, say)', async () => {
    const service = billing();
    const used = 'This bill was already saved as INV/26-27/00042 with other items or amounts. Start a new bill to make another.';
    service.create.mockRejectedValueOnce(new AppError('CONFLICT', used));
    const { answer } = await postCounter(counterForm('form-key-4', { intent: 'save' }), service);
    expect(answer).toMatchObject({ status: 409, body: { ok: false, error: used, draft: { idempotencyKey: 'form-key-4' } } });
  });

  it('lets an owner bill too', async () => {
    const service = billing();
    const args = post('/admin/billing', counterForm('form-key-5', { intent: 'save' }), { services: { billing: service }, admin: OWNER });
    expect(answerOf(await action(args as never)).status).toBe(302);
  });
});
