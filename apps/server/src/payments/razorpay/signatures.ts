import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, both hex HMAC-SHA256: Checkout signs `order_id|payment_id` with the key secret,
 * webhooks sign the raw request body with the webhook secret.
 */

/** The `razorpay_signature` that Checkout hands to the page after a successful payment. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** The `X-Razorpay-Signature` header of a webhook whose body is exactly `rawBody`. */
export function webhookSignature(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** True when `signature` is the one Razorpay computes for this order and payment. Constant time. */
export function verifyPaymentSignature(payment: { orderId: string; paymentId: string; signature: string }, keySecret: string): boolean {
  return sameHex(paymentSignature(payment.orderId, payment.paymentId, keySecret), payment.signature);
}

/**
 * True when `signature` (the X-Razorpay-Signature header) signs `rawBody` with the webhook secret. Pass the
 * bytes as received: a body parsed and re-serialised may differ in spacing or key order and fail.
 */
export function verifyWebhookSignature(rawBody: string | Buffer, signature: string | undefined, webhookSecret: string): boolean {
  return sameHex(webhookSignature(rawBody, webhookSecret), signature);
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

// timingSafeEqual throws on buffers of different length, so malformed input is refused before comparing.
function sameHex(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || !HEX_SHA256.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}
