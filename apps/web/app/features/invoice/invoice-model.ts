import {
  businessBuyerOfDocument,
  cityAndDistrict,
  describeBillPayments,
  orderInvoiceOf,
  type Bill,
  type BusinessBuyer,
  type GstBreakup,
  type IndianState,
  type OrderCreditNote,
  type OrderDetail,
  type OrderInvoiceLine,
  type OrderPaymentMethod,
  type Seller,
  type ShopSettings,
} from '@shop/core';

// One tax invoice (CGST Rules, rule 46) for an in-store bill or an online order: what the printed page shows.

/**
 * The shop's details as a document was issued (issue 39): the seller it kept (name, legal name, address, state,
 * GSTIN, phone, e-mail) over today's settings, which still give the logo and the social handle. A document issued
 * before the shop was set up kept none: today's settings stand for it.
 */
export function issuedSettings(settings: ShopSettings, seller: Seller | null): ShopSettings {
  return seller ? { ...settings, ...seller, state: seller.state as IndianState } : settings;
}

/** A4 sheet, or an 80 mm thermal receipt roll. */
export type InvoicePaper = 'a4' | '80mm';

/** The paper and auto-print of an invoice page's address (`?paper=80mm&print=1`). */
export function invoicePageOptions(url: string): { paper: InvoicePaper; autoPrint: boolean } {
  const params = new URL(url).searchParams;
  return { paper: params.get('paper') === '80mm' ? '80mm' : 'a4', autoPrint: params.get('print') === '1' };
}

export interface InvoiceLineView {
  name: string;
  hsnCode: string;
  quantity: number;
  unitPrice: number;
  total: number;
  rate: number;
  /** The line's own discount (bills): percent and what it took off `total`. */
  discount: number;
  discountAmount: number;
  /** Instead of 'Less 10%': what an order line's discount is called ('Less discounts'; every discount together). */
  discountLabel?: string;
  /** An order line's total after every discount (`total` is its MRP × quantity then): the receipt prints it. */
  charged?: number;
}

export interface InvoiceView {
  kind: 'bill' | 'order';
  number: string;
  /** ISO instant: when the bill was made or the order paid. */
  date: string;
  buyer: { name: string; phone: string; address: string[] };
  /** The buyer registered for GST (issue 43): her GSTIN, business name and state, as the order or bill kept them; null for none. */
  business: BusinessBuyer | null;
  lines: InvoiceLineView[];
  subtotal: number;
  /** Bill discount percent (0 for orders). */
  discount: number;
  /** Every discount together (lines, percentage, flat). */
  discountAmount: number;
  /** The parts of a bill's discount (0 for orders): the lines' own, the percentage's, the flat ₹ one. */
  lineDiscountAmount: number;
  percentDiscountAmount: number;
  discountFlat: number;
  /** A bill's rounding to the nearest rupee, its own line (0 for orders). */
  roundOff: number;
  shipping: number;
  total: number;
  gst: GstBreakup;
  /** How a counter bill was paid, in words ('Cash ₹500.00 · UPI ₹999.00'); online orders say it elsewhere. */
  paidBy?: string;
  /**
   * An online order's invoice (issue 41), as core's orderInvoiceOf computed it: each line's MRP, discount, taxable
   * value, rate, taxes and total; the order-level discounts by name; the COD fee; how it is paid.
   */
  order?: {
    lines: OrderInvoiceLine[];
    discounts: Array<{ label: string; amount: number }>;
    codFee: number;
    paymentMethod: OrderPaymentMethod;
  };
  /** Set on a credit note of a cancelled or refunded order (its number and date are `number` and `date`): the invoice it reduces. */
  credit?: { againstInvoice: string; invoiceDate: string };
  /**
   * Set on a void bill's invoice and a cancelled order's (issue 40): when and why, and whether a credit note
   * reverses it; printed VOID across the sheet.
   */
  voided?: { at: string; reason: string; creditNote: boolean };
}

/** A bill as the server answered it (its GST breakup computed there). */
export function invoiceOfBill(bill: Bill): InvoiceView {
  return {
    kind: 'bill',
    number: bill.invoiceNumber,
    date: bill.createdAt,
    // A business buyer is named by her business: the person at the counter only when typed.
    buyer: { name: bill.customerName || (bill.buyerGstin ? '' : 'Unknown'), phone: bill.customerPhone, address: [] },
    business: businessBuyerOfDocument(bill),
    lines: bill.items.map((item) => ({
      name: item.name,
      hsnCode: item.hsnCode,
      quantity: item.quantity,
      unitPrice: item.price,
      total: item.total,
      rate: item.gstRate,
      discount: item.discount,
      discountAmount: item.discountAmount,
    })),
    subtotal: bill.subtotal,
    discount: bill.discount,
    discountAmount: bill.discountAmount,
    lineDiscountAmount: bill.lineDiscountAmount,
    percentDiscountAmount: bill.percentDiscountAmount,
    discountFlat: bill.discountFlat,
    roundOff: bill.roundOff,
    shipping: 0,
    total: bill.totalPrice,
    gst: bill.gst,
    paidBy: bill.payments.length > 0 ? describeBillPayments(bill.payments) : undefined,
    ...(bill.status === 'void'
      ? { voided: { at: bill.voidedAt ?? bill.createdAt, reason: bill.voidReason ?? '', creditNote: false } }
      : {}),
  };
}

/**
 * An online order's tax invoice, computed in the loader (on the server) by @shop/core's orderInvoiceOf, the function
 * GET /api/…/order/getInvoice answers from: the place of supply is the delivery state; the number is the order's own
 * invoice number (WEB/…, given when it was paid); the date is the payment's. `settings` stand for the seller when
 * the order kept none.
 */
export function invoiceOfOrder(order: OrderDetail, settings: Seller): InvoiceView {
  // Paid orders only (the pages answer 404 before): an order is numbered in the invoice series when paid.
  if (!order.invoiceNumber) throw new Error(`order ${order.orderNumber} has no tax invoice: it is not paid`);
  const invoice = orderInvoiceOf(order, settings);
  const goods = order.items.length;
  const shares = order.items.reduce((sum, item) => sum + item.orderDiscount, 0);
  const named = order.discounts.reduce((sum, discount) => sum + discount.amount, 0);
  return {
    kind: 'order',
    number: invoice.invoiceNumber,
    date: invoice.invoiceDate,
    buyer: invoice.buyer,
    business: businessBuyerOfDocument(order),
    // The 80 mm receipt's rows: quantity × a piece's MRP, less every discount, the line's total.
    lines: invoice.lines.map((line, index) => ({
      name: line.description,
      hsnCode: line.hsn,
      quantity: line.quantity,
      unitPrice: index < goods ? order.items[index]!.productPrice : line.mrp,
      total: line.mrp,
      rate: line.rate,
      discount: 0,
      discountAmount: line.discount,
      discountLabel: 'Less discounts',
      charged: line.total,
    })),
    order: {
      lines: invoice.lines,
      // By name as the order lists them; a credit note's pieces carry only their part of them, as one figure.
      discounts:
        named === shares
          ? order.discounts.map(({ label, amount }) => ({ label, amount }))
          : shares > 0
            ? [{ label: 'Discounts', amount: shares }]
            : [],
      codFee: order.codFee,
      paymentMethod: order.paymentMethod,
    },
    subtotal: order.subtotal,
    discount: 0,
    discountAmount: shares,
    lineDiscountAmount: 0,
    percentDiscountAmount: 0,
    discountFlat: 0,
    roundOff: 0,
    shipping: order.shipping,
    total: invoice.totals.total,
    gst: {
      placeOfSupply: invoice.placeOfSupply,
      interState: invoice.interState,
      byRate: invoice.byRate,
      taxableValue: invoice.totals.taxable,
      cgst: invoice.totals.cgst,
      sgst: invoice.totals.sgst,
      igst: invoice.totals.igst,
      totalTax: invoice.totals.tax,
    },
  };
}

/** Whether an order's paper is a credit note: it was paid, then cancelled or refunded. */
export const isCreditedOrder = (order: Pick<OrderDetail, 'payment' | 'invoiceNumber' | 'status'>) =>
  order.payment !== null && order.invoiceNumber !== null && (order.status === 'cancelled' || order.status === 'refunded');

/**
 * One credit note of an online order as the server issued it (issue 43): its own number in the CN series and the
 * day it was issued, against the order's tax invoice; the pieces it credits (the shipping as the shipping line), and
 * the GST it takes back, as the server computed them.
 */
export function invoiceOfCreditNote(note: OrderCreditNote, order: Pick<OrderDetail, 'address'>): InvoiceView {
  const goods = note.items.filter((line) => line.itemId !== null);
  const sum = (lines: typeof note.items) => lines.reduce((total, line) => total + line.amount, 0);
  const { address } = order;
  return {
    kind: 'order',
    number: note.creditNoteNumber,
    date: note.createdAt,
    buyer: {
      name: address.name,
      phone: address.phone,
      address: [address.street, cityAndDistrict(address), `${address.state} – ${address.pincode}`],
    },
    // The business buyer as the note itself answers it (GET /api/admin/order/getCreditNote/{orderId}).
    business: businessBuyerOfDocument(note),
    lines: goods.map((line) => ({
      name: line.name,
      hsnCode: line.hsnCode,
      quantity: line.quantity,
      unitPrice: Math.round(line.amount / line.quantity),
      total: line.amount,
      rate: line.rate,
      discount: 0,
      discountAmount: 0,
    })),
    subtotal: sum(goods),
    discount: 0,
    discountAmount: 0,
    lineDiscountAmount: 0,
    percentDiscountAmount: 0,
    discountFlat: 0,
    roundOff: 0,
    shipping: note.total - sum(goods),
    total: note.total,
    gst: note.gst,
    credit: { againstInvoice: note.invoiceNumber, invoiceDate: note.invoiceDate },
  };
}

/**
 * A paid order cancelled since: its tax invoice prints VOID, when it was cancelled and why, beside the credit note
 * that reverses it (issue 40). A return refunded keeps its invoice valid: the shopper holds the pieces she kept.
 */
function orderVoid(order: OrderDetail): Pick<InvoiceView, 'voided'> {
  if (order.cancelReason === null || !isCreditedOrder(order)) return {};
  const at = order.timeline.find((event) => event.status === 'cancelled')?.at ?? order.createdAt;
  return { voided: { at, reason: order.cancelReason, creditNote: true } };
}

/**
 * The tax invoice of a paid order, which stays as issued whatever happens after (a cancelled one prints VOID beside
 * its credit note). After a partial refund the shopper holds pieces the invoice is for, so both stay printable.
 */
export function orderPaperOf(order: OrderDetail, settings: Seller): InvoiceView {
  return { ...invoiceOfOrder(order, settings), ...orderVoid(order) };
}
