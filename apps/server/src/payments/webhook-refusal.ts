import { AppError } from '@shop/core';

// A webhook whose signature does not check out is refused (400) and logged at warn: a secret that differs between
// the Razorpay dashboard and RAZORPAY_WEBHOOK_SECRET loses every webhook, and a 400 counted in the metrics alone
// does not say so. The line says what the delivery claims to be, never the secret, the signature or the body.

/** Ids and event names as they may reach a log line: short and plain (anything else is left out). */
const PLAIN = /^[A-Za-z0-9_.]{1,64}$/;
const plain = (value: unknown): string | undefined => (typeof value === 'string' && PLAIN.test(value) ? value : undefined);

/** The signature of a webhook did not sign its body with the webhook secret (or there was none). */
export class WebhookSignatureError extends AppError {
  // AppError's own check answers "an AppError"; this one narrows to this class (the ordinary prototype check).
  static override [Symbol.hasInstance](value: unknown): value is WebhookSignatureError {
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }

  constructor(readonly signature: 'missing' | 'mismatch') {
    super('INVALID_DATA', 'Invalid webhook signature');
  }
}

export interface WebhookClaims {
  event?: string;
  eventId?: string;
  paymentId?: string;
  orderId?: string;
  refundId?: string;
}

/** What an unverified webhook says it is, read for the log only: its event and ids when they parse, nothing else. */
export function webhookClaims(rawBody: Buffer, eventId: string | undefined): WebhookClaims {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    body = undefined;
  }
  const at = (...path: string[]): unknown =>
    path.reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), body);
  const claims: WebhookClaims = {
    event: plain(at('event')),
    eventId: plain(eventId),
    paymentId: plain(at('payload', 'payment', 'entity', 'id')),
    orderId: plain(at('payload', 'payment', 'entity', 'order_id')) ?? plain(at('payload', 'order', 'entity', 'id')),
    refundId: plain(at('payload', 'refund', 'entity', 'id')),
  };
  return Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
}
