import type { Db } from '../db/database.js';
import { advisoryLock } from '../db/statements.js';
import { tooMany } from '../accounts/code-store.js';
import { throttleAddress } from './client-address.js';
import {
  authEventSpread,
  authEventTimes,
  countAuthEvents,
  forgetAuthEvents,
  hadAuthEvent,
  lastAuthEventAt,
  recordAuthEvents,
} from './queries.js';

/** Wrong passwords for one account from one client: the tenth within 15 minutes (since any earlier lock) holds that client back 15 minutes. */
export const PASSWORD_LOCK = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 } as const;

/** Failed password logins from one client, whatever the accounts tried: each is an argon2 check. */
export const PASSWORD_IP_LIMIT = { maxFailures: 20, windowMinutes: 15 } as const;

/** Failures for one account from every client: the tenth within 15 minutes alerts its owner, at most once per 15 minutes. */
export const PASSWORD_ALERT = { failures: 10, windowMinutes: 15 } as const;

const MINUTE = 60_000;

/** What an alert tells: how many failures, from how many clients, between when and when. Never a password. */
export interface PasswordFailureAlert {
  failures: number;
  addresses: number;
  firstAt: Date;
  lastAt: Date;
}

/**
 * Password login throttles, shared by shoppers and admins (each with its own account keys), counted in
 * `auth_events` so every instance sees the same counts. A client is refused only for its own failures: per
 * account and client, and per client over all accounts. Failures over all clients never refuse anyone, or a
 * stranger who knows the address could keep the owner out; they raise an alert instead.
 */
export function createPasswordThrottle(db: Db, options: { now: () => Date }) {
  const { now } = options;
  const ago = (at: Date, minutes: number) => new Date(at.getTime() - minutes * MINUTE);

  /** Locks the (account, client) pair when its failures since the window began (or its last lock ended) reach the limit. */
  async function lockWhenOverLimit(account: string, address: string, at: Date): Promise<void> {
    const lastLock = await lastAuthEventAt(db, 'password_locked', account, address);
    const windowStart = Math.max(ago(at, PASSWORD_LOCK.windowMinutes).getTime(), lastLock?.getTime() ?? 0);
    const failures = await countAuthEvents(db, 'password_failed', account, address, new Date(windowStart));
    if (failures >= PASSWORD_LOCK.maxFailures) {
      await recordAuthEvents(db, [{ kind: 'password_locked', subject: account, ip: address, createdAt: at }]);
    }
  }

  /** The alert this failure makes due, or null: the account's failures reached the threshold and no alert went out this window. */
  async function alertDue(account: string, at: Date): Promise<PasswordFailureAlert | null> {
    const windowStart = ago(at, PASSWORD_ALERT.windowMinutes);
    if (await hadAuthEvent(db, 'password_alerted', account, windowStart)) return null;
    const { events: failures, clients: addresses, firstAt } = await authEventSpread(db, 'password_failed', account, windowStart);
    if (!firstAt || failures < PASSWORD_ALERT.failures) return null;
    // Instances failing the same account at once: one records the alert, the others find it.
    return db.transaction(async (tx) => {
      await advisoryLock(tx, `password-alert:${account}`);
      if (await hadAuthEvent(tx, 'password_alerted', account, windowStart)) return null;
      await recordAuthEvents(tx, [{ kind: 'password_alerted', subject: account, createdAt: at }]);
      return { failures, addresses, firstAt, lastAt: at };
    });
  }

  return {
    /**
     * Throws 429 when this client has failed too often, over all accounts or for this one; before any argon2
     * check. `otpLogin` false: the account has no code login to offer. `attempt` names what is refused: a login,
     * or the current password a signed-in password change asks for (counted alike).
     */
    async assertAllowed(account: string, ip: string, options: { otpLogin: boolean; attempt?: 'login' | 'password-change' }): Promise<void> {
      const at = now();
      const address = throttleAddress(ip);
      const tries = options.attempt === 'password-change' ? 'wrong passwords' : 'failed login attempts';
      const windowMs = PASSWORD_IP_LIMIT.windowMinutes * MINUTE;
      const fromClient = await authEventTimes(db, 'password_failed_from_ip', address, new Date(at.getTime() - windowMs));
      if (fromClient.length >= PASSWORD_IP_LIMIT.maxFailures) {
        const wait = fromClient[fromClient.length - PASSWORD_IP_LIMIT.maxFailures]!.createdAt.getTime() + windowMs - at.getTime();
        throw tooMany((when) => `Too many ${tries} from your network. Please try again ${when}.`, wait);
      }
      const lock = (await authEventTimes(db, 'password_locked', account, ago(at, PASSWORD_LOCK.lockMinutes), address)).at(-1);
      if (lock) {
        const wait = lock.createdAt.getTime() + PASSWORD_LOCK.lockMinutes * MINUTE - at.getTime();
        throw tooMany(
          (when) => `Too many ${tries}. Please try again ${when}${options.otpLogin ? ', or log in with an OTP sent to your email' : ''}.`,
          wait,
        );
      }
    },

    /**
     * Counts a wrong password against the account from this client and against the client; locks the pair at
     * its limit. Answers the alert to send when the account's failures from all clients just reached theirs.
     */
    async recordFailure(account: string, ip: string): Promise<PasswordFailureAlert | null> {
      const at = now();
      const address = throttleAddress(ip);
      await recordAuthEvents(db, [
        { kind: 'password_failed', subject: account, ip: address, createdAt: at },
        { kind: 'password_failed_from_ip', subject: address, createdAt: at },
      ]);
      await lockWhenOverLimit(account, address, at);
      return alertDue(account, at);
    },

    /** After the right password: this client's failures and lock for the account are forgotten, nobody else's. */
    async clearFailuresFrom(account: string, ip: string): Promise<void> {
      await forgetAuthEvents(db, ['password_failed', 'password_locked'], account, throttleAddress(ip));
    },

    /** After the owner proved the mailbox (code login, password reset) or a reset from the command line: every failure and lock of the account goes. */
    async clearFailures(account: string): Promise<void> {
      await forgetAuthEvents(db, ['password_failed', 'password_locked'], account);
    },
  };
}

export type PasswordThrottle = ReturnType<typeof createPasswordThrottle>;
