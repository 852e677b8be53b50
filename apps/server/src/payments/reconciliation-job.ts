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
  reconcile: () => Promise<Record<string, number>>;
  log: { info(details: object, line: string): void; error(details: object, line: string): void };
  /** Another job's lock and name (the shipping's tracking reconciliation, issue 42); payments' by default. */
  lockKey?: number;
  name?: string;
}): () => Promise<void> {
  const name = options.name ?? 'payment reconciliation';
  let current: Promise<unknown> = Promise.resolve();
  let busy = false;
  const round = async () => {
    if (busy) return;
    busy = true;
    try {
      await options.runExclusive(options.lockKey ?? RECONCILIATION_LOCK_KEY, async () => {
        const tally = await options.reconcile();
        if (Object.values(tally).some((count) => count > 0)) options.log.info(tally, name);
      });
    } catch (error) {
      options.log.error({ err: error }, `${name} failed (${causeOf(error)}); next round will retry`);
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
