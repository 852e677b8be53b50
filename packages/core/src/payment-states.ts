/**
 * A Razorpay payment's lifecycle (https://razorpay.com/docs/payments/payments/): its status only moves forward,
 * created → authorized → captured → refunded, or failed. Every write of a payment's status is conditional on
 * the statuses this allows before it, so a capture reported again (webhook retries, order.paid after
 * payment.captured, the shopper's page) can never undo a refund. Pure: no I/O.
 */
export const PAYMENT_LIFECYCLE = ['created', 'authorized', 'captured', 'refunded', 'failed'] as const;
export type PaymentLifecycleStatus = (typeof PAYMENT_LIFECYCLE)[number];

/** Where each payment status may go next. */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentLifecycleStatus, readonly PaymentLifecycleStatus[]>> = {
  created: ['authorized', 'captured', 'failed'],
  // Razorpay refunds an authorised payment by itself when nobody captures it within 3 days.
  authorized: ['captured', 'refunded'],
  captured: ['refunded'],
  refunded: [],
  // Late authorisation: a payment marked failed after the bank's timeout may still be authorised and captured
  // within 3 days; the money is then real and must be recorded (and sent back if the order cannot take it).
  failed: ['authorized', 'captured'],
};

/** Whether a payment in status `from` may be recorded as `to`: only forward, never back. */
export const paymentMayBecome = (from: PaymentLifecycleStatus, to: PaymentLifecycleStatus): boolean =>
  PAYMENT_TRANSITIONS[from].includes(to);

/** The statuses a payment may have for `to` to be written over it (the WHERE of a conditional update). */
export const paymentStatusesBefore = (to: PaymentLifecycleStatus): PaymentLifecycleStatus[] =>
  PAYMENT_LIFECYCLE.filter((from) => paymentMayBecome(from, to));
