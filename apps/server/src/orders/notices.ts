import { formatINR } from '@shop/core';
import { eq } from 'drizzle-orm';
import { users } from '../accounts/tables.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { orderMail } from '../mail/templates.js';
import type { NotificationService } from '../notifications/service.js';
import type { SettingsService } from '../settings/service.js';
import type { OrderRow } from './service.js';

export type OrderNotice = 'placed' | 'cancelled' | 'refunded' | 'late-refund' | 'status';

/**
 * Tells the shopper about her order: a notification in /user/notifications and an e-mail. Sent after the
 * change is committed; a mail that fails is logged, never undoes the order.
 */
export function createOrderNotices(
  db: Db,
  deps: {
    notifications: NotificationService;
    mailer: Mailer;
    settings: SettingsService;
    publicUrl: string;
    onError: (error: unknown) => void;
  },
) {
  function texts(kind: OrderNotice, order: OrderRow, note?: string): { title: string; body: string } {
    const total = formatINR(order.totalPaise);
    switch (kind) {
      case 'placed':
        return {
          title: `Order ${order.orderNumber} placed`,
          body: `We have your payment of ${total}. We will pack your order within 24–48 hours.`,
        };
      case 'cancelled':
        return {
          title: `Order ${order.orderNumber} cancelled`,
          body: order.paidAt
            ? `Your order is cancelled. ${total} is being refunded to your original payment method.`
            : 'Your order is cancelled.',
        };
      case 'refunded':
        return {
          title: `Refund for ${order.orderNumber} processed`,
          body: `${total} has been refunded. Banks take 2–5 business days to show it.`,
        };
      case 'late-refund':
        return { title: `Payment for ${order.orderNumber} refunded`, body: note ?? 'Your payment is refunded in full.' };
      case 'status':
        return { title: `Order ${order.orderNumber} update`, body: note ?? '' };
    }
  }

  const inFlight = new Set<Promise<void>>();
  return {
    send(kind: OrderNotice, order: OrderRow, note?: string): void {
      const { title, body } = texts(kind, order, note);
      const link = `/user/orders/${order.id}`;
      const deliver = async () => {
        await deps.notifications.create(order.userId, { title, body, link });
        const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, order.userId));
        if (!user) return;
        const shop = await deps.settings.get();
        await deps.mailer.send(orderMail({ to: user.email, subject: title, lines: [body], link, shop, publicUrl: deps.publicUrl }));
      };
      const sending = deliver().catch(deps.onError);
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    /** Resolves once every notice sent so far is delivered or has failed (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;
