import { z } from 'zod';
import { deliveryAttemptSchema, returnPickupSchema } from './shipping-after.js';
import { addressSchema } from './accounts.js';
import { businessBuyerAnswer, businessBuyerFields, businessBuyerPair } from './business-buyer.js';
import { deliveryEstimate } from './delivery.js';
import { istDay, istDayStart } from './india-time.js';
import { upiIdSchema } from './cod-collection.js';
import { ORDER_STATUSES } from './order-states.js';
import { RETURN_REASONS } from './policy.js';
import { sellerSchema } from './settings.js';

// Contracts of checkout, payment and orders (spec §2.7–§2.9, §3 payment record and order product details).

/** POST /api/user/payment/createpayment. `amount` is accepted for the spec's client and ignored. */
const createPaymentFields = z.object({
  amount: z.number().optional(),
  /** 'online' (Razorpay, the default) or 'cod': cash on delivery, when the owner offers it (issue 41). */
  paymentMethod: z.enum(['online', 'cod'], { message: 'Please choose online payment or cash on delivery.' }).default('online'),
  products: z
    .array(
      z.object({
        id: z.uuid('products: each id must be a product id'),
        variant: z.uuid('products: variant must be a variant id').nullish(),
      }),
    )
    .min(1, 'Please choose at least one product.')
    .max(50),
  address: z.uuid('Please choose a delivery address.'),
  /** A business buyer's GSTIN and name for the tax invoice (issue 43): both or neither. */
  ...businessBuyerFields,
});
export const createPaymentSchema = createPaymentFields.superRefine(businessBuyerPair);
/** What createpayment takes once checked; `paymentMethod` may be left out by callers (online). */
export type CreatePaymentInput = Omit<z.infer<typeof createPaymentSchema>, 'paymentMethod'> & { paymentMethod?: 'online' | 'cod' };

/**
 * What createpayment answers: the order placed and, online, the Razorpay order to open Checkout with; for cash on
 * delivery (issue 41) `razorpay` is null and the order waits for her e-mailed code until `confirmBy`.
 */
export const createdPaymentSchema = z.object({
  razorpay: z.object({ amount: z.number().int(), currency: z.string(), id: z.string() }).nullable(),
  orderId: z.string(),
  orderNumber: z.string(),
  keyId: z.string(),
  paymentMethod: z.enum(['online', 'cod']),
  /** The order's total in paise, the COD fee included. */
  amount: z.number().int(),
  codFee: z.number().int(),
  /** COD: until when her code confirms the order (ISO); null online. */
  confirmBy: z.string().nullable(),
});
export type CreatedPayment = z.infer<typeof createdPaymentSchema>;

export const verifyPaymentSchema = z.object({
  razorpayOrderId: z.string().trim().min(1, 'razorpayOrderId is required').max(64),
  razorpayPaymentId: z.string().trim().min(1, 'razorpayPaymentId is required').max(64),
  razorpaySignature: z.string().trim().min(1, 'razorpaySignature is required').max(256),
});
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;

export const cancelOrderSchema = z.object({ reason: z.string().trim().min(1, 'Please tell us why you are cancelling.').max(500) });

/** Pieces of one line to send back: the order item's id as order details answer it (`itemId`), and how many. */
export const returnItemSchema = z.object({
  itemId: z.string({ message: 'Choose an item of this order.' }).trim().min(1, 'Choose an item of this order.').max(64),
  quantity: z.coerce
    .number({ message: 'Enter how many pieces.' })
    .int('Enter a whole number of pieces.')
    .min(1, 'Choose at least 1 piece.')
    .max(10, 'That is more pieces than you bought.'),
});
export type ReturnItemInput = z.infer<typeof returnItemSchema>;

export const requestReturnSchema = z.object({
  reason: z.enum(RETURN_REASONS, { message: 'Please choose why you are returning the items.' }),
  /**
   * Which pieces go back, each line's count in all; omitted means every piece of the order (clients from before issue
   * 28). While a return is open (and its window too), a request joins it: a line takes the larger of its two counts.
   */
  items: z.array(returnItemSchema).min(1, 'Choose at least one item to return.').max(50).optional(),
  note: z.string().trim().max(1000, 'note must be at most 1000 characters').default(''),
  /**
   * Photos this shop stored for this order's return (`/media/return-<orderId>/…`, core's isReturnPhotoOf; the
   * service refuses any other link, naming `photos`); at most 3.
   */
  photos: z.array(z.string().trim().max(500)).max(3, 'photos: at most 3').default([]),
  /** A cash-on-delivery order's return only (issue 41): where its refund is sent by hand, `name@bank`. */
  upiId: upiIdSchema.optional(),
});
export type RequestReturnInput = z.input<typeof requestReturnSchema>;

export const PAYMENT_STATUSES = ['created', 'captured', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Spec §3 payment record. */
export const paymentRecordSchema = z.object({
  _id: z.string(),
  amount: z.number().int(),
  paymentMethod: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentDate: z.string().nullable(),
  razorpay_id: z.string().nullable(),
  razorpay_order_id: z.string(),
  products: z.array(z.object({ productId: z.string(), variantId: z.string().nullable() })),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/**
 * Where a refund stands: `processed` (Razorpay confirmed it), `processing` (Razorpay took it and has not confirmed
 * it yet), `unconfirmed` (sent, or about to be, with no answer yet: the shop asks again under the same key),
 * `retrying` (Razorpay refused it; the shop sends it again by itself) or `stopped` (refused every time the shop
 * tried by itself: it waits for the owner's Retry refund).
 */
export const REFUND_STATES = ['processed', 'processing', 'unconfirmed', 'retrying', 'stopped'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** How many requests (each under a key of its own) the shop makes of a refund by itself before it waits for the owner. */
export const REFUND_MAX_ATTEMPTS = 5;

/** Money on its way back that Razorpay has not confirmed: what the shopper's order page says of it. */
export const pendingRefundSchema = z.object({
  /** Paise of every refund of the order not confirmed yet. */
  amount: z.number().int(),
  /** The furthest from done of those refunds. */
  state: z.enum(REFUND_STATES).exclude(['processed']),
  /** When the shop next asks Razorpay about it; null when it waits for the shop. */
  nextAttemptAt: z.string().nullable(),
});
export type PendingRefund = z.infer<typeof pendingRefundSchema>;

/** Spec §3 order product details, plus the variant and what was paid for it. */
export const orderProductSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  productDescription: z.string(),
  productCategory: z.string().nullable(),
  categoryName: z.string().nullable(),
  /** HSN code of the category when ordered (for the tax invoice). */
  hsnCode: z.string().nullable(),
  /** MRP of one piece in paise (variant extras included). */
  productPrice: z.number().int(),
  productDiscount: z.number().int(),
  /** What one piece cost. */
  finalPrice: z.number().int(),
  /** The order line's own id (two lines may hold the same product in different variants); a return names it. */
  itemId: z.string(),
  variantId: z.string().nullable(),
  variantName: z.string().nullable(),
  variantColor: z.string().nullable(),
  variantSize: z.string().nullable(),
  quantity: z.number().int(),
  lineTotal: z.number().int(),
  /**
   * The line's share of the order-level discounts (offer, coupon) in paise (issue 41): it is charged
   * `lineTotal − orderDiscount`, which its tax, its invoice line and a refund of its pieces follow.
   */
  orderDiscount: z.number().int(),
  image: z.string().nullable(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** One order-level discount as the bag, the order and the invoice name it: 'FESTIVE10', −₹250 (issue 41). */
export const orderDiscountSchema = z.object({
  kind: z.enum(['offer', 'coupon']),
  label: z.string(),
  /** Paise taken off. */
  amount: z.number().int(),
  /** The coupon's code (kind 'coupon'). */
  code: z.string().optional(),
});
export type OrderDiscount = z.infer<typeof orderDiscountSchema>;

/** How an order is paid: online through Razorpay, or cash on delivery (issue 41). */
export const ORDER_PAYMENT_METHODS = ['online', 'cod'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

export const orderEventSchema = z.object({ status: z.enum(ORDER_STATUSES), note: z.string(), at: z.string() });

export const orderSummarySchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number().int(),
  createdAt: z.string(),
  itemCount: z.number().int(),
  image: z.string().nullable(),
  /** 'online' or 'cod' (issue 41): a COD order reads 'Cash on delivery · ₹X to pay at the door'. */
  paymentMethod: z.enum(['online', 'cod']),
  /** The cash-on-delivery fee in the total (0 online). */
  codFee: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  /** The tax invoice's number, 'WEB/26-27/00001', given when the order is paid; null before. */
  invoiceNumber: z.string().nullable(),
  /** The seller as the tax invoice was issued (issue 39): kept with the invoice number; null before it is paid. */
  seller: sellerSchema.nullable(),
  ...businessBuyerAnswer,
  items: z.array(orderProductSchema),
  subtotal: z.number().int(),
  /** The order-level discounts (issue 41): their sum in paise, and each named; 0 and empty without. */
  discount: z.number().int(),
  discounts: z.array(orderDiscountSchema),
  shipping: z.number().int(),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
  /** The cash-on-delivery fee in paise (0 for online orders). */
  codFee: z.number().int(),
  /** As it was when the order was placed; orders placed before addresses had a landmark and a type have neither. */
  address: addressSchema.omit({ isDefault: true }).partial({ landmark: true, addressType: true }),
  payment: paymentRecordSchema.nullable(),
  refundedAmount: z.number().int(),
  /** A refund not confirmed yet (pending at Razorpay, or refused and being sent again); null when none. */
  pendingRefund: pendingRefundSchema.nullable(),
  timeline: z.array(orderEventSchema),
  expectedDelivery: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Until when an unpaid order holds its stock. */
  reservedUntil: z.string().nullable(),
  canCancel: z.boolean(),
  /** Within the claim window: delivered, or a return is open and some pieces are not in it yet (they may join it). */
  canReturn: z.boolean(),
  courier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  cancelReason: z.string().nullable(),
  returnReason: z.string().nullable(),
  /**
   * The pieces a return asked to send back (issue 28), by order line, each with the reason asked for it (null for a
   * return asked before lines kept their own: `returnReason` stands for them); empty without a return.
   */
  returnItems: z.array(z.object({ itemId: z.string(), quantity: z.number().int(), reason: z.string().nullable() })),
  /** When the parcel was delivered; null before. */
  deliveredAt: z.string().nullable(),
  /** The courier's latest failed attempt to deliver, while the parcel is still on its way (issue 42); null or absent. */
  failedDelivery: deliveryAttemptSchema.nullable().optional(),
  /** The accepted return's courier pickup (issue 42); null or absent without one. */
  returnPickup: returnPickupSchema.nullable().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** '2611' for an order placed in November 2026 (India time): its order number's month, which numbers run in. */
export const orderNumberMonth = (placedAt: Date): string => istDay(placedAt).slice(2, 7).replace('-', '');

/** `ORD-2611-000123`: year and month of the order in IST, then the month's running number. */
export function formatOrderNumber(yearMonth: string, sequence: number): string {
  return `ORD-${yearMonth}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The delivery window an order's page shows, paid at `paidAt` to `pincode`: core's one delivery estimate (the product
 * page's pincode check promises its last day too), as the starts of those India days. Null for a pincode that is not one.
 */
export function expectedDeliveryWindow(pincode: string, paidAt: Date): { from: Date; to: Date } | null {
  const estimate = deliveryEstimate(pincode, paidAt);
  return estimate && { from: istDayStart(estimate.earliest), to: istDayStart(estimate.latest) };
}
