import {
  BILL_PAYMENT_MODES,
  istDay,
  returnItemsSchema,
  type Bill,
  type BillItem,
  type BillPaymentMode,
  type ReturnItemsInput,
} from '@shop/core';
import { validate, type FieldErrors } from '../../lib/form';

// A counter bill's returns and void (issue 26) as the bill page offers them. The server decides (voidBill,
// returnItems); these rules only keep the page from offering what it would refuse.

/** Pieces of a line not yet returned. */
export const leftToReturn = (item: Pick<BillItem, 'quantity' | 'returnedQuantity'>): number =>
  Math.max(0, item.quantity - item.returnedQuantity);

/** Whether anything of the bill has come back (a credit note was issued). */
export const hasReturns = (bill: Pick<Bill, 'items' | 'creditNotes'>): boolean =>
  bill.creditNotes.length > 0 || bill.items.some((item) => item.returnedQuantity > 0);

/** The lines of a paid bill with pieces left to return (none of a void bill). */
export const returnableItems = (bill: Pick<Bill, 'status' | 'items'>): BillItem[] =>
  bill.status === 'paid' ? bill.items.filter((item) => leftToReturn(item) > 0) : [];

/** An owner may void a paid bill without returns on the India day it was made (`now` is the server's clock). */
export const voidableOn = (bill: Pick<Bill, 'status' | 'createdAt' | 'items' | 'creditNotes'>, now: Date): boolean =>
  bill.status === 'paid' && !hasReturns(bill) && istDay(new Date(bill.createdAt)) === istDay(now);

/** What the bill's credit notes have refunded in all, paise. */
export const refundedTotal = (bill: Pick<Bill, 'creditNotes'>): number => bill.creditNotes.reduce((sum, note) => sum + note.total, 0);

/** The quantity input of a line in the return form (and the key of its message). */
export const quantityField = (itemId: string) => `qty-${itemId}`;
const QUANTITY_PREFIX = 'qty-';

/** The return form as posted, kept as typed so a refused form shows again with it. */
export interface ReturnFormValues {
  /** Pieces to return as typed, by line id. */
  quantities: Record<string, string>;
  refundMode: string;
  reason: string;
}

export const EMPTY_RETURN_FORM: ReturnFormValues = { quantities: {}, refundMode: '', reason: '' };

/** Reads the return form's fields (a quantity per line, the refund mode and the reason). */
export function returnFormValues(form: FormData): ReturnFormValues {
  const quantities: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (name.startsWith(QUANTITY_PREFIX) && typeof value === 'string') quantities[name.slice(QUANTITY_PREFIX.length)] = value;
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { quantities, refundMode: text('refundMode'), reason: text('reason') };
}

const isRefundMode = (value: string): value is BillPaymentMode => (BILL_PAYMENT_MODES as readonly string[]).includes(value);

/**
 * The return the form asks for, checked with the API's contract: the lines with a quantity above 0 (empty counts
 * as 0), how the money went back and why; or one message per field (a line's under its quantity field).
 */
export function returnInput(
  values: ReturnFormValues,
): { data: ReturnItemsInput; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const items: ReturnItemsInput['items'] = [];
  for (const [itemId, typed] of Object.entries(values.quantities)) {
    const text = typed.trim();
    if (text === '' || text === '0') continue;
    if (!/^\d{1,4}$/.test(text)) {
      errors[quantityField(itemId)] = 'Quantity must be a whole number from 0.';
      continue;
    }
    const quantity = Number(text);
    if (quantity > 0) items.push({ itemId, quantity });
  }
  if (!isRefundMode(values.refundMode)) errors.refundMode = 'Please choose how the money was refunded.';
  if (Object.keys(errors).length > 0) {
    // The other fields' own messages too, so the form says everything at once.
    const rest = validate(returnItemsSchema, { items, refundMode: 'cash', reason: values.reason }).errors ?? {};
    // A quantity not read is its own message; 'choose the items' would only repeat it.
    if (Object.keys(errors).some((name) => name.startsWith(QUANTITY_PREFIX))) delete rest.items;
    return { errors: { ...errors, ...rest } };
  }
  const checked = validate(returnItemsSchema, { items, refundMode: values.refundMode, reason: values.reason });
  return checked.data ? { data: checked.data } : { errors: besideQuantities(checked.errors, items) };
}

/** A line's message ('items.0.quantity', as the API names it) beside that line's quantity field. */
function besideQuantities(errors: FieldErrors, items: ReturnItemsInput['items']): FieldErrors {
  const placed: FieldErrors = {};
  for (const [name, message] of Object.entries(errors)) {
    const item = /^items\.(\d+)\./.exec(name);
    const itemId = item ? items[Number(item[1])]?.itemId : undefined;
    placed[itemId ? quantityField(itemId) : name] ??= message;
  }
  return placed;
}

/** The message of an issued credit note (the toast, or the bill page's line without scripts). */
export const creditNoteIssued = (creditNoteNumber: string) => `Credit note ${creditNoteNumber} issued.`;
export const BILL_VOIDED = 'Bill voided.';
