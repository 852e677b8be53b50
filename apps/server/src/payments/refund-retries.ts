import { REFUND_MAX_ATTEMPTS, type RefundState } from '@shop/core';
import { causeOf } from '../logging/log-errors.js';
import { RazorpayError } from './razorpay/razorpay-client.js';

// Refunds that did not go through at once: how often the shop asks Razorpay again, under which key, and the
// background job that does it on every instance (docs/decisions/031).

export const REFUND_RULES = {
  /** Requests under new keys after Razorpay refused for sure; then the refund waits for the owner's Retry refund. */
  maxAttempts: REFUND_MAX_ATTEMPTS,
  /** A worker or a request holds a refund this long while it talks to Razorpay (the client gives up after 10 s). */
  claimMs: 2 * 60_000,
  /** A refund just recorded is the job's after this long, should the request that recorded it not send it. */
  firstLookMs: 60_000,
  /** The wait after each try doubles from 30 s and never exceeds an hour. */
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  /** The job looks for due refunds this often, on every instance. */
  pollMs: 30_000,
  batch: 10,
} as const;

/** The wait before the next try, after `tries` tries of the refund: 30 s, 1 min, 2 min … at most an hour. */
export const refundRetryDelayMs = (tries: number): number =>
  Math.min(REFUND_RULES.maxRetryMs, REFUND_RULES.firstRetryMs * 2 ** Math.max(0, tries - 1));

/**
 * The idempotency key of a refund's `attempt`-th request: its own key first, then `<key>_<attempt>`. A key is only
 * ever dropped for the next one once Razorpay refused the refund for sure, since Razorpay answers a key it has
 * seen with its first answer (the same refusal).
 */
export const refundAttemptKey = (idempotencyKey: string, attempt: number): string =>
  attempt <= 1 ? idempotencyKey : `${idempotencyKey}_${attempt}`;

/**
 * Whether Razorpay surely made no refund: it answered with a client error. A timeout, a broken connection or a 5xx
 * may hide a refund made, and 409 (the same key being processed) and 429 (too many requests) say nothing of it:
 * those are asked again under the same key.
 */
export function refusedForSure(error: unknown): error is RazorpayError {
  return (
    error instanceof RazorpayError &&
    error.kind === 'api' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 409 &&
    error.status !== 429
  );
}

/** Where a refund stands, as the order pages show it. */
export function refundStateOf(refund: { status: string; razorpayRefundId: string | null; nextAttemptAt: Date | null }): RefundState {
  if (refund.status === 'processed') return 'processed';
  if (refund.status === 'failed') return refund.nextAttemptAt ? 'retrying' : 'stopped';
  return refund.razorpayRefundId ? 'processing' : 'unconfirmed';
}

export interface RefundTally {
  processed: number;
  pending: number;
  failed: number;
  unknown: number;
}

/**
 * Runs `retry` (the payments service's retryDueRefunds) every `intervalMs` on this instance. Every instance runs
 * it: each refund is claimed in the database (FOR UPDATE SKIP LOCKED and a lease) before Razorpay is asked, so two
 * instances, or an instance and the owner's Retry refund, never send one refund at once. A round still running
 * when the next is due is not doubled. Answers a stop function that waits for the round under way.
 */
export function startRefundJob(options: {
  intervalMs?: number;
  retry: () => Promise<RefundTally>;
  log: { info(details: object, line: string): void; error(details: object, line: string): void };
}): () => Promise<void> {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  const round = async () => {
    if (busy) return;
    busy = true;
    try {
      const tally = await options.retry();
      if (tally.processed + tally.pending + tally.failed + tally.unknown > 0) options.log.info(tally, 'refund retries');
    } catch (error) {
      options.log.error({ err: error }, `refund retries failed (${causeOf(error)}); next round will retry`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => {
    current = round();
  }, options.intervalMs ?? REFUND_RULES.pollMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
