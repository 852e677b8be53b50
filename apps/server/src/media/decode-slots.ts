import { availableParallelism } from 'node:os';
import { AppError } from '@shop/core';

export const PHOTOS_BUSY_MESSAGE = 'Many photos are being processed just now; please try again in a minute.';

/** How long a refused upload is told to wait (Retry-After). */
const BUSY_RETRY_SECONDS = 60;

export interface DecodeSlots {
  /**
   * Runs `task` once a slot is free: at once, or after the tasks waiting before it. An upload finding `waiting`
   * tasks in line is refused (UNAVAILABLE, in words) rather than held; `background` work (the AVIF encoder, the
   * start-up backfill) always waits its turn.
   */
  run<T>(task: () => Promise<T>, options?: { background?: boolean }): Promise<T>;
  /** Tasks running now, and waiting for a slot. */
  readonly running: number;
  readonly queued: number;
}

/**
 * At most `size` photo decodes at once in this process (issue 38): three parallel 16,000 × 16,000 PNGs took every
 * core and three of libuv's four threads, which argon2 needs for logins. Half the cores decode (one on two),
 * the rest answer everything else.
 */
export function createDecodeSlots(size = Math.max(1, Math.floor(availableParallelism() / 2)), waiting = 8): DecodeSlots {
  let running = 0;
  const line: Array<() => void> = [];
  return {
    get running() {
      return running;
    },
    get queued() {
      return line.length;
    },
    async run(task, options) {
      if (running < size) running++;
      else {
        if (!options?.background && line.length >= waiting)
          throw new AppError('UNAVAILABLE', PHOTOS_BUSY_MESSAGE, undefined, BUSY_RETRY_SECONDS);
        // The slot is handed over by the task that frees it: `running` stays counted.
        await new Promise<void>((resolve) => line.push(resolve));
      }
      try {
        return await task();
      } finally {
        const next = line.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
