import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userNotifications } from '../notifications/tables.js';
import { mailOutbox } from '../mail/tables.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 23, item 8: a notice is written once per state change, in the transaction that makes the change (the mail
// outbox), not once per request that asked for it.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } } });

const mailsTo = async (email: string, subject: RegExp) => {
  await t.services.orderNotices.settled();
  return mail.sent.filter((item) => item.to === email && subject.test(item.subject));
};

describe('order notices', () => {
  it('regression: ten parallel cancels of one paid order send one cancellation mail and one notification', async () => {
    const product = await sellableProduct(t, { pricePaise: 1_20_000, stock: 5 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${order.orderId}`, {
          sid: order.sid,
          body: { reason: 'Ordered the wrong size' },
        }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await mailsTo(order.email, /cancelled$/)).toHaveLength(1);
    const notifications = await t.database.db.select().from(userNotifications).where(eq(userNotifications.userId, order.userId));
    expect(notifications.filter((row) => row.title.endsWith('cancelled'))).toHaveLength(1);
  });

  it('writes the notice with the change: its mail is in the outbox before anything is sent', async () => {
    const product = await sellableProduct(t, { pricePaise: 90_000, stock: 5 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    await t.services.orderNotices.settled();
    const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, order.email));
    // The sign-up code was deleted once sent; the 'placed' mail is kept, sent, for the shop's records.
    expect(queued.map((row) => [row.kind, row.subject, row.sentAt !== null])).toEqual([
      ['order', `Order ${order.orderNumber} placed`, true],
    ]);
  });
});
