import { COUPON_GUESS_LIMIT } from '@shop/core';
import { tooMany } from '../accounts/code-store.js';
import type { Db } from '../db/database.js';
import { throttleAddress } from '../identity/client-address.js';
import { authEventTimes, recordAuthEvents } from '../identity/queries.js';

const MINUTE = 60_000;

/**
 * Wrong coupon codes, counted in auth_events as wrong one-time codes are (every instance sees the same counts): the
 * tenth within ten minutes from one shopper, or from one client whoever is signed in, holds them back until the
 * oldest of those ten is ten minutes old, so codes cannot be guessed. A signed-out shopper counts by her client only.
 */
export function createCouponThrottle(db: Db, now: () => Date) {
  const windowMs = COUPON_GUESS_LIMIT.windowMinutes * MINUTE;
  const shopperKey = (userId: string) => `user:${userId}`;

  return {
    /** Throws 429 (in words, with Retry-After) when the shopper or the client has guessed wrong too often. */
    async assertAllowed(ip: string, userId?: string): Promise<void> {
      const at = now();
      const since = new Date(at.getTime() - windowMs);
      const checks = [authEventTimes(db, 'coupon_failed_from_ip', throttleAddress(ip), since)];
      if (userId) checks.push(authEventTimes(db, 'coupon_failed', shopperKey(userId), since));
      for (const times of await Promise.all(checks)) {
        if (times.length >= COUPON_GUESS_LIMIT.maxWrong) {
          const wait = times[times.length - COUPON_GUESS_LIMIT.maxWrong]!.createdAt.getTime() + windowMs - at.getTime();
          throw tooMany((when) => `Too many wrong coupon codes. Please try again ${when}.`, wait);
        }
      }
    },

    /** Counts a code that does not exist against the client and, when signed in, the shopper. */
    async recordWrong(ip: string, userId?: string): Promise<void> {
      const at = now();
      const address = throttleAddress(ip);
      await recordAuthEvents(db, [
        { kind: 'coupon_failed_from_ip', subject: address, createdAt: at },
        ...(userId ? [{ kind: 'coupon_failed' as const, subject: shopperKey(userId), ip: address, createdAt: at }] : []),
      ]);
    },
  };
}

export type CouponThrottle = ReturnType<typeof createCouponThrottle>;
