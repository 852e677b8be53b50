import { z } from 'zod';
import { dayParam, pageParam, pagingShape } from './admin.js';
import { indianMobileSchema, optionalIndianMobileSchema } from './phone.js';
import { formatINR } from './money.js';
import { isBillDiscount } from './pricing.js';
import { businessBuyerAnswer, businessBuyerFields, businessBuyerPair } from './business-buyer.js';
import { COUPON_CODE_PATTERN, normaliseCouponCode } from './promotions.js';
import { sellerSchema } from './settings.js';
import { plainText } from './text.js';

// Contracts of in-store billing (issue 11; spec §2.17, §3 Bill, §9): amounts in integer paise.

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const MAX_BILL_LINES = 100;

/** A discount in percent: 0 to 100, at most two decimals (12.5 %, 7.25 %). */
const discountPercent = (field: string) =>
  z
    .number({ error: `${field} must be a number from 0 to 100` })
    .refine(isBillDiscount, `${field} must be from 0 to 100 with at most two decimals`);
export const MAX_BILL_QUANTITY = 999;

export const billLineInputSchema = z
  .object({
    productId: z.uuid('productId must be a product id').optional(),
    variantId: z.uuid('variantId must be a variant id').optional(),
    /** A free-text line (an item not in the catalogue): name and price of one piece, GST included. */
    name: plainText().trim().max(120, 'name: at most 120 characters').optional(),
    price: z
      .number({ error: 'price must be a whole number of paise' })
      .int('price must be a whole number of paise')
      .min(0, 'price cannot be below zero')
      .max(100_000_000, 'price is too large')
      .optional(),
    quantity: z
      .number({ error: 'quantity must be a whole number from 1' })
      .int('quantity must be a whole number from 1')
      .min(1, 'quantity must be at least 1')
      .max(MAX_BILL_QUANTITY, `quantity must be at most ${MAX_BILL_QUANTITY}`),
    /** The line's own discount, percent (issue 40). */
    discount: discountPercent('discount').optional(),
    /** A free-text line's HSN or SAC (4 to 8 digits); JOB_WORK_SAC when left out. */
    hsnCode: z
      .string({ error: 'hsnCode must be 4 to 8 digits' })
      .trim()
      .regex(/^\d{4,8}$/, 'hsnCode must be 4 to 8 digits')
      .optional(),
    /** A free-text line's GST rate, one of the rate table's (gstRatesOn); JOB_WORK_RATE when left out. */
    gstRate: z
      .number({ error: 'gstRate must be a rate of the GST table' })
      .min(0)
      .max(28, 'gstRate must be a rate of the GST table')
      .optional(),
  })
  .superRefine((line, ctx) => {
    if (line.productId) {
      if (line.hsnCode !== undefined || line.gstRate !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['hsnCode'], message: "A catalogue item's HSN and rate come from the catalogue." });
      }
      return;
    }
    if (line.variantId) ctx.addIssue({ code: 'custom', path: ['productId'], message: 'productId is required with a variantId' });
    if (!line.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Item name is required.' });
    if (line.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price is required.' });
  });
export type BillLineInput = z.infer<typeof billLineInputSchema>;

/** How a counter bill was paid (issue 26); a bill may be split across them. */
export const BILL_PAYMENT_MODES = ['cash', 'upi', 'card'] as const;
export type BillPaymentMode = (typeof BILL_PAYMENT_MODES)[number];
export const BILL_PAYMENT_MODE_LABELS: Record<BillPaymentMode, string> = { cash: 'Cash', upi: 'UPI', card: 'Card' };

const paise = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of paise` })
    .int(`${field} must be a whole number of paise`)
    .max(100_000_000_000, `${field} is too large`);

export const billPaymentInputSchema = z.object({
  mode: z.enum(BILL_PAYMENT_MODES, { error: `mode must be one of ${BILL_PAYMENT_MODES.join(', ')}` }),
  amount: paise('amount').min(1, 'amount must be at least 1 paisa'),
  /** Cash only: what the customer handed over (the change is the difference). */
  tendered: paise('tendered').optional(),
});
export type BillPaymentInput = z.infer<typeof billPaymentInputSchema>;

/** A payment as a bill answers it: with the change given when cash was tendered. */
export const billPaymentSchema = z.object({
  mode: z.enum(BILL_PAYMENT_MODES),
  amount: z.number().int(),
  tendered: z.number().int().optional(),
  change: z.number().int().optional(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/**
 * The payments of a bill of `total`, checked: each mode once, cash tendered only with cash and at least its amount,
 * and the amounts adding up to the total exactly. None given: one cash payment of the total (none for a bill of ₹0). Answers the payments
 * with their change, or the field and message of the first problem.
 */
export function billPayments(
  payments: readonly BillPaymentInput[] | undefined,
  total: number,
): { ok: true; payments: BillPayment[] } | { ok: false; field: string; message: string } {
  // A bill discounted to nothing was paid with nothing.
  if (!payments || payments.length === 0) return { ok: true, payments: total > 0 ? [{ mode: 'cash', amount: total }] : [] };
  const seen = new Set<BillPaymentMode>();
  for (const [index, payment] of payments.entries()) {
    if (seen.has(payment.mode)) return { ok: false, field: `payments.${index}.mode`, message: 'Each payment mode once, please.' };
    seen.add(payment.mode);
    if (payment.tendered === undefined) continue;
    if (payment.mode !== 'cash')
      return { ok: false, field: `payments.${index}.tendered`, message: 'Only a cash payment has an amount received.' };
    if (payment.tendered < payment.amount)
      return { ok: false, field: `payments.${index}.tendered`, message: 'Cash received must be at least the cash amount.' };
  }
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  if (paid !== total) {
    return { ok: false, field: 'payments', message: `The payments add up to ${formatINR(paid)}; the bill's total is ${formatINR(total)}.` };
  }
  return {
    ok: true,
    payments: payments.map(({ mode, amount, tendered }) =>
      tendered === undefined ? { mode, amount } : { mode, amount, tendered, change: tendered - amount },
    ),
  };
}

/** 'Cash ₹500.00 (received ₹600.00, change ₹100.00) · UPI ₹999.00': how a bill was paid, in words. */
export function describeBillPayments(payments: readonly BillPayment[]): string {
  return payments
    .map((payment) => {
      const amount = `${BILL_PAYMENT_MODE_LABELS[payment.mode]} ${formatINR(payment.amount)}`;
      if (payment.tendered === undefined) return amount;
      return `${amount} (received ${formatINR(payment.tendered)}, change ${formatINR(payment.change ?? payment.tendered - payment.amount)})`;
    })
    .join(' · ');
}

/** POST /api/admin/bill/createBill. A walk-in customer may leave name and phone empty. */
const createBillFields = z.object({
  customerName: z.preprocess(emptyToUndefined, plainText().trim().max(80, 'customerName: at most 80 characters').optional()),
  customerPhone: optionalIndianMobileSchema(),
  discount: discountPercent('discount').default(0),
  /** A flat discount off the bill after its percentage, in paise (issue 40): at most what is left to pay. */
  discountFlat: z
    .number({ error: 'discountFlat must be a whole number of paise' })
    .int('discountFlat must be a whole number of paise')
    .min(0, 'discountFlat cannot be below zero')
    .max(100_000_000_000, 'discountFlat is too large')
    .default(0),
  items: z
    .array(billLineInputSchema, { error: 'Please add at least one item.' })
    .min(1, 'Please add at least one item.')
    .max(MAX_BILL_LINES, `items: at most ${MAX_BILL_LINES} lines`),
  /**
   * A coupon code the customer brings (issue 41): the online rules (dates, uses, minimum, categories) checked by the
   * same core function; its discount is taken after the bill's percentage, as part of the flat discount, and uses
   * one of the code's uses. Per-shopper rules are the online account's and do not apply at the counter.
   */
  couponCode: z.preprocess(
    emptyToUndefined,
    z
      .string({ error: 'couponCode must be 3 to 20 letters or digits' })
      .transform(normaliseCouponCode)
      .pipe(z.string().regex(COUPON_CODE_PATTERN, 'couponCode must be 3 to 20 letters or digits'))
      .optional(),
  ),
  /** How it was paid; omitted: one cash payment of the total. */
  payments: z.array(billPaymentInputSchema).max(BILL_PAYMENT_MODES.length, 'payments: at most one per mode').optional(),
  /** A business buyer's GSTIN and name for the tax invoice (issue 43): both or neither. */
  ...businessBuyerFields,
});
export const createBillSchema = createBillFields.superRefine(businessBuyerPair);
export type CreateBillInput = z.input<typeof createBillSchema>;
/** A bill to save as the schema leaves it (names trimmed, the mobile's 10 digits, the discount defaulted). */
export type CreateBill = z.output<typeof createBillSchema>;

/**
 * The header of createBill that makes a retry safe (ADR 033): the counter draws a key per bill and sends it again
 * on a retry; a repeat with the key answers the bill it made, once per admin. The page's form carries it as a field.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_FIELD = 'idempotencyKey';

export const IDEMPOTENCY_KEY_MESSAGE = 'must be 1 to 100 letters, digits or signs, without spaces';

/** A key as sent: 1 to 100 visible ASCII characters (a UUID, say), optionally in double quotes (a structured-field string). */
export const idempotencyKeySchema = z
  .string({ error: `${IDEMPOTENCY_KEY_HEADER} ${IDEMPOTENCY_KEY_MESSAGE}` })
  .regex(/^("?)[!#-~]{1,100}\1$/, `${IDEMPOTENCY_KEY_HEADER} ${IDEMPOTENCY_KEY_MESSAGE}`)
  .transform((key) => key.replace(/^"(.*)"$/, '$1'));

export const taxByRateSchema = z.object({
  rate: z.number(),
  taxableValue: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
});

/** The GST contained in an invoice (prices include GST). */
export const gstBreakupSchema = z.object({
  placeOfSupply: z.string(),
  interState: z.boolean(),
  byRate: z.array(taxByRateSchema),
  taxableValue: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  totalTax: z.number().int(),
});
export type GstBreakup = z.infer<typeof gstBreakupSchema>;

/** A paid bill counts in the day's sales; a void one keeps its number in the series and counts nowhere. */
export const BILL_STATUSES = ['paid', 'void'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** A credit note as a bill lists it. */
export const creditNoteRefSchema = z.object({
  _id: z.string(),
  creditNoteNumber: z.string(),
  total: z.number().int(),
  createdAt: z.string(),
});
export type CreditNoteRef = z.infer<typeof creditNoteRefSchema>;

export const billItemSchema = z.object({
  /** The line's id: what a return names (returnItems). */
  _id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** One piece, GST included. */
  price: z.number().int(),
  total: z.number().int(),
  productId: z.string().nullable(),
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  hsnCode: z.string(),
  /** The line's own discount: percent, and what it took off the line's total. */
  discount: z.number(),
  discountAmount: z.number().int(),
  /** GST rate of the line after its share of the bill discount (a typed-in service's chosen rate). */
  gstRate: z.number(),
  taxableValue: z.number().int(),
  /** Pieces of this line returned so far, over all its credit notes. */
  returnedQuantity: z.number().int(),
});
export type BillItem = z.infer<typeof billItemSchema>;

/** Spec §3 Bill, plus the invoice number, subtotal and GST breakup. */
export const billSchema = z.object({
  _id: z.string(),
  invoiceNumber: z.string(),
  /** '' for a walk-in customer (shown as 'Unknown'). */
  customerName: z.string(),
  customerPhone: z.string(),
  createdAt: z.string(),
  /** Percent, up to two decimals. */
  discount: z.number(),
  subtotal: z.number().int(),
  /** Every discount together (the lines', the percentage's, the flat one): subtotal − (totalPrice − roundOff). */
  discountAmount: z.number().int(),
  /** What the lines' own discounts took off. */
  lineDiscountAmount: z.number().int(),
  /** What the bill's percentage took off. */
  percentDiscountAmount: z.number().int(),
  /** The flat ₹ discount, in paise. */
  discountFlat: z.number().int(),
  /** Rounding to the nearest rupee (−49 to +50 paise), its own line; not taxed. */
  roundOff: z.number().int(),
  totalPrice: z.number().int(),
  items: z.array(billItemSchema),
  gst: gstBreakupSchema,
  /** How it was paid (issue 26): amounts that add up to totalPrice. */
  payments: z.array(billPaymentSchema),
  createdBy: z.string(),
  /** 'void' once an owner voided it the day it was made (its number stays in the series). */
  status: z.enum(BILL_STATUSES),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedBy: z.string().nullable(),
  /** The credit notes of its returns, oldest first. */
  creditNotes: z.array(creditNoteRefSchema),
  /** The seller as the bill was issued (issue 39); null only for a bill made before the shop was set up. */
  seller: sellerSchema.nullable(),
  ...businessBuyerAnswer,
});
export type Bill = z.infer<typeof billSchema>;

/** A phone as searched: its digits ('98765' finds +91 98765 43210), 3 to 10 of them after a +91, 91 or 0 is taken off. */
const phoneSearch = z
  .string()
  .trim()
  .max(20, 'phone must be at most 20 characters')
  // The country code typed with its + (a prefix search too), or before a whole mobile; a trunk 0 before one.
  .transform((typed) =>
    (/^\+\s*91/.test(typed) ? typed.replace(/^\+\s*91/, '') : typed).replace(/\D/g, '').replace(/^(?:91|0)(?=\d{10}$)/, ''),
  )
  .pipe(z.string().regex(/^\d{3,10}$/, 'phone: type at least 3 digits of the mobile'));

/**
 * GET /api/admin/bill/getAllBills and exportBills: customer name contains, phone digits contain, bill number
 * contains, paid by a mode, paid or void, whole India days from–to, page (issue 40).
 */
export const billQuerySchema = z
  .object({
    customer: plainText().trim().max(80, 'customer must be at most 80 characters').optional(),
    phone: z.preprocess(emptyToUndefined, phoneSearch.optional()),
    invoice: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .max(20, 'invoice must be at most 20 characters')
        .regex(/^[A-Za-z0-9/-]+$/, 'invoice: letters, digits, / and - only')
        .transform((typed) => typed.toUpperCase())
        .optional(),
    ),
    mode: z.preprocess(
      emptyToUndefined,
      z.enum(BILL_PAYMENT_MODES, { error: `mode must be one of ${BILL_PAYMENT_MODES.join(', ')}` }).optional(),
    ),
    status: z.preprocess(emptyToUndefined, z.enum(BILL_STATUSES, { error: 'status must be paid or void' }).optional()),
    from: dayParam('from'),
    to: dayParam('to'),
    page: pageParam,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] });
export type BillQuery = z.infer<typeof billQuerySchema>;

export const billPageSchema = z.object({ bills: z.array(billSchema), ...pagingShape });
export type BillPage = z.infer<typeof billPageSchema>;

/** What the counter finds as the cashier types a name or scans a SKU. */
export const billableItemSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  variantName: z.string().nullable(),
  sku: z.string().nullable(),
  /** Selling price of one piece, GST included. */
  price: z.number().int(),
  stock: z.number().int(),
  image: z.string().nullable(),
});
export type BillableItem = z.infer<typeof billableItemSchema>;

export const billableQuerySchema = z.object({
  q: plainText().trim().min(1, 'q is required').max(80, 'q must be at most 80 characters'),
});

const reasonText = (missing: string) =>
  plainText({ multiline: true, missing }).trim().min(1, missing).max(300, 'reason: at most 300 characters');

/** POST /api/admin/bill/voidBill/{billId} (owners, the India day the bill was made). */
export const voidBillSchema = z.object({ reason: reasonText('Please give a reason for voiding the bill.') });
export type VoidBillInput = z.infer<typeof voidBillSchema>;

export const returnLineInputSchema = z.object({
  itemId: z.uuid('itemId must be an item of the bill'),
  quantity: z
    .number({ error: 'quantity must be a whole number from 1' })
    .int('quantity must be a whole number from 1')
    .min(1, 'quantity must be at least 1')
    .max(MAX_BILL_QUANTITY, `quantity must be at most ${MAX_BILL_QUANTITY}`),
});

/** POST /api/admin/bill/returnItems/{billId}: pieces of a bill's lines brought back, and how the money went back. */
export const returnItemsSchema = z.object({
  items: z
    .array(returnLineInputSchema, { error: 'Please choose the items returned.' })
    .min(1, 'Please choose the items returned.')
    .max(MAX_BILL_LINES, `items: at most ${MAX_BILL_LINES} lines`)
    .refine((lines) => new Set(lines.map((line) => line.itemId)).size === lines.length, 'items: each item once'),
  refundMode: z.enum(BILL_PAYMENT_MODES, { error: `refundMode must be one of ${BILL_PAYMENT_MODES.join(', ')}` }),
  reason: reasonText('Please give a reason for the return.'),
});
export type ReturnItemsInput = z.infer<typeof returnItemsSchema>;

export const creditNoteItemSchema = z.object({
  /** The bill line it returns. */
  itemId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  hsnCode: z.string(),
  quantity: z.number().int(),
  /** One piece as billed, before the bill discount, GST included. */
  price: z.number().int(),
  /** What is refunded for the line: its share of what was paid, GST included. */
  total: z.number().int(),
  /** The rate of the original invoice line. */
  gstRate: z.number(),
  taxableValue: z.number().int(),
});
export type CreditNoteItem = z.infer<typeof creditNoteItemSchema>;

/** A credit note (CGST Act s. 34): goods returned against a bill, its own series per financial year. */
export const creditNoteSchema = z.object({
  _id: z.string(),
  /** 'CN/26-27/00001'. */
  creditNoteNumber: z.string(),
  billId: z.string(),
  /** The invoice it reduces, and that invoice's date. */
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  /** The bill's business buyer (issue 43), printed on the note as on the invoice it reduces; all null for none. */
  ...businessBuyerAnswer,
  items: z.array(creditNoteItemSchema),
  /** Refunded in all, GST included. */
  total: z.number().int(),
  gst: gstBreakupSchema,
  refundMode: z.enum(BILL_PAYMENT_MODES),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** The seller as the credit note was issued (issue 39); null only for one made before the shop was set up. */
  seller: sellerSchema.nullable(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** GET /api/admin/bill/findCustomer: the mobile the cashier typed ('+91 98765 43210' is 9876543210). */
export const findCustomerQuerySchema = z.object({ phone: indianMobileSchema() });

/**
 * One customer across shop and counter, by her mobile (issue 26): the name she was billed under last (or her
 * account's), how many bills she has, and her shop account when one has this mobile on its profile or an address.
 */
export const counterCustomerSchema = z.object({
  name: z.string(),
  phone: z.string(),
  bills: z.number().int(),
  lastBillAt: z.string().nullable(),
  /** Her online account, when she has one. */
  userId: z.string().nullable(),
});
export type CounterCustomer = z.infer<typeof counterCustomerSchema>;
