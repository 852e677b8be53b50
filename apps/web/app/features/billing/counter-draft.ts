import {
  BILL_PAYMENT_MODES,
  billTotals,
  createBillSchema,
  IDEMPOTENCY_KEY_FIELD,
  idempotencyKeySchema,
  INDIAN_MOBILE_MESSAGE,
  isBillDiscount,
  MAX_BILL_LINES,
  MAX_BILL_QUANTITY,
  normalizeIndianMobile,
  parseRupees,
  type BillableItem,
  type CreateBill,
} from '@shop/core';
import { z } from 'zod';
import { EMPTY_PAYMENT, paymentsOf, type PayChoice, type PaymentDraft } from './payment-section';

// The bill the counter is making, and its rules, for both ways the counter runs: in the browser (the screen's state)
// and without scripts, where the draft travels in the form's fields and the page's action answers it back after each
// step (find, add, remove, save). One set of rules, so both refuse alike.

/** A line of the bill being made: a catalogue piece (its shelf's stock) or a free-text item (stock null). */
export interface CounterLine {
  /** React's key for the row. */
  key: string;
  productId?: string;
  variantId?: string | null;
  name: string;
  sku: string | null;
  /** Paise for one piece (the server prices catalogue lines again when it saves). */
  price: number;
  quantity: number;
  stock: number | null;
}

export interface FreeLineDraft {
  name: string;
  /** Rupees as typed. */
  price: string;
  quantity: string;
}

export interface CounterDraft {
  /** The bill's Idempotency-Key: drawn when the form was rendered, kept through every step until it is saved. */
  idempotencyKey: string;
  lines: CounterLine[];
  customerName: string;
  customerPhone: string;
  /** Percent as typed. */
  discount: string;
  payment: PaymentDraft;
  /** The search box. */
  q: string;
  free: FreeLineDraft;
}

/** The names of the counter form's fields. */
export const COUNTER_FIELDS = {
  key: IDEMPOTENCY_KEY_FIELD,
  line: 'line',
  quantity: 'qty',
  customerName: 'customerName',
  customerPhone: 'customerPhone',
  discount: 'discount',
  paidBy: 'paidBy',
  received: 'received',
  split: (mode: (typeof BILL_PAYMENT_MODES)[number]) => `split-${mode}`,
  q: 'q',
  freeName: 'freeName',
  freePrice: 'freePrice',
  freeQuantity: 'freeQuantity',
} as const;

export const EMPTY_FREE_LINE: FreeLineDraft = { name: '', price: '', quantity: '1' };

export const emptyDraft = (idempotencyKey: string): CounterDraft => ({
  idempotencyKey,
  lines: [],
  customerName: '',
  customerPhone: '',
  discount: '0',
  payment: EMPTY_PAYMENT,
  q: '',
  free: EMPTY_FREE_LINE,
});

/**
 * The draft a counter page renders: the one its action answered after a step without scripts, or a new bill. A draft
 * whose key was lost (a form that was not the page's) takes the key the page drew now.
 */
export function pageDraft(pageKey: string, answered: { draft?: CounterDraft } | undefined): CounterDraft {
  if (!answered?.draft) return emptyDraft(pageKey);
  return { ...answered.draft, idempotencyKey: answered.draft.idempotencyKey || pageKey };
}

let lineCounter = 0;
/** A key for a line added now, apart from the keys of lines read from a form (`f0`, `f1` …). */
const newLineKey = () => `n${++lineCounter}`;

/** What a line's hidden field carries: everything but its quantity (a field of its own, which the cashier edits). */
const lineFieldSchema = z.object({
  productId: z.uuid().optional(),
  variantId: z.uuid().nullable().optional(),
  name: z.string().max(200),
  sku: z.string().max(60).nullable(),
  price: z.number().int().min(0),
  stock: z.number().int().min(0).nullable(),
});

/** The hidden field of a line. */
export const lineField = (line: CounterLine): string =>
  JSON.stringify({
    productId: line.productId,
    variantId: line.variantId,
    name: line.name,
    sku: line.sku,
    price: line.price,
    stock: line.stock,
  });

/** A quantity as typed: a whole number from 1 (anything else is 1). */
export const typedQuantity = (value: string): number => Math.min(MAX_BILL_QUANTITY, Math.max(1, Math.floor(Number(value) || 1)));

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const PAY_CHOICES: readonly PayChoice[] = [...BILL_PAYMENT_MODES, 'split'];

/**
 * The draft a posted counter form carries. A line whose field is not one the page wrote is left out (the server
 * prices every catalogue line again anyway); a key that is not a key is '' (the page then draws a new one).
 */
export function draftFromForm(form: FormData): CounterDraft {
  const quantities = form.getAll(COUNTER_FIELDS.quantity);
  const lines: CounterLine[] = [];
  for (const [index, value] of form.getAll(COUNTER_FIELDS.line).entries()) {
    if (typeof value !== 'string' || lines.length >= MAX_BILL_LINES) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    const line = lineFieldSchema.safeParse(parsed);
    if (!line.success) continue;
    const quantity = quantities[index];
    lines.push({ ...line.data, key: `f${index}`, quantity: typedQuantity(typeof quantity === 'string' ? quantity : '1') });
  }
  const paidBy = text(form, COUNTER_FIELDS.paidBy) as PayChoice;
  const key = idempotencyKeySchema.safeParse(text(form, COUNTER_FIELDS.key));
  return {
    idempotencyKey: key.success ? key.data : '',
    lines,
    customerName: text(form, COUNTER_FIELDS.customerName),
    customerPhone: text(form, COUNTER_FIELDS.customerPhone),
    discount: text(form, COUNTER_FIELDS.discount),
    payment: {
      choice: PAY_CHOICES.includes(paidBy) ? paidBy : EMPTY_PAYMENT.choice,
      received: text(form, COUNTER_FIELDS.received),
      split: {
        cash: text(form, COUNTER_FIELDS.split('cash')),
        upi: text(form, COUNTER_FIELDS.split('upi')),
        card: text(form, COUNTER_FIELDS.split('card')),
      },
    },
    q: text(form, COUNTER_FIELDS.q),
    free: {
      name: text(form, COUNTER_FIELDS.freeName),
      price: text(form, COUNTER_FIELDS.freePrice),
      quantity: text(form, COUNTER_FIELDS.freeQuantity) || '1',
    },
  };
}

/** The bill's lines with one more piece of a catalogue item (its own line, or one more on it); refused beyond its stock. */
export function withItem(lines: readonly CounterLine[], item: BillableItem): { lines: CounterLine[] } | { error: string } {
  const same = lines.find((line) => line.productId === item.productId && (line.variantId ?? null) === item.variantId);
  if (same) {
    if (same.quantity >= item.stock) return { error: `Only ${item.stock} left` };
    return { lines: lines.map((line) => (line === same ? { ...line, quantity: line.quantity + 1 } : line)) };
  }
  if (item.stock < 1) return { error: `Sorry, ${item.name} is out of stock.` };
  if (lines.length >= MAX_BILL_LINES) return { error: `At most ${MAX_BILL_LINES} lines on one bill.` };
  const name = item.variantName ? `${item.name} (${item.variantName})` : item.name;
  return {
    lines: [
      ...lines,
      {
        key: newLineKey(),
        productId: item.productId,
        variantId: item.variantId,
        name,
        sku: item.sku,
        price: item.price,
        quantity: 1,
        stock: item.stock,
      },
    ],
  };
}

/** The bill's lines with a free-text item as typed; or what is wrong, by field. */
export function withFreeLine(
  lines: readonly CounterLine[],
  free: FreeLineDraft,
): { lines: CounterLine[] } | { errors: Record<string, string> } {
  const name = free.name.trim();
  const price = parseRupees(free.price);
  const quantity = Number(free.quantity);
  const errors: Record<string, string> = {};
  if (!name) errors.freeName = 'Item name is required.';
  if (price === null) errors.freePrice = 'Enter a price of ₹0 or more.';
  if (!Number.isInteger(quantity) || quantity < 1) errors.freeQuantity = 'Quantity must be at least 1.';
  if (Object.keys(errors).length > 0 || price === null) return { errors };
  return { lines: [...lines, { key: newLineKey(), name, sku: null, price, quantity, stock: null }] };
}

/** The discount as typed, as a number; NaN when it is not one. */
const discountOf = (draft: Pick<CounterDraft, 'discount'>) => Number(draft.discount.trim() === '' ? '0' : draft.discount);

/** The draft's totals as the server will compute them (a discount that is not one counts as none until fixed). */
export function draftTotals(draft: Pick<CounterDraft, 'lines' | 'discount'>) {
  const discount = discountOf(draft);
  return billTotals(
    draft.lines.map((line) => ({ price: line.price, quantity: line.quantity })),
    isBillDiscount(discount) ? discount : 0,
  );
}

/**
 * The bill to save from a draft, checked as the counter checks it before the server does (items, the mobile, the
 * discount, the stock it was shown, the payments adding up); or the problems by field.
 */
export function billToSave(draft: CounterDraft): { bill: CreateBill } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (draft.lines.length === 0) errors.items = 'Please add at least one item.';
  const mobile = draft.customerPhone.trim() ? normalizeIndianMobile(draft.customerPhone) : undefined;
  if (mobile === null) errors.customerPhone = INDIAN_MOBILE_MESSAGE;
  const discount = discountOf(draft);
  if (!isBillDiscount(discount)) errors.discount = 'Discount must be from 0 to 100 with at most two decimals.';
  const over = draft.lines.find((line) => line.stock !== null && line.quantity > line.stock);
  if (over) errors.items = `Only ${over.stock} left of ${over.name}`;
  const paid = paymentsOf(draft.payment, draftTotals(draft).total);
  if (!paid.ok) errors.payments = paid.message;
  if (Object.keys(errors).length > 0 || !paid.ok) return { errors };
  const checked = createBillSchema.safeParse({
    customerName: draft.customerName.trim() || undefined,
    customerPhone: mobile ?? undefined,
    discount,
    items: draft.lines.map((line) =>
      line.productId
        ? { productId: line.productId, variantId: line.variantId ?? undefined, quantity: line.quantity }
        : { name: line.name, price: line.price, quantity: line.quantity },
    ),
    payments: paid.payments,
  });
  if (checked.success) return { bill: checked.data };
  for (const issue of checked.error.issues) errors[String(issue.path[0] ?? 'items')] ??= issue.message;
  return { errors };
}
