import { z } from 'zod';
import { dayParam } from './admin.js';
import { gstBreakupSchema } from './bills.js';
import { businessBuyerAnswer } from './business-buyer.js';
import { returnShare, taxInvoice } from './invoice.js';
import { assertPaise, type Paise } from './money.js';
import { shareInProportion } from './pricing.js';
import { sellerSchema } from './settings.js';

// Credit notes of online orders (issue 43): what a cancellation or a refunded return credits, line by line, against
// the order's tax invoice; the data the back-office reads; the register of every credit note, counter and online.

/** An order line as its credit note needs it. */
export interface CreditableLine {
  itemId: string;
  hsnCode: string;
  quantity: number;
  /** What the line was sold for, GST included. */
  lineTotal: Paise;
  /** Its share of the order's offer and coupon (issue 41): the line was charged lineTotal − orderDiscount. */
  orderDiscount?: Paise;
}

export interface OrderCreditNoteLine {
  /** The order line it reduces; null for the shipping line. */
  itemId: string | null;
  quantity: number;
  /** What it credits, GST included. */
  amount: Paise;
  /** The invoice line's GST rate (percent). */
  rate: number;
}

/**
 * The lines of an online order's credit note for `total` (what goes back): every line and the shipping for a
 * cancellation or a return of every piece, else the returned pieces at their share of their line (returnShare);
 * the lines then share `total` in proportion to those amounts, to the paisa, so the note adds up to the refund even
 * when the owner chose another amount. Each line keeps the rate of the invoice line it reduces (invoice of `paidAt`).
 */
export function orderCreditNoteLines(input: {
  items: readonly CreditableLine[];
  shipping: Paise;
  /** The cash-on-delivery fee (issue 41): credited with the shipping, a composite supply at the same rate and SAC. */
  codFee?: Paise;
  paidAt: Date;
  /** Pieces coming back by order line id, or 'all' (a cancellation). */
  returning: ReadonlyMap<string, number> | 'all';
  total: Paise;
}): OrderCreditNoteLine[] {
  assertPaise(input.total);
  const invoice = taxInvoice({
    lines: input.items.map((item) => ({
      name: item.itemId,
      hsnCode: item.hsnCode,
      quantity: item.quantity,
      unitPrice: item.lineTotal,
      total: item.lineTotal,
      orderDiscount: item.orderDiscount ?? 0,
    })),
    shipping: input.shipping,
    codFee: input.codFee ?? 0,
    at: input.paidAt,
    // The rate does not depend on the place of supply; the split is the reader's.
    placeOfSupply: 'any',
    shopState: 'any',
  });
  const { returning } = input;
  const pieces = (item: CreditableLine) => (returning === 'all' ? item.quantity : Math.min(returning.get(item.itemId) ?? 0, item.quantity));
  const whole = input.items.every((item) => pieces(item) === item.quantity);
  const base = input.items.flatMap((item, index): OrderCreditNoteLine[] => {
    const count = pieces(item);
    if (count < 1) return [];
    // What the line was charged: after its share of the order's discounts (a piece refunds its share as paid).
    const charged = item.lineTotal - (item.orderDiscount ?? 0);
    const amount = whole ? charged : returnShare(charged, item.quantity, 0, count);
    return [{ itemId: item.itemId, quantity: count, amount, rate: invoice.lines[index]!.rate }];
  });
  const carriage = input.shipping + (input.codFee ?? 0);
  if (whole && carriage > 0) base.push({ itemId: null, quantity: 1, amount: carriage, rate: invoice.lines.at(-1)!.rate });
  if (base.length === 0) throw new RangeError('a credit note needs at least one line');
  const amounts = shareInProportion(
    input.total,
    base.map((line) => line.amount),
  );
  return base.map((line, index) => ({ ...line, amount: amounts[index]! }));
}

const creditNoteLineSchema = z.object({
  /** The order line it reduces; null for the shipping line. */
  itemId: z.string().nullable(),
  name: z.string(),
  hsnCode: z.string(),
  quantity: z.number().int(),
  /** GST rate in percent, as on the invoice line. */
  rate: z.number(),
  /** What the line credits, GST included (paise). */
  amount: z.number().int(),
  taxableValue: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
});

/** GET /api/admin/order/getCreditNote/{orderId}: one of an online order's credit notes, money in paise. */
export const orderCreditNoteSchema = z.object({
  _id: z.string(),
  /** 'CN/26-27/00001', the series counter returns share. */
  creditNoteNumber: z.string(),
  /** When it was issued (ISO instant); `date` is its India day, YYYY-MM-DD. */
  createdAt: z.string(),
  date: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** The tax invoice it reduces ('WEB/26-27/00088') and that invoice's date (ISO instant). */
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  buyer: z.object({ name: z.string(), phone: z.string(), state: z.string() }),
  /** The order's business buyer (issue 43), printed on the note as on the invoice it reduces; all null for none. */
  ...businessBuyerAnswer,
  reason: z.string(),
  items: z.array(creditNoteLineSchema),
  /** Credited in all, GST included. */
  total: z.number().int(),
  gst: gstBreakupSchema,
  seller: sellerSchema.nullable(),
});
export type OrderCreditNote = z.infer<typeof orderCreditNoteSchema>;

/** One row of the credit-note register: every credit note, counter or online, with its money in paise. */
export const creditNoteRegisterRowSchema = z.object({
  _id: z.string(),
  creditNoteNumber: z.string(),
  createdAt: z.string(),
  /** 'counter' (against a bill) or 'online' (against an order's invoice). */
  channel: z.enum(['counter', 'online']),
  /** The bill's or the order's id: where its page is. */
  againstId: z.string(),
  invoiceNumber: z.string(),
  buyer: z.string(),
  taxableValue: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  total: z.number().int(),
});
export type CreditNoteRegisterRow = z.infer<typeof creditNoteRegisterRowSchema>;

/** A period of whole India days, both ends included, as the bills' filter: the register's and the orders' CSV. */
export const dayRangeQuerySchema = z
  .object({ from: dayParam('from'), to: dayParam('to') })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] });
export type DayRangeQuery = z.infer<typeof dayRangeQuerySchema>;

export const creditNoteRegisterSchema = z.object({
  creditNotes: z.array(creditNoteRegisterRowSchema),
  totals: z.object({
    taxableValue: z.number().int(),
    cgst: z.number().int(),
    sgst: z.number().int(),
    igst: z.number().int(),
    total: z.number().int(),
  }),
});
export type CreditNoteRegister = z.infer<typeof creditNoteRegisterSchema>;
