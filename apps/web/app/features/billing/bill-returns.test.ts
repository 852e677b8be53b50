import type { Bill } from '@shop/core';
import { describe, expect, it } from 'vitest';
import {
  hasReturns,
  leftToReturn,
  quantityField,
  refundedTotal,
  returnableItems,
  returnFormValues,
  returnInput,
  voidableOn,
} from './bill-returns';

const line = (_id: string, quantity: number, returnedQuantity: number) => ({ _id, quantity, returnedQuantity }) as Bill['items'][number];

/** 10:30 pm India time on 12 Nov 2026: still the 12th in India, already the 12th in UTC too (17:00Z). */
const MADE = '2026-11-12T17:00:00.000Z';

const bill = (overrides: Partial<Bill> = {}) =>
  ({
    status: 'paid',
    createdAt: MADE,
    items: [line('a', 2, 0), line('b', 1, 0)],
    creditNotes: [],
    ...overrides,
  }) as Bill;

describe('what the bill page offers (issue 26)', () => {
  it('returns only what is left, and nothing of a void bill', () => {
    expect(leftToReturn({ quantity: 3, returnedQuantity: 1 })).toBe(2);
    expect(leftToReturn({ quantity: 1, returnedQuantity: 1 })).toBe(0);
    const partly = bill({ items: [line('a', 2, 2), line('b', 1, 0)] });
    expect(returnableItems(partly).map((item) => item._id)).toEqual(['b']);
    expect(returnableItems(bill({ status: 'void' }))).toEqual([]);
  });

  it("voids on the bill's India day only, and only a paid bill with no returns", () => {
    // 11:50 pm India time the same day, and 0:10 am the next (18:40Z: still the 12th in UTC).
    expect(voidableOn(bill(), new Date('2026-11-12T18:20:00.000Z'))).toBe(true);
    expect(voidableOn(bill(), new Date('2026-11-12T18:40:00.000Z'))).toBe(false);
    expect(voidableOn(bill({ status: 'void' }), new Date(MADE))).toBe(false);
    const returned = bill({
      items: [line('a', 2, 1)],
      creditNotes: [{ _id: 'c', creditNoteNumber: 'CN/26-27/00001', total: 50_000, createdAt: MADE }],
    });
    expect(hasReturns(returned)).toBe(true);
    expect(voidableOn(returned, new Date(MADE))).toBe(false);
  });

  it('adds up what the credit notes refunded', () => {
    const notes = [
      { _id: 'c1', creditNoteNumber: 'CN/26-27/00001', total: 50_000, createdAt: MADE },
      { _id: 'c2', creditNoteNumber: 'CN/26-27/00002', total: 12_345, createdAt: MADE },
    ];
    expect(refundedTotal(bill({ creditNotes: notes }))).toBe(62_345);
    expect(refundedTotal(bill())).toBe(0);
  });

  it("reads the form's quantity per line, the refund mode and the reason as typed", () => {
    const form = new FormData();
    form.set('intent', 'returnItems');
    form.set('qty-a', '1');
    form.set('qty-b', '');
    form.set('refundMode', 'card');
    form.set('reason', 'Too long');
    expect(returnFormValues(form)).toEqual({ quantities: { a: '1', b: '' }, refundMode: 'card', reason: 'Too long' });
    expect(returnFormValues(new FormData())).toEqual({ quantities: {}, refundMode: '', reason: '' });
  });

  // The form keyed the schema's messages by their first part ('items'), where the API names a line's
  // ('items.0.quantity'); one mapping now (@shop/core's fieldMessages), and the form puts a line's beside its quantity.
  it("puts a line's refusal beside that line's quantity", () => {
    const a = '6f1f8f5e-8d7f-4b1e-9d3a-1c2b3d4e5f60';
    const b = '6f1f8f5e-8d7f-4b1e-9d3a-1c2b3d4e5f61';
    expect(returnInput({ quantities: { [a]: '1', [b]: '1000' }, refundMode: 'cash', reason: 'Too long' })).toEqual({
      errors: { [quantityField(b)]: 'quantity must be at most 999' },
    });
    expect(returnInput({ quantities: { [a]: '', [b]: '0' }, refundMode: 'cash', reason: 'Too long' })).toEqual({
      errors: { items: 'Please choose the items returned.' },
    });
  });
});
