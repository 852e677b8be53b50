import { z } from 'zod';
import { addressSchema } from './accounts.js';
import { dayParam, pageParam, pagingShape } from './admin.js';
import { cashCollectedSchema, refundReferenceSchema } from './cod-collection.js';
import { ORDER_STATUSES } from './order-states.js';
import { REFUND_STATES, orderDetailSchema, orderSummarySchema } from './orders.js';
import { plainText } from './text.js';
import { shipmentSchema } from './shipping.js';
import { deliveryAttemptSchema, returnPickupSchema } from './shipping-after.js';

// Contracts of the back-office's orders and shoppers (issue 10: orders management, users).

const search = plainText().trim().max(100, 'q must be at most 100 characters').optional();

/** GET /api/admin/order/getAllOrders: status, order number / customer / phone, and a date range (India time). */
export const adminOrderQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
    q: search,
    /** 'cod': cash-on-delivery orders only; 'online': paid online only (issue 41). */
    paymentMethod: z.enum(['online', 'cod'], { message: 'paymentMethod must be online or cod' }).optional(),
    from: dayParam('from'),
    to: dayParam('to'),
    page: pageParam,
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] });
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

export const orderCustomerSchema = z.object({ _id: z.string(), name: z.string(), email: z.string(), phone: z.string() });

export const adminOrderRowSchema = orderSummarySchema.extend({ customer: orderCustomerSchema });
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderPageSchema = z.object({ orders: z.array(adminOrderRowSchema), ...pagingShape });

export const adminOrderDetailSchema = orderDetailSchema.extend({
  customer: orderCustomerSchema,
  /** The timeline with who made each change: shopper, system, razorpay or admin, and the admin's name (issue 40). */
  events: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), note: z.string(), actor: z.string(), actorName: z.string().nullable(), at: z.string() }),
  ),
  refunds: z.array(
    z.object({
      _id: z.string(),
      amount: z.number().int(),
      status: z.enum(['pending', 'processed', 'failed']),
      /** Where it stands, retries included (REFUND_STATES). */
      state: z.enum(REFUND_STATES),
      /** Requests made under a key of their own: 1, then one more after each refusal. */
      attempts: z.number().int(),
      /** When the shop next asks Razorpay about it by itself; null once processed or when it waits for the owner. */
      nextAttemptAt: z.string().nullable(),
      /** What Razorpay said when it last refused it. */
      lastError: z.string().nullable(),
      /** Whether the owner's Retry refund has something to send (refused, or sent without an answer). */
      canRetry: z.boolean(),
      reason: z.string(),
      /** A refund sent by hand (a COD order's, to her UPI ID): its UPI transaction reference; null for Razorpay's. */
      reference: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /**
   * Cash on delivery (issue 41), null for an online order: what is due at the door, the cash collected (null until
   * delivered), and the UPI ID her return's refund goes to (null until she asks for a return).
   */
  cod: z
    .object({
      amountDue: z.number().int(),
      cashCollected: z.number().int().nullable(),
      collectedAt: z.string().nullable(),
      upiId: z.string().nullable(),
    })
    .nullable(),
  returnNote: z.string().nullable(),
  /** The photos the shopper sent with her return (damage, a wrong item), as URLs; empty without them. */
  returnPhotos: z.array(z.string()),
  deliveredAt: z.string().nullable(),
  /** When the approved return's pieces were received and checked (issue 40); null before. */
  returnReceivedAt: z.string().nullable(),
  /** What the receipt did with each return line's pieces: back on sale, or written off (damaged). */
  returnReceipt: z.array(z.object({ itemId: z.string(), restocked: z.number().int(), writtenOff: z.number().int() })),
  /** Paise a refund may still send back: what was paid less what was refunded. */
  refundable: z.number().int(),
  /** A received return's refund as the shop reckons it (the received pieces' share), before the owner's choice; null otherwise. */
  suggestedRefund: z.number().int().nullable(),
  /** The parcel booked through the shipping provider (issue 42) with its scans; null in manual mode or before booking. */
  shipment: shipmentSchema.nullable(),
  /** Whether this shop books couriers from the order page (SHIPPING_PROVIDER=shiprocket). */
  canBook: z.boolean(),
  /** The parcel's failed delivery attempts (NDR), oldest first; absent or empty without. */
  deliveryAttempts: z.array(deliveryAttemptSchema).optional(),
  /** The accepted return's reverse pickup (provider mode); null or absent without one. */
  returnPickup: returnPickupSchema.nullable().optional(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

const shortText = (name: string, missing: string) =>
  plainText({ missing }).trim().min(1, missing).max(80, `${name}: at most 80 characters`);

/**
 * paid (or confirmed) → packed → shipped (courier and tracking number) → delivered, a COD order with the cash
 * collected in paise (exactly what is due); or shipped → returned to origin (refused at the door, undeliverable).
 */
export const updateOrderStatusSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('packed') }),
    z.object({
      status: z.literal('shipped'),
      courier: shortText('courier', 'Courier is required.'),
      trackingNumber: shortText('trackingNumber', 'Tracking number is required.'),
    }),
    z.object({ status: z.literal('delivered'), cashCollected: cashCollectedSchema.optional() }),
    z.object({ status: z.literal('returned_to_origin') }),
  ],
  { error: 'status must be packed, shipped, delivered or returned_to_origin' },
);
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusSchema>;

/**
 * POST /api/admin/order/refundOrder/{orderId}: an optional amount in paise (a part refund); none: the return's share.
 * A COD order's refund is sent by hand to her UPI ID: `reference` is its UPI transaction reference (required then,
 * refused for an online order, whose refund goes through Razorpay).
 */
export const refundOrderSchema = z
  .object({
    amount: z
      .number({ error: 'amount must be a whole number of paise' })
      .int('amount must be a whole number of paise')
      .min(1, 'amount must be at least 1 paisa')
      .optional(),
    reference: refundReferenceSchema.optional(),
  })
  .optional();
export type RefundOrderInput = z.infer<typeof refundOrderSchema>;

/** POST /api/admin/order/receiveReturn/{orderId}: the pieces that arrived, each back on sale (restock) or written off. */
export const receiveReturnSchema = z.object({
  items: z
    .array(
      z.object({
        itemId: z.uuid('itemId must be an item of the order'),
        quantity: z
          .number({ error: 'quantity must be a whole number from 1' })
          .int('quantity must be a whole number from 1')
          .min(1, 'quantity must be at least 1')
          .max(10, 'quantity must be at most 10'),
        restock: z.boolean({ error: 'restock must be true or false' }),
      }),
      { error: 'items: say what arrived' },
    )
    .min(1, 'items: say what arrived: at least one piece')
    .max(50, 'items: at most 50 lines'),
});
export type ReceiveReturnInput = z.infer<typeof receiveReturnSchema>;

export const adminReasonSchema = z.object({
  reason: plainText({ multiline: true, missing: 'Please give a reason.' }).trim().min(1, 'Please give a reason.').max(500),
});

/** GET /api/admin/user/getAllUsers: name, e-mail or phone. */
export const adminUserQuerySchema = z.object({
  q: search,
  blocked: z.enum(['true', 'false'], { message: 'blocked must be true or false' }).optional(),
  page: pageParam,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

export const adminUserRowSchema = z.object({
  _id: z.string(),
  userEmail: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userPhone: z.string().nullable(),
  createdAt: z.string(),
  ordersCount: z.number().int(),
  /** Paise of paid orders that were not cancelled or refunded. */
  totalSpent: z.number().int(),
  blocked: z.boolean(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUserPageSchema = z.object({ users: z.array(adminUserRowSchema), ...pagingShape });

/** A counter bill as a customer's page lists it. */
export const customerBillSchema = z.object({
  _id: z.string(),
  invoiceNumber: z.string(),
  createdAt: z.string(),
  totalPrice: z.number().int(),
  itemCount: z.number().int(),
  status: z.enum(['paid', 'void']),
});
export type CustomerBill = z.infer<typeof customerBillSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserRowSchema,
  orders: z.array(orderSummarySchema),
  addresses: z.array(addressSchema),
  /**
   * Her bills at the counter (issue 26): one customer across shop and counter, matched by the mobile number of her
   * profile or addresses (numbers are stored as 10 digits everywhere they are typed), newest first.
   */
  bills: z.array(customerBillSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
