import { z } from 'zod';
import { businessBuyerAnswer, businessBuyerFieldsOf, businessBuyerOfDocument } from './business-buyer.js';
import { cityAndDistrict } from './pincodes.js';
import { gstBreakupOf, taxInvoice, type TaxByRate } from './invoice.js';
import { ORDER_PAYMENT_METHODS, orderDiscountSchema, type OrderDetail } from './orders.js';
import { sellerSchema, type Seller } from './settings.js';

// An online order's tax invoice as data (issue 41): computed once, here, for the shopper's and the back-office's
// invoice pages and for GET /api/user/order/getInvoice and /api/admin/order/getInvoice (the GST return of a later
// issue reads the same). Amounts in paise.

/** One line of an order's invoice: a piece's MRP × quantity, what every discount took off, and its GST. */
export const orderInvoiceLineSchema = z.object({
  description: z.string(),
  /** HSN of the goods (from the category), SAC of shipping and the COD fee; '' when not known. */
  hsn: z.string(),
  quantity: z.number().int(),
  /** Unit MRP × quantity (shipping and the COD fee: their charge). */
  mrp: z.number().int(),
  /** mrp − what the line is charged after the product's own discount and its share of the order's discounts. */
  discount: z.number().int(),
  /** The taxable value of what the line is charged (GST-inclusive prices: charged less the GST it contains). */
  taxable: z.number().int(),
  /** GST rate in percent, by the value of one piece after every discount. */
  rate: z.number(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  /** taxable + cgst + sgst + igst: what the line is charged. */
  total: z.number().int(),
});
export type OrderInvoiceLine = z.infer<typeof orderInvoiceLineSchema>;

const taxByRateSchema = z.object({
  rate: z.number(),
  taxableValue: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
});

export const orderInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  /** ISO instant: when the order was paid (online) or confirmed (cash on delivery). */
  invoiceDate: z.string(),
  orderNumber: z.string(),
  /** The seller as the invoice was issued (the order keeps it), else the shop's details today. */
  seller: sellerSchema,
  buyer: z.object({ name: z.string(), phone: z.string(), address: z.array(z.string()) }),
  /** A registered buyer's GSTIN, the name it is registered under and her state (issue 43); all null otherwise. */
  ...businessBuyerAnswer,
  /** The delivery state. */
  placeOfSupply: z.string(),
  /** Supply to another state than the seller's: IGST instead of CGST + SGST. */
  interState: z.boolean(),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  /** The order-level discounts by name (the offer, the coupon 'FESTIVE10'), each shared over the goods' lines. */
  discounts: z.array(orderDiscountSchema),
  /** The goods, then shipping and the cash-on-delivery fee when charged. */
  lines: z.array(orderInvoiceLineSchema),
  byRate: z.array(taxByRateSchema),
  totals: z.object({
    /** Σ lines' mrp. */
    mrp: z.number().int(),
    /** Σ lines' discount: the products' own discounts and the order-level ones. */
    discount: z.number().int(),
    /** Of `discount`, the order-level discounts (Σ `discounts`). */
    orderDiscount: z.number().int(),
    taxable: z.number().int(),
    cgst: z.number().int(),
    sgst: z.number().int(),
    igst: z.number().int(),
    tax: z.number().int(),
    shipping: z.number().int(),
    codFee: z.number().int(),
    /** What the order was charged: Σ lines' total. */
    total: z.number().int(),
  }),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/** An order line as its invoice reads it. */
export type OrderInvoiceItem = Pick<
  OrderDetail['items'][number],
  'productName' | 'variantName' | 'hsnCode' | 'quantity' | 'productPrice' | 'finalPrice' | 'lineTotal' | 'orderDiscount'
>;

/**
 * The order fields an invoice is made of (OrderDetail's, or an order's stored row's: the orders domain's
 * orderInvoiceOfRow, for the CSV, the credit notes and the GST return, so every reader computes it by this one path).
 */
export type OrderInvoiceSource = Pick<
  OrderDetail,
  | 'orderNumber'
  | 'invoiceNumber'
  | 'seller'
  | 'shipping'
  | 'codFee'
  | 'discounts'
  | 'paymentMethod'
  | 'address'
  | 'createdAt'
  | 'buyerGstin'
  | 'buyerName'
  | 'buyerState'
> & {
  items: readonly OrderInvoiceItem[];
  payment: { paymentDate: string | null } | null;
  timeline: ReadonlyArray<{ status: string; at: string; note?: string | null }>;
};

/** Why an order has no tax invoice yet: it is numbered when paid (online) or confirmed (cash on delivery). */
export const NO_INVOICE_YET = 'This order has no tax invoice yet: it is issued when the order is paid or, for cash on delivery, confirmed.';

/**
 * When the order's invoice was issued: a cash-on-delivery order's confirmation (the cash collected later does not
 * move it), else the payment's time, else its confirmation's, else when placed.
 */
export function orderInvoiceDate(order: Pick<OrderInvoiceSource, 'payment' | 'timeline' | 'createdAt' | 'paymentMethod'>): string {
  const confirmed = order.paymentMethod === 'cod' ? order.timeline.find((event) => event.status === 'confirmed')?.at : undefined;
  return (
    confirmed ??
    order.payment?.paymentDate ??
    order.timeline.find((event) => event.status === 'confirmed' || event.status === 'paid')?.at ??
    order.createdAt
  );
}

/** What one order line is charged after every discount: its total less its share of the order's discounts. */
export const chargedOf = (item: Pick<OrderDetail['items'][number], 'lineTotal' | 'orderDiscount'>) => item.lineTotal - item.orderDiscount;

/**
 * An order's tax invoice, from its lines as charged (each line's taxable value after the product's own discount
 * and its share of the order-level discounts, CGST Act s.15(3)(a)), its shipping and its cash-on-delivery fee (a
 * composite supply at the goods' rate). `settings` stand for the seller when the order kept none. Throws for an
 * order without an invoice number (not paid or confirmed): callers answer NO_INVOICE_YET first.
 */
export function orderInvoiceOf(order: OrderInvoiceSource, settings: Seller): OrderInvoice {
  if (!order.invoiceNumber) throw new RangeError(`order ${order.orderNumber} has no tax invoice`);
  const { name, legalName, address: sellerAddress, state, gstin, phone, email } = order.seller ?? settings;
  const seller: Seller = { name, legalName, address: sellerAddress, state, gstin, phone, email };
  const invoiceDate = orderInvoiceDate(order);
  const invoice = taxInvoice({
    lines: order.items.map((item) => ({
      name: [item.productName, item.variantName].filter(Boolean).join(' · '),
      hsnCode: item.hsnCode ?? '',
      quantity: item.quantity,
      unitPrice: item.finalPrice,
      total: item.lineTotal,
      orderDiscount: item.orderDiscount,
    })),
    shipping: order.shipping,
    codFee: order.codFee,
    at: new Date(invoiceDate),
    placeOfSupply: order.address.state,
    shopState: seller.state,
  });
  const goods = order.items.length;
  const lines = invoice.lines.map((line, index): OrderInvoiceLine => {
    const item = order.items[index];
    const mrp = item && index < goods ? item.productPrice * item.quantity : line.amount;
    return {
      description: line.name,
      hsn: line.hsnCode,
      quantity: line.quantity,
      mrp,
      discount: mrp - line.amount,
      taxable: line.taxableValue,
      rate: line.rate,
      cgst: line.cgst,
      sgst: line.sgst,
      igst: line.igst,
      total: line.amount,
    };
  });
  const sum = (pick: (line: OrderInvoiceLine) => number) => lines.reduce((acc, line) => acc + pick(line), 0);
  const { address } = order;
  const breakup = gstBreakupOf(invoice);
  return {
    invoiceNumber: order.invoiceNumber,
    invoiceDate,
    orderNumber: order.orderNumber,
    seller,
    buyer: {
      name: address.name,
      phone: address.phone,
      address: [address.street, cityAndDistrict(address), `${address.state} – ${address.pincode}`],
    },
    ...businessBuyerFieldsOf(businessBuyerOfDocument(order)),
    placeOfSupply: invoice.placeOfSupply,
    interState: invoice.interState,
    paymentMethod: order.paymentMethod,
    discounts: order.discounts,
    lines,
    byRate: breakup.byRate.map((row: TaxByRate) => ({ ...row })),
    totals: {
      mrp: sum((line) => line.mrp),
      discount: sum((line) => line.discount),
      orderDiscount: order.items.reduce((acc, item) => acc + item.orderDiscount, 0),
      taxable: invoice.taxableValue,
      cgst: invoice.cgst,
      sgst: invoice.sgst,
      igst: invoice.igst,
      tax: invoice.totalTax,
      shipping: order.shipping,
      codFee: order.codFee,
      total: invoice.total,
    },
  };
}
