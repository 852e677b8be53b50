import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTP_RULES } from '../accounts/code-store.js';
import { jsonCall, testClock, uniqueEmail } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { createTestDatabase } from '../test/database.js';
import { startMailCatcher } from '../test/mail-catcher.js';
import { createSmtpMailer, type Mailer } from './mailer.js';
import { createMailQueue, MAIL_RULES, retryDelayMs } from './queue.js';
import { mailOutbox } from './tables.js';

// A real SMTP server that the test takes down and brings back: "down" sends to a loopback port nobody listens on.
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let live: Mailer;
const down = createSmtpMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'shop@saanjh.example' });
let smtpUp = true;
const transport: Mailer = { send: (mail) => (smtpUp ? live : down).send(mail) };

const clock = testClock();
const t = useTestApp({ services: { now: clock.now, mailer: transport } });

beforeAll(async () => {
  catcher = await startMailCatcher();
  live = createSmtpMailer({ smtpUrl: catcher.url, from: 'shop@saanjh.example' });
});
afterAll(async () => {
  await catcher?.stop();
});

const mailsTo = (address: string) => catcher.mails.filter((mail) => mail.to.includes(address));
const rowsTo = (address: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
const sample = (to: string, subject = 'Your order is packed') => ({ to, subject, html: `<p>${subject}</p>`, text: subject });

describe('the mail outbox', () => {
  it('retries 2 s, 4 s, 8 s … and never waits more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('with SMTP down a code request still succeeds, and the code arrives and works once SMTP is back', async () => {
    const email = uniqueEmail();
    smtpUp = false;
    const asked = await jsonCall(t.app, 'POST', '/api/user/auth/sendAccountVerificationOtp', { body: { email } });
    expect(asked.statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(0);
    const [waiting] = await rowsTo(email);
    expect(waiting).toMatchObject({ kind: 'code', attempts: 1, sensitive: true, sentAt: null });
    expect(waiting!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(2_000);

    // Still down at the first retry: the next one is 4 s later.
    clock.advance(2_000);
    await t.services.mail.drain();
    expect((await rowsTo(email))[0]).toMatchObject({ attempts: 2 });

    smtpUp = true;
    clock.advance(4_000);
    await t.services.mail.drain();
    const code = await catcher.codeFor(email);
    // A code mail leaves no copy of the code behind once it is sent.
    expect(await rowsTo(email)).toHaveLength(0);
    const verified = await jsonCall(t.app, 'POST', '/api/user/auth/verifyAccountOtp', { body: { email, otp: code } });
    expect(verified.statusCode).toBe(200);
  });

  it('drops and counts a code mail that could not be sent while the code was valid, and never sends it late', async () => {
    const email = uniqueEmail();
    smtpUp = false;
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/sendLoginOtp', { body: { email } })).statusCode).toBe(200);
    const dropped = t.services.mail.stats.dropped;
    smtpUp = true;
    clock.advance(OTP_RULES.validMinutes * 60_000);
    await t.services.mail.drain();
    expect(mailsTo(email)).toHaveLength(0);
    expect(await rowsTo(email)).toHaveLength(0);
    expect(t.services.mail.stats.dropped).toBe(dropped + 1);
  });

  it('queues a mail once per cause: the same dedupe key twice sends one mail', async () => {
    const to = uniqueEmail('dedupe');
    const first = await t.services.mail.enqueue(t.database.db, sample(to), { kind: 'order', dedupeKey: `test:${to}` });
    const second = await t.services.mail.enqueue(t.database.db, sample(to), { kind: 'order', dedupeKey: `test:${to}` });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await t.services.mail.drain();
    expect(mailsTo(to)).toHaveLength(1);
    // Mail without a secret is kept, marked sent, for the shop's own records.
    expect((await rowsTo(to))[0]).toMatchObject({ attempts: 1, lastError: null });
    expect((await rowsTo(to))[0]!.sentAt).not.toBeNull();
  });

  it('a mail queued in a transaction that rolls back is never sent', async () => {
    const to = uniqueEmail('rollback');
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.mail.enqueue(tx, sample(to), { kind: 'order' });
        throw new Error('the order change failed');
      }),
    ).rejects.toThrow('the order change failed');
    await t.services.mail.drain();
    expect(await rowsTo(to)).toHaveLength(0);
    expect(mailsTo(to)).toHaveLength(0);
  });

  it('two workers on one database send each mail once, and a mail held by one is skipped by the other', async () => {
    const other = createMailQueue(t.database.db, { transport, now: clock.now });
    const addresses = Array.from({ length: 25 }, () => uniqueEmail('worker'));
    for (const to of addresses) await t.services.mail.enqueue(t.database.db, sample(to), { kind: 'order' });
    await Promise.all([t.services.mail.drain(), other.drain()]);
    for (const to of addresses) expect(mailsTo(to)).toHaveLength(1);
  });

  it('a mail claimed by a worker that died is sent by another once the claim runs out', async () => {
    const to = uniqueEmail('crash');
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({
        kind: 'order',
        ...sample(to),
        createdAt: clock.now(),
        validUntil: new Date(clock.now().getTime() + 3_600_000),
        nextAttemptAt: clock.now(),
        claimedUntil: new Date(clock.now().getTime() + MAIL_RULES.claimMs),
        attempts: 1,
      })
      .returning();
    await t.services.mail.drain();
    expect(mailsTo(to)).toHaveLength(0);
    clock.advance(MAIL_RULES.claimMs + 1);
    await t.services.mail.drain();
    expect(mailsTo(to)).toHaveLength(1);
    expect((await rowsTo(to))[0]).toMatchObject({ id: row!.id, attempts: 2 });
  });

  it('a database gone is the queue’s own failure, never reported as a mail not sent (issue 39)', async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const onError = vi.fn();
    const onQueueError = vi.fn();
    const queue = createMailQueue(gone.db, { transport, now: clock.now, onError, onQueueError });
    await queue.drain();
    expect(onError).not.toHaveBeenCalled();
    expect(onQueueError).toHaveBeenCalledTimes(1);
  });

  it('deliverSoon tries again a mail its first try did not find yet (a transaction that committed late)', async () => {
    const to = uniqueEmail('late-commit');
    const id = randomUUID();
    t.services.mail.deliverSoon([id]);
    // The row appears only after the first try (20 ms) has looked for it, as a slow commit's would.
    await new Promise((resolve) => setTimeout(resolve, 80));
    await t.database.db.insert(mailOutbox).values({
      id,
      kind: 'order',
      ...sample(to),
      createdAt: clock.now(),
      validUntil: new Date(clock.now().getTime() + 3_600_000),
      nextAttemptAt: clock.now(),
    });
    await vi.waitFor(() => expect(mailsTo(to)).toHaveLength(1), { timeout: 3_000 });
    await t.services.mail.idle();
    const [row] = await rowsTo(to);
    expect(row?.attempts).toBe(1);
    expect(row?.sentAt).toBeInstanceOf(Date);
  });
});
