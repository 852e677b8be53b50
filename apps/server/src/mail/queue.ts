import type { Db } from '../db/database.js';
import type { Mail, Mailer } from './mailer.js';
import {
  CLAIM_BATCH,
  claimMail,
  deleteMail,
  deleteMailDoneBefore,
  expiredUnsentMail,
  insertMail,
  markMailDropped,
  markMailSent,
  pendingMailCount,
  scheduleMailRetry,
  type OutboxRow,
} from './queries.js';

export interface QueuedMailOptions {
  /** What the mail is about, for logs and metrics: 'code', 'order', 'invite', 'alert'… */
  kind: string;
  /** How long the mail is worth sending; a code mail is worth nothing once the code has expired. */
  validForMs?: number;
  /** Holds a secret: its row is deleted as soon as it is sent or dropped. */
  sensitive?: boolean;
  /** One mail per cause: a second mail with the same key is not queued. */
  dedupeKey?: string;
}

/** Counters since the process started, for the metrics endpoint and the logs. */
export interface MailStats {
  queued: number;
  sent: number;
  /** Attempts that failed (each is retried until the mail's validity runs out). */
  failed: number;
  /** Mails whose validity ran out before they could be sent. */
  dropped: number;
}

export const MAIL_RULES = {
  /** Mail other than codes is worth sending for three days. */
  defaultValidForMs: 3 * 24 * 3_600_000,
  /** A worker holds a mail this long while talking to SMTP (nodemailer gives up well before). */
  claimMs: 2 * 60_000,
  /** Retries double from 2 s and never wait more than a minute, so a code mail is retried often while valid. */
  firstRetryMs: 2_000,
  maxRetryMs: 60_000,
  /** How long a request waits for its own mail's first attempt before answering anyway. */
  requestWaitMs: 3_000,
  /** The worker looks for due mail (another instance's, retries) this often. */
  pollMs: 5_000,
  batch: CLAIM_BATCH,
  /** Sent and dropped rows are kept this long (what went out, for support), then deleted. */
  keepMs: 7 * 24 * 3_600_000,
} as const;

/** The wait before attempt `attempts + 1`, after `attempts` failed: 2 s, 4 s, 8 s … at most a minute. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(MAIL_RULES.maxRetryMs, MAIL_RULES.firstRetryMs * 2 ** Math.max(0, attempts - 1));

/**
 * The mail outbox. `enqueue` writes a mail in the caller's transaction; `send` queues one and waits (briefly)
 * for its first attempt, so a shopper's code usually arrives at once; the worker (`start`) delivers the rest,
 * with retries, on every instance: rows are claimed with FOR UPDATE SKIP LOCKED and a short lease, so two
 * instances never send one mail at once, and an instance that dies mid-send leaves it to the others.
 */
export function createMailQueue(
  db: Db,
  options: {
    transport: Mailer;
    now: () => Date;
    /** A mail the transport did not take (SMTP down, refused): it is tried again later. */
    onError?: (error: unknown, mail: { id: string; kind: string; attempts: number }) => void;
    /** The queue's own work failed (the database gone, mostly): no mail was refused; the next round tries again. */
    onQueueError?: (error: unknown) => void;
    onDropped?: (mail: { id: string; kind: string }) => void;
    /** Each counted event as it happens (the metrics' shop_mails_total). */
    onCount?: (event: keyof MailStats) => void;
  },
) {
  const { transport, now } = options;
  const stats: MailStats = { queued: 0, sent: 0, failed: 0, dropped: 0 };
  const count = (event: keyof MailStats) => {
    stats[event] += 1;
    options.onCount?.(event);
  };
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;
  /** deliverSoon's pending tries: cleared on stop, so none runs against a closed database. */
  const soon = new Set<NodeJS.Timeout>();
  let drainAgain = false;
  /** Set by stop(): no new tries are scheduled. */
  let stopped = false;

  async function enqueue(executor: Db, mail: Mail, queued: QueuedMailOptions): Promise<string | null> {
    const at = now();
    const id = await insertMail(executor, {
      kind: queued.kind,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      replyTo: mail.replyTo ?? null,
      dedupeKey: queued.dedupeKey ?? null,
      sensitive: queued.sensitive ?? false,
      createdAt: at,
      validUntil: new Date(at.getTime() + (queued.validForMs ?? MAIL_RULES.defaultValidForMs)),
      nextAttemptAt: at,
    });
    if (id) count('queued');
    return id;
  }

  /**
   * Takes due, unclaimed mail (only `ids` when given) for this worker; other workers skip what it holds. One
   * statement, atomic on its own: the rows it picks are locked (SKIP LOCKED) until it has set their lease.
   */
  async function claim(ids?: readonly string[]): Promise<OutboxRow[]> {
    const at = now();
    const until = new Date(at.getTime() + MAIL_RULES.claimMs);
    return claimMail(db, at, until, ids);
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (row.validUntil <= now()) {
      await drop([row]);
      return;
    }
    try {
      await transport.send({ to: row.to, subject: row.subject, html: row.html, text: row.text, replyTo: row.replyTo });
    } catch (error) {
      count('failed');
      options.onError?.(error, { id: row.id, kind: row.kind, attempts: row.attempts });
      await scheduleMailRetry(
        db,
        row.id,
        new Date(now().getTime() + retryDelayMs(row.attempts)),
        (error instanceof Error ? error.message : String(error)).slice(0, 500),
      );
      return;
    }
    count('sent');
    // A code has no business in the database once it is on its way.
    if (row.sensitive) await deleteMail(db, row.id);
    else await markMailSent(db, row.id, now());
  }

  async function drop(rows: readonly Pick<OutboxRow, 'id' | 'kind' | 'sensitive'>[]): Promise<void> {
    for (const row of rows) {
      if (row.sensitive) await deleteMail(db, row.id);
      else await markMailDropped(db, row.id, now());
      count('dropped');
      options.onDropped?.({ id: row.id, kind: row.kind });
    }
  }

  /** Drops what ran out of time unsent, and forgets what went out (or was dropped) long ago. */
  async function tidy(): Promise<void> {
    const at = now();
    await drop(await expiredUnsentMail(db, at, 100));
    await deleteMailDoneBefore(db, new Date(at.getTime() - MAIL_RULES.keepMs));
  }

  /** Tracks a delivery so `idle()` and `stop()` can wait for it. */
  function track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error: unknown) => options.onQueueError?.(error));
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
    return tracked;
  }

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  /** Delivers everything due, batch by batch, until nothing is left. */
  async function drainOnce(): Promise<void> {
    await tidy();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return;
      for (const row of rows) await deliver(row);
    }
  }

  /** One drain at a time per process; a wake during a drain runs one more. */
  function drain(): Promise<void> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    draining = track(
      (async () => {
        do {
          drainAgain = false;
          await drainOnce();
        } while (drainAgain);
      })(),
    ).finally(() => {
      draining = null;
    });
    return draining;
  }

  /** Claims and delivers the mail `ids` that is due and unclaimed; how many it claimed. */
  async function claimAndDeliver(ids: readonly string[]): Promise<number> {
    const rows = await claim(ids);
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  /** Tries the given mails now (they were just queued); answers when tried, or after `waitMs` at the latest. */
  async function attempt(queued: readonly (string | null)[], waitMs: number): Promise<void> {
    const ids = queued.filter((id): id is string => id !== null);
    if (ids.length === 0) return;
    const work = track(claimAndDeliver(ids).then(() => {}));
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise<void>((resolve) => (timeout = setTimeout(resolve, waitMs)))]);
    clearTimeout(timeout);
  }

  return {
    stats,
    enqueue,

    /**
     * Queues one mail and waits for its first attempt (at most `requestWaitMs`). A failed attempt is not an
     * error for the caller: the worker retries it. A `dedupeKey` queued before queues nothing.
     */
    async send(mail: Mail, queued: QueuedMailOptions = { kind: 'mail' }): Promise<void> {
      await attempt([await enqueue(db, mail, queued)], MAIL_RULES.requestWaitMs);
    },

    /** Tries at once what a committed transaction queued (`enqueue`'s ids); waits at most `requestWaitMs`. */
    async deliverNow(ids: readonly (string | null)[]): Promise<void> {
      await attempt(ids, MAIL_RULES.requestWaitMs);
    },

    /**
     * For mail queued inside a transaction that has not committed yet: tries it shortly after, and once more if
     * that found it not committed yet (a slow commit), without waiting; the worker's round sends whatever is still
     * there.
     */
    deliverSoon(queued: readonly (string | null)[]): void {
      const ids = queued.filter((id): id is string => id !== null);
      if (ids.length === 0) return;
      // The second try only when the first found some of them not committed yet (or held by another worker).
      const tryAfter = (delaysMs: readonly number[]) => {
        const [delayMs, ...later] = delaysMs;
        if (delayMs === undefined || stopped) return;
        const timeout = setTimeout(() => {
          soon.delete(timeout);
          let claimed = 0;
          void track(claimAndDeliver(ids).then((count) => void (claimed = count))).then(() => {
            if (claimed < ids.length) tryAfter(later);
          });
        }, delayMs).unref();
        soon.add(timeout);
      };
      tryAfter([20, 280]);
    },

    /** Delivers every due mail now (tests; the worker's own round). */
    drain,

    /** Mails not yet sent nor dropped (a gauge for the metrics endpoint). */
    async pending(): Promise<number> {
      return pendingMailCount(db);
    },

    /** Starts the background worker: a round every `pollMs` (retries, mail queued by other instances). */
    start(pollMs: number = MAIL_RULES.pollMs): void {
      if (timer) return;
      stopped = false;
      timer = setInterval(() => void drain(), pollMs);
      timer.unref();
      void drain();
    },

    /** Resolves once every delivery started so far has finished (tests, shutdown). */
    idle,

    /** Stops the worker and the tries still to come, then waits for the deliveries under way. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      for (const timeout of soon) clearTimeout(timeout);
      soon.clear();
      await idle();
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
