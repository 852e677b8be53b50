import { AppError } from '@shop/core';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.js';
import { advisoryLock } from '../db/statements.js';
import { throttleAddress } from '../identity/client-address.js';
import { authEventTimes, forgetAuthEvents, pruneAuthEvents, recordAuthEvents } from '../identity/queries.js';
import {
  countWrongTry,
  currentCode,
  deleteCodesBefore,
  forgetVerification,
  insertCode,
  useCode,
  verifiedSince,
  voidCode,
  voidCodes,
} from './queries.js';

export const OTP_RULES = {
  validMinutes: 10,
  /**
   * Wrong guesses at one code from all clients together, then it is void: a bound on guessing it (one chance in
   * 20,000) that takes ten clients at their limit to reach, never one stranger (ADR 034).
   */
  maxWrongTries: 50,
  /** Wrong codes for one address (and purpose) from one client within the window: then that client waits (429). */
  wrongPerClient: 5,
  /** Wrong codes from one client over every address within the window. */
  wrongFromClient: 20,
  wrongWindowMinutes: 15,
  resendSeconds: 60,
  perEmailPerHour: 5,
  perIpPerHour: 20,
  /** How long a verified sign-up address may register. */
  verifiedForMinutes: 30,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type CodePurpose = 'login' | 'verify' | 'reset' | 'admin-reset';
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** 'in 3 minutes', 'in 45 seconds': when the shopper may try again. */
export function tryAgainIn(milliseconds: number): string {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A 429 whose message and Retry-After header say when to try again. */
export const tooMany = (message: (when: string) => string, waitMs: number) =>
  new AppError('TOO_MANY_REQUESTS', message(tryAgainIn(waitMs)), undefined, Math.max(1, Math.ceil(waitMs / 1000)));

const CODE_GONE = () =>
  new AppError('INVALID_DATA', 'This OTP has expired or was already used. Please request a new one.', {
    otp: 'Please request a new OTP.',
  });

/** Throws 429 when this client guessed wrong too often, over all addresses or at this one (`addressKey`: purpose and address). */
async function assertGuessAllowed(tx: Executor, addressKey: string, client: string, at: Date): Promise<void> {
  const windowMs = OTP_RULES.wrongWindowMinutes * MINUTE;
  const since = new Date(at.getTime() - windowMs);
  const waitFor = (times: Array<{ createdAt: Date }>, limit: number) =>
    times[times.length - limit]!.createdAt.getTime() + windowMs - at.getTime();
  const fromClient = await authEventTimes(tx, 'code_failed_from_ip', client, since);
  if (fromClient.length >= OTP_RULES.wrongFromClient) {
    const wait = waitFor(fromClient, OTP_RULES.wrongFromClient);
    throw tooMany((when) => `Too many wrong codes from your network. Please try again ${when}.`, wait);
  }
  const atAddress = await authEventTimes(tx, 'code_failed', addressKey, since, client);
  if (atAddress.length >= OTP_RULES.wrongPerClient) {
    throw tooMany((when) => `Too many wrong codes. Please try again ${when}.`, waitFor(atAddress, OTP_RULES.wrongPerClient));
  }
}

/** One-time codes and the counters that limit them; time comes from `now` so tests can move it. */
export function createCodeStore(db: Db, options: { secret: string; now: () => Date }) {
  const { now } = options;
  const hashCode = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', options.secret).update(`${purpose}:${email}:${code}`).digest('hex');

  return {
    /**
     * Checks the send limits for this address and IP, records the send and issues a new code, voiding the
     * address's earlier ones. One short transaction, serialised per address; `queueMail` queues the mail in
     * it (mail/queue.ts), so a code exists exactly when its mail is on its way.
     */
    async issue<T>(
      email: string,
      ip: string,
      purpose: CodePurpose,
      queueMail: (tx: Db, code: string, expiresAt: Date) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await advisoryLock(tx, `otp:${email}`);
        const at = now();
        const hourAgo = new Date(at.getTime() - HOUR);
        // Counted per purpose, so a shopper who just signed up can ask for a login code at once.
        const addressKey = `${purpose}:${email}`;
        const perEmail = await authEventTimes(tx, 'otp_sent_to_email', addressKey, hourAgo);
        const last = perEmail.at(-1);
        if (last && at.getTime() - last.createdAt.getTime() < OTP_RULES.resendSeconds * 1000) {
          const wait = last.createdAt.getTime() + OTP_RULES.resendSeconds * 1000 - at.getTime();
          throw tooMany((when) => `Please wait before asking for another code. Try again ${when}.`, wait);
        }
        if (perEmail.length >= OTP_RULES.perEmailPerHour) {
          const wait = perEmail[perEmail.length - OTP_RULES.perEmailPerHour]!.createdAt.getTime() + HOUR - at.getTime();
          throw tooMany((when) => `Too many codes were requested for this email. Please try again ${when}.`, wait);
        }
        const perIp = await authEventTimes(tx, 'otp_sent_from_ip', ip, hourAgo);
        if (perIp.length >= OTP_RULES.perIpPerHour) {
          const wait = perIp[perIp.length - OTP_RULES.perIpPerHour]!.createdAt.getTime() + HOUR - at.getTime();
          throw tooMany((when) => `Too many codes were requested from your network. Please try again ${when}.`, wait);
        }

        // Counters and codes older than a day are no longer needed by any rule.
        const dayAgo = new Date(at.getTime() - 24 * HOUR);
        await pruneAuthEvents(tx, dayAgo);
        await deleteCodesBefore(tx, dayAgo);
        await recordAuthEvents(tx, [
          { kind: 'otp_sent_to_email', subject: addressKey, createdAt: at },
          { kind: 'otp_sent_from_ip', subject: ip, createdAt: at },
        ]);

        await voidCodes(tx, email, purpose, at);
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const expiresAt = new Date(at.getTime() + OTP_RULES.validMinutes * MINUTE);
        await insertCode(tx, { email, purpose, codeHash: hashCode(email, purpose, code), createdAt: at, expiresAt });
        return queueMail(tx, code, expiresAt);
      });
    },

    /**
     * Uses up the address's current code when `code` matches; counts a wrong guess otherwise, against this client
     * (per address and purpose, and over all addresses) and against the code. A client past its limits gets 429
     * before its guess is checked, so a stranger's wrong guesses hold back only the stranger (ADR 034).
     */
    async consume(email: string, purpose: CodePurpose, code: string, ip: string): Promise<void> {
      const client = throttleAddress(ip);
      const addressKey = `${purpose}:${email}`;
      // Answered after the commit: a wrong guess is counted in the transaction, and a throw would roll it back.
      const refusal = await db.transaction(async (tx): Promise<AppError | null> => {
        // One client's guesses take turns (on every instance), so simultaneous guesses cannot pass its limits.
        await advisoryLock(tx, `code-guess:${client}`);
        const at = now();
        await assertGuessAllowed(tx, addressKey, client, at);
        const current = await currentCode(tx, email, purpose);
        if (!current || current.expiresAt <= at) return CODE_GONE();
        const expected = Buffer.from(current.codeHash, 'hex');
        const given = Buffer.from(hashCode(email, purpose, code), 'hex');
        if (!timingSafeEqual(expected, given)) {
          await recordAuthEvents(tx, [
            { kind: 'code_failed', subject: addressKey, ip: client, createdAt: at },
            { kind: 'code_failed_from_ip', subject: client, createdAt: at },
          ]);
          const attempts = await countWrongTry(tx, current.id);
          if (attempts === undefined || attempts >= OTP_RULES.maxWrongTries) {
            await voidCode(tx, current.id, at);
            return new AppError('INVALID_DATA', 'Too many wrong tries. Please request a new OTP.', { otp: 'Please request a new OTP.' });
          }
          return new AppError('INVALID_DATA', 'Invalid OTP.', { otp: 'Invalid OTP.' });
        }
        // Single use even when two requests race with the right code: only one update finds it unused.
        const used = await useCode(tx, current.id, at, purpose === 'verify' ? at : null);
        if (!used) return new AppError('INVALID_DATA', 'This OTP has expired or was already used. Please request a new one.');
        // Her typos before the right code are forgotten; nobody else's guesses are.
        await forgetAuthEvents(tx, ['code_failed'], addressKey, client);
        return null;
      });
      if (refusal) throw refusal;
    },

    /** True when the address entered a correct sign-up code within the last 30 minutes. */
    async isRecentlyVerified(email: string): Promise<boolean> {
      const since = new Date(now().getTime() - OTP_RULES.verifiedForMinutes * MINUTE);
      return verifiedSince(db, email, since);
    },

    /** Uses up the address's sign-up verification (at registration), in the caller's transaction. */
    async forgetVerification(email: string, tx: Executor = db): Promise<void> {
      await forgetVerification(tx, email);
    },
  };
}

export type CodeStore = ReturnType<typeof createCodeStore>;
