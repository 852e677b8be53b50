import { INDIAN_MOBILE_MESSAGE, type BillableItem } from '@shop/core';
import { describe, expect, it } from 'vitest';
import {
  billToSave,
  draftFromForm,
  draftTotals,
  EMPTY_FREE_LINE,
  emptyDraft,
  FREE_LINE_RATES,
  lineField,
  pageDraft,
  withFreeLine,
  withItem,
  type CounterLine,
} from './counter-draft';

const KEY = '3f9a0c1e5b7d4e2f8a6c0b1d3e5f7a9c';
const KURTI = '0e4b2c1a-3d5f-4a6b-8c7d-9e0f1a2b3c4d';
const KURTI_M = '7a8b9c0d-1e2f-4a3b-8c5d-6e7f8a9b0c1d';

const kurti: BillableItem = {
  productId: KURTI,
  variantId: KURTI_M,
  name: 'Cotton Kurti',
  variantName: 'Blue / M',
  sku: 'KUR-BLU-M',
  price: 99_900,
  stock: 2,
  image: null,
};
const line = (overrides: Partial<CounterLine> = {}): CounterLine => ({
  key: 'x',
  productId: KURTI,
  variantId: KURTI_M,
  name: 'Cotton Kurti (Blue / M)',
  sku: 'KUR-BLU-M',
  price: 99_900,
  quantity: 1,
  stock: 2,
  discount: '',
  ...overrides,
});

/** The counter form as a browser posts it. */
function formOf(fields: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe('the counter draft in a form without scripts (ADR 033)', () => {
  it('reads back the lines, quantities, customer, payment and the key the page wrote', () => {
    const free = line({ productId: undefined, variantId: undefined, name: 'Alteration', sku: null, price: 15_000, stock: null });
    const draft = draftFromForm(
      formOf([
        ['idempotencyKey', KEY],
        ['line', lineField(line())],
        ['qty', '2'],
        ['line', lineField(free)],
        ['qty', 'lots'],
        ['customerName', 'Asha'],
        ['customerPhone', '98765 43210'],
        ['discount', '10'],
        ['paidBy', 'split'],
        ['split-cash', '500'],
        ['split-upi', '1298.10'],
        ['q', 'kur'],
      ]),
    );
    expect(draft).toMatchObject({
      idempotencyKey: KEY,
      customerName: 'Asha',
      customerPhone: '98765 43210',
      discount: '10',
      payment: { choice: 'split', received: '', split: { cash: '500', upi: '1298.10', card: '' } },
      q: 'kur',
      free: { name: '', price: '', quantity: '1' },
    });
    expect(draft.lines).toEqual([
      { ...line({ quantity: 2 }), key: 'f0' },
      { ...free, quantity: 1, key: 'f1' },
    ]);
  });

  it('leaves out a line it did not write, and a key that is not a key', () => {
    const draft = draftFromForm(
      formOf([
        ['idempotencyKey', 'has spaces'],
        ['line', '{"name":"Free saree","price":-100,"sku":null,"stock":null}'],
        ['qty', '1'],
        ['line', 'not json'],
        ['qty', '1'],
      ]),
    );
    expect(draft.lines).toEqual([]);
    expect(draft.idempotencyKey).toBe('');
    expect(pageDraft(KEY, { draft }).idempotencyKey).toBe(KEY);
    expect(pageDraft(KEY, undefined)).toEqual(emptyDraft(KEY));
  });

  it('adds catalogue pieces up to the stock and free-text items as typed', () => {
    const once = withItem([], kurti);
    expect('lines' in once && once.lines).toMatchObject([{ name: 'Cotton Kurti (Blue / M)', quantity: 1, stock: 2 }]);
    const twice = 'lines' in once ? withItem(once.lines, kurti) : once;
    expect('lines' in twice && twice.lines[0]?.quantity).toBe(2);
    expect('lines' in twice && withItem(twice.lines, kurti)).toEqual({ error: 'Only 2 left' });
    expect(withItem([], { ...kurti, stock: 0 })).toEqual({ error: 'Sorry, Cotton Kurti is out of stock.' });

    expect(withFreeLine([], { ...EMPTY_FREE_LINE, name: ' Alteration ', price: '150', quantity: '2' })).toMatchObject({
      lines: [{ name: 'Alteration', price: 15_000, quantity: 2, stock: null, sku: null }],
    });
    expect(withFreeLine([], { ...EMPTY_FREE_LINE, name: '', price: '-1', quantity: '0' })).toEqual({
      errors: {
        freeName: 'Item name is required.',
        freePrice: 'Enter a price of ₹0 or more.',
        freeQuantity: 'Quantity must be at least 1.',
      },
    });
  });

  it('makes the bill to save, or says what is wrong', () => {
    const draft = { ...emptyDraft(KEY), lines: [line({ quantity: 2 })], customerPhone: '+91 98765 43210', discount: '10' };
    expect(billToSave(draft)).toEqual({
      bill: {
        customerPhone: '9876543210',
        discount: 10,
        discountFlat: 0,
        items: [{ productId: KURTI, variantId: KURTI_M, quantity: 2 }],
        // ₹1,798.20 to the nearest rupee.
        payments: [{ mode: 'cash', amount: 179_800 }],
      },
    });
    expect(billToSave({ ...emptyDraft(KEY), customerPhone: '12345', discount: '101' })).toEqual({
      errors: {
        items: 'Please add at least one item.',
        customerPhone: INDIAN_MOBILE_MESSAGE,
        discount: 'Discount must be from 0 to 100 with at most two decimals.',
      },
    });
    expect(billToSave({ ...draft, lines: [line({ quantity: 3 })] })).toMatchObject({
      errors: { items: 'Only 2 left of Cotton Kurti (Blue / M)' },
    });
  });

  it('carries a business buyer’s GSTIN and name through the form, and refuses one without the other beside its field (issue 43)', () => {
    const typed = draftFromForm(
      formOf([
        ['idempotencyKey', KEY],
        ['line', lineField(line())],
        ['qty', '1'],
        ['buyerGstin', '29aagcb7383j1z4'],
        ['buyerName', 'Bindu Boutique'],
      ]),
    );
    expect(typed).toMatchObject({ buyerGstin: '29aagcb7383j1z4', buyerName: 'Bindu Boutique' });
    expect(billToSave(typed)).toMatchObject({ bill: { buyerGstin: '29AAGCB7383J1Z4', buyerName: 'Bindu Boutique' } });
    expect(billToSave({ ...typed, buyerName: ' ' })).toEqual({
      errors: { buyerName: 'Please enter the business name the GSTIN is registered under.' },
    });
    expect(billToSave({ ...typed, buyerGstin: '29AAGCB7383J1Z5' })).toEqual({
      errors: {
        buyerGstin:
          'GSTIN 29AAGCB7383J1Z5 is not valid: its last character (the check character) does not match the first 14; please check it for a typing mistake.',
      },
    });
  });

  it("carries each line's discount, the flat ₹ discount and a typed-in line's HSN/SAC and rate through the form (issue 40)", () => {
    const free = line({
      productId: undefined,
      variantId: undefined,
      name: 'Blouse stitching',
      sku: null,
      price: 80_000,
      stock: null,
      hsnCode: '9988',
      gstRate: 5,
    });
    const draft = draftFromForm(
      formOf([
        ['idempotencyKey', KEY],
        ['line', lineField(line())],
        ['qty', '1'],
        ['lineDiscount', '10'],
        ['line', lineField(free)],
        ['qty', '1'],
        ['lineDiscount', ''],
        ['discount', '5'],
        ['discountFlat', '100'],
        ['freeName', 'Fall and pico'],
        ['freeHsn', '998821'],
        ['freeRate', '18'],
      ]),
    );
    expect(draft.lines.map((read) => [read.discount, read.hsnCode, read.gstRate])).toEqual([
      ['10', undefined, undefined],
      ['', '9988', 5],
    ]);
    expect(draft).toMatchObject({ discountFlat: '100', free: { name: 'Fall and pico', hsnCode: '998821', gstRate: '18' } });
    // ₹899.10 + ₹800 = ₹1,699.10; 5 % off ₹1,614.145 → ₹1,614.15; ₹100 off → ₹1,514.15; to pay ₹1,514.00.
    expect(draftTotals(draft)).toMatchObject({ net: 151_415, roundOff: -15, total: 151_400 });
    expect(billToSave(draft)).toEqual({
      bill: {
        discount: 5,
        discountFlat: 10_000,
        items: [
          { productId: KURTI, variantId: KURTI_M, quantity: 1, discount: 10 },
          { name: 'Blouse stitching', price: 80_000, quantity: 1, hsnCode: '9988', gstRate: 5 },
        ],
        payments: [{ mode: 'cash', amount: 151_400 }],
      },
    });
    expect(billToSave({ ...draft, discountFlat: '2000' })).toEqual({
      errors: { discountFlat: 'The flat discount can be at most ₹1,614.15, what is left to pay.' },
    });
    expect(billToSave({ ...draft, lines: [line({ discount: '120' })] })).toMatchObject({
      errors: { lineDiscount: 'Discount on Cotton Kurti (Blue / M): from 0 to 100 %, at most two decimals.' },
    });
    // A typed-in item is job work (SAC 9988) at 5 % unless changed; the rate is one of the table's.
    expect(withFreeLine([], { ...EMPTY_FREE_LINE, name: 'Alteration', price: '150' })).toMatchObject({
      lines: [{ name: 'Alteration', hsnCode: '9988', gstRate: 5 }],
    });
    expect(withFreeLine([], { ...EMPTY_FREE_LINE, name: 'Alteration', price: '150', hsnCode: '99', gstRate: '7' })).toEqual({
      errors: {
        freeHsn: 'HSN/SAC must be 4 to 8 digits (9988: job work such as alterations).',
        freeRate: `GST rate must be one of ${FREE_LINE_RATES().join(', ')} %.`,
      },
    });
  });
});
