import { requestReturnSchema } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { fieldError, messageOf } from './failure';
import { validate } from './form';

describe("a field's message", () => {
  it('is its own, or else the first about a part of it (fields are named by their whole path)', () => {
    const fields = { 'items.1.quantity': 'Choose at least 1 piece.', 'items.2.quantity': 'That is more pieces than you bought.' };
    expect(messageOf(fields, 'items')).toBe('Choose at least 1 piece.');
    expect(messageOf({ ...fields, items: 'Choose at least one item to return.' }, 'items')).toBe('Choose at least one item to return.');
    expect(messageOf(fields, 'item')).toBeUndefined();
    expect(fieldError({ ok: false, error: null, fields }, 'items')).toBe('Choose at least 1 piece.');
    expect(fieldError(null, 'items')).toBeUndefined();
  });

  // The return form's items were keyed 'items' by the page and 'items.0.quantity' by the API: one mapping now, and
  // the 'items' field still shows a line's message.
  it("names a form's refusal as the API does, and the form's field shows it", () => {
    const checked = validate(requestReturnSchema, { reason: 'damaged', items: [{ itemId: 'a', quantity: 11 }] });
    expect(checked.errors).toEqual({ 'items.0.quantity': 'That is more pieces than you bought.' });
    expect(fieldError({ ok: false, error: null, fields: checked.errors ?? {} }, 'items')).toBe('That is more pieces than you bought.');
  });
});
