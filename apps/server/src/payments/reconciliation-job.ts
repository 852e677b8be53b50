import { causeOf } from '../logging/log-errors.js';

/** Advisory-lock key of the job: one instance at a time asks Razorpay about expired reservations. */
export const RECONCILIATION_LOCK_KEY = 7_302_026_002;

/** How often the job runs: at least every minute, and at least three times per reservation lifetime. */
export const reconciliationIntervalMs = (reservationSeconds: number) => Math.min(60_000, Math.floor((reservationSeconds * 1000) / 3));

/**
 * Runs `reconcile` every `intervalMs` on one instance at a time (`runExclusive` holds a PostgreSQL advisory
 * lock while it runs). A round still running when the next is due is not doubled. Answers a stop function.
 */
export function startReconciliationJob(options: {
  intervalMs: number;
  runExclusive: (key: number, task: () => Promise<void>) => Promise<boolean>;
  reconcile: () => Promise<{ paid: number; expired: number; skipped: number }>;
  log: { info(details: object, line: string): void; error(details: object, line: string): void };
}): () => Promise<void> {
  let current: Promise<unknown> = Promise.resolve();
  let busy = false;
  const round = async () => {
    if (busy) return;
    busy = true;
    try {
      await options.runExclusive(RECONCILIATION_LOCK_KEY, async () => {
        const tally = await options.reconcile();
        if (tally.paid + tally.expired + tally.skipped > 0) options.log.info(tally, 'payment reconciliation');
      });
    } catch (error) {
      options.log.error({ err: error }, `payment reconciliation failed (${causeOf(error)}); next round will retry`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => {
    current = round();
  }, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
