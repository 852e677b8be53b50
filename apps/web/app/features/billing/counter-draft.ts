import {
  BILL_PAYMENT_MODES,
  billTotals,
  formatINR,
  gstRatesOn,
  JOB_WORK_RATE,
  JOB_WORK_SAC,
  maxFlatDiscount,
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
  /** The line's own discount, percent as typed ('' or '0': none). */
  discount: string;
  /** A free-text line's HSN/SAC and GST rate (issue 40); catalogue lines take theirs from the catalogue. */
  hsnCode?: string;
  gstRate?: number;
}

export interface FreeLineDraft {
  name: string;
  /** Rupees as typed. */
  price: string;
  quantity: string;
  /** HSN or SAC as typed: job work on textiles (9988) unless changed. */
  hsnCode: string;
  /** A rate of the GST table, as chosen. */
  gstRate: string;
}

export interface CounterDraft {
  /** The bill's Idempotency-Key: drawn when the form was rendered, kept through every step until it is saved. */
  idempotencyKey: string;
  lines: CounterLine[];
  customerName: string;
  customerPhone: string;
  /** For business purchases (issue 43): the buyer's GSTIN and business name as typed ('' for none). */
  buyerGstin: string;
  buyerName: string;
  /** Percent as typed. */
  discount: string;
  /** A flat discount in rupees as typed, after the percentage ('' for none). */
  discountFlat: string;
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
  lineDiscount: 'lineDiscount',
  customerName: 'customerName',
  customerPhone: 'customerPhone',
  buyerGstin: 'buyerGstin',
  buyerName: 'buyerName',
  discount: 'discount',
  discountFlat: 'discountFlat',
  paidBy: 'paidBy',
  received: 'received',
  split: (mode: (typeof BILL_PAYMENT_MODES)[number]) => `split-${mode}`,
  q: 'q',
  freeName: 'freeName',
  freePrice: 'freePrice',
  freeQuantity: 'freeQuantity',
  freeHsn: 'freeHsn',
  freeRate: 'freeRate',
} as const;

export const EMPTY_FREE_LINE: FreeLineDraft = { name: '', price: '', quantity: '1', hsnCode: JOB_WORK_SAC, gstRate: String(JOB_WORK_RATE) };

export const emptyDraft = (idempotencyKey: string): CounterDraft => ({
  idempotencyKey,
  lines: [],
  customerName: '',
  customerPhone: '',
  buyerGstin: '',
  buyerName: '',
  discount: '0',
  discountFlat: '',
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
  hsnCode: z.string().max(8).optional(),
  gstRate: z.number().min(0).max(28).optional(),
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
    hsnCode: line.hsnCode,
    gstRate: line.gstRate,
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
  const discounts = form.getAll(COUNTER_FIELDS.lineDiscount);
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
    const discount = discounts[index];
    lines.push({
      ...line.data,
      key: `f${index}`,
      quantity: typedQuantity(typeof quantity === 'string' ? quantity : '1'),
      discount: typeof discount === 'string' ? discount : '',
    });
  }
  const paidBy = text(form, COUNTER_FIELDS.paidBy) as PayChoice;
  const key = idempotencyKeySchema.safeParse(text(form, COUNTER_FIELDS.key));
  return {
    idempotencyKey: key.success ? key.data : '',
    lines,
    customerName: text(form, COUNTER_FIELDS.customerName),
    customerPhone: text(form, COUNTER_FIELDS.customerPhone),
    buyerGstin: text(form, COUNTER_FIELDS.buyerGstin),
    buyerName: text(form, COUNTER_FIELDS.buyerName),
    discount: text(form, COUNTER_FIELDS.discount),
    discountFlat: text(form, COUNTER_FIELDS.discountFlat),
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
      hsnCode: form.has(COUNTER_FIELDS.freeHsn) ? text(form, COUNTER_FIELDS.freeHsn) : EMPTY_FREE_LINE.hsnCode,
      gstRate: text(form, COUNTER_FIELDS.freeRate) || EMPTY_FREE_LINE.gstRate,
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
        discount: '',
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
  const hsnCode = free.hsnCode.trim();
  const gstRate = Number(free.gstRate);
  const errors: Record<string, string> = {};
  if (!name) errors.freeName = 'Item name is required.';
  if (price === null) errors.freePrice = 'Enter a price of ₹0 or more.';
  if (!Number.isInteger(quantity) || quantity < 1) errors.freeQuantity = 'Quantity must be at least 1.';
  if (!/^\d{4,8}$/.test(hsnCode)) errors.freeHsn = 'HSN/SAC must be 4 to 8 digits (9988: job work such as alterations).';
  if (!FREE_LINE_RATES().includes(gstRate)) errors.freeRate = `GST rate must be one of ${FREE_LINE_RATES().join(', ')} %.`;
  if (Object.keys(errors).length > 0 || price === null) return { errors };
  return { lines: [...lines, { key: newLineKey(), name, sku: null, price, quantity, stock: null, discount: '', hsnCode, gstRate }] };
}

/** The rates a typed-in line may take: those of the GST table in force today (the server checks them on the bill's day). */
export const FREE_LINE_RATES = () => gstRatesOn(new Date());

/** A percentage as typed, as a number ('' is 0); NaN when it is not one. */
const percentOf = (typed: string) => Number(typed.trim() === '' ? '0' : typed);
const discountOf = (draft: Pick<CounterDraft, 'discount'>) => percentOf(draft.discount);

/** A line's discount as typed, when it is one (0 until a typed one is fixed). */
const lineDiscountOf = (line: CounterLine) => {
  const value = percentOf(line.discount);
  return isBillDiscount(value) ? value : 0;
};

/** The flat discount as typed, in paise; null when it is not an amount. */
const flatOf = (draft: Pick<CounterDraft, 'discountFlat'>) => (draft.discountFlat.trim() === '' ? 0 : parseRupees(draft.discountFlat));

/**
 * The draft's totals as the server will compute them (@shop/core's billTotals: line discounts, the percentage, the
 * flat discount, the round-off); a discount that is not one, or a flat one above what is left, counts as none until fixed.
 */
export function draftTotals(draft: Pick<CounterDraft, 'lines' | 'discount' | 'discountFlat'>) {
  const discount = discountOf(draft);
  const lines = draft.lines.map((line) => ({ price: line.price, quantity: line.quantity, discount: lineDiscountOf(line) }));
  const percent = isBillDiscount(discount) ? discount : 0;
  const flat = flatOf(draft) ?? 0;
  return billTotals(lines, percent, flat <= maxFlatDiscount(lines, percent) ? flat : 0);
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
  const badLine = draft.lines.find((line) => !isBillDiscount(percentOf(line.discount)));
  if (badLine) errors.lineDiscount = `Discount on ${badLine.name}: from 0 to 100 %, at most two decimals.`;
  const flat = flatOf(draft);
  if (flat === null) errors.discountFlat = 'Flat discount: please type an amount in rupees.';
  else if (!errors.discount && !badLine) {
    const most = maxFlatDiscount(
      draft.lines.map((line) => ({ price: line.price, quantity: line.quantity, discount: lineDiscountOf(line) })),
      discount,
    );
    if (flat > most) errors.discountFlat = `The flat discount can be at most ${formatINR(most)}, what is left to pay.`;
  }
  const over = draft.lines.find((line) => line.stock !== null && line.quantity > line.stock);
  if (over) errors.items = `Only ${over.stock} left of ${over.name}`;
  const paid = paymentsOf(draft.payment, draftTotals(draft).total);
  if (!paid.ok) errors.payments = paid.message;
  if (Object.keys(errors).length > 0 || !paid.ok) return { errors };
  const checked = createBillSchema.safeParse({
    customerName: draft.customerName.trim() || undefined,
    customerPhone: mobile ?? undefined,
    buyerGstin: draft.buyerGstin,
    buyerName: draft.buyerName,
    discount,
    discountFlat: flat ?? 0,
    items: draft.lines.map((line) => {
      // A line's discount only when it has one, so a bill without any is the request it always was.
      const own = lineDiscountOf(line) > 0 ? { discount: lineDiscountOf(line) } : {};
      return line.productId
        ? { productId: line.productId, variantId: line.variantId ?? undefined, quantity: line.quantity, ...own }
        : { name: line.name, price: line.price, quantity: line.quantity, hsnCode: line.hsnCode, gstRate: line.gstRate, ...own };
    }),
    payments: paid.payments,
  });
  if (checked.success) return { bill: checked.data };
  for (const issue of checked.error.issues) errors[String(issue.path[0] ?? 'items')] ??= issue.message;
  return { errors };
}
