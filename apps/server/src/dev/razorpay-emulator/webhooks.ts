import { webhookSignature } from '../../payments/razorpay/signatures.js';

export type WebhookEventName = 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed' | 'refund.failed';

/** One signed webhook, ready to post: `body` is the exact text that `x-razorpay-signature` signs. */
export interface WebhookDelivery {
  /** The shop's WEBHOOK_PATH, or the absolute URL the emulator was given. */
  url: string;
  event: WebhookEventName;
  eventId: string;
  headers: Record<string, string>;
  body: string;
}

/** Posts one webhook and answers the receiver's HTTP status; rejects when nothing answered. */
export type WebhookDeliverer = (delivery: WebhookDelivery) => Promise<{ status: number }>;

export interface WebhookLog {
  info(line: string): void;
  error(details: object, line: string): void;
}

/** Razorpay's webhook body: `{ entity: 'event', account_id, event, contains, payload: { payment: { entity } … }, created_at }`. */
export function webhookBody(
  accountId: string,
  event: WebhookEventName,
  entities: { refund?: object; payment?: object; order?: object },
  createdAt: number,
): object {
  // Razorpay lists the entities in this order: a refund before its payment, a payment before its order.
  const contains = (['refund', 'payment', 'order'] as const).filter((name) => entities[name] !== undefined);
  const payload = Object.fromEntries(contains.map((name) => [name, { entity: entities[name] }]));
  return { entity: 'event', account_id: accountId, event, contains, payload, created_at: createdAt };
}

export function signedDelivery(
  url: string,
  event: WebhookEventName,
  eventId: string,
  body: object,
  webhookSecret: string,
): WebhookDelivery {
  const text = JSON.stringify(body);
  return {
    url,
    event,
    eventId,
    body: text,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Razorpay-Webhook/v1',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': webhookSignature(text, webhookSecret),
    },
  };
}

/**
 * Sends webhooks in the background the way Razorpay does: a 2xx answer is success; anything else, or no
 * answer, is tried again after each delay in turn (the same event id every time, so the receiver can drop
 * repeats), then given up with one error line. `settled()` waits for everything sent so far (tests).
 */
export function createWebhookSender(deliver: WebhookDeliverer, retryDelaysMs: readonly number[], log: WebhookLog) {
  const pending = new Set<Promise<void>>();

  async function deliverWithRetry(delivery: WebhookDelivery): Promise<void> {
    let lastProblem = '';
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt++) {
      if (attempt > 0) await sleep(retryDelaysMs[attempt - 1] ?? 0);
      try {
        const { status } = await deliver(delivery);
        if (status >= 200 && status < 300) return;
        lastProblem = `HTTP ${status}`;
      } catch (error) {
        lastProblem = error instanceof Error ? error.message : String(error);
      }
    }
    log.error(
      { event: delivery.event, eventId: delivery.eventId, url: delivery.url, attempts: retryDelaysMs.length + 1 },
      `Razorpay emulator: webhook ${delivery.event} could not be delivered (${lastProblem})`,
    );
  }

  return {
    send(delivery: WebhookDelivery): void {
      const running = deliverWithRetry(delivery).finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

// A retry waiting its turn must not keep a stopping process alive.
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
