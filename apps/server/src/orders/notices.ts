import { codPaymentLine, formatINR, refundTimelineOf, refundWayText, type OrderStatus } from '@shop/core';
import { userById } from '../accounts/queries.js';
import type { Db } from '../db/database.js';
import type { MailQueue } from '../mail/queue.js';
import { codConfirmMail, orderMail } from '../mail/templates.js';
import type { NotificationService } from '../notifications/service.js';
import { paymentsAndRefundedOf } from '../payments/queries.js';
import type { SettingsService } from '../settings/service.js';
import type { Actor, OrderRow } from './service.js';

export type OrderNotice = 'placed' | 'cancelled' | 'refunded' | 'late-refund' | 'status';

/** One status change, as the state machine made it (orders/service.ts `move`), inside its transaction. */
export interface StatusChange {
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  actor: Actor;
  /** The timeline's note: for the back-office's moves, the words the shopper is told. */
  note: string;
  /** A move to refunded: the paise of the refund that made it (a return refunds only its pieces' share). */
  refundPaise?: number;
}

/** Which notice a status change gives the shopper, if any. */
export function noticeFor(change: Pick<StatusChange, 'to' | 'actor'>): OrderNotice | null {
  switch (change.to) {
    // Cash on delivery: her code confirmed the order, the twin of a payment.
    case 'paid':
    case 'confirmed':
      return 'placed';
    // An expired reservation cancels quietly, as it always has: the shopper never paid.
    case 'cancelled':
      return change.actor === 'system' ? null : 'cancelled';
    case 'refunded':
      return 'refunded';
    case 'packed':
    case 'shipped':
    case 'delivered':
    case 'returned':
    case 'returned_to_origin':
      return 'status';
    // Her own request: the order page shows it, no mail needed. A COD order's code goes by its own mail.
    case 'pending_payment':
    case 'awaiting_confirmation':
    case 'return_requested':
      return null;
  }
}

/**
 * Tells the shopper about her order: a notification in /user/notifications and an e-mail, both written in the
 * transaction of the change (the mail through the outbox, mail/queue.ts). A change that happens once is told
 * once, however many requests asked for it; a change rolled back is never told.
 */
export function createOrderNotices(deps: {
  notifications: NotificationService;
  mail: MailQueue;
  settings: SettingsService;
  publicUrl: string;
}) {
  /** Where a refund of the order goes and how long it takes, by the way it was paid (core's one table). */
  async function refundWay(tx: Db, order: OrderRow): Promise<string> {
    const { payments } = await paymentsAndRefundedOf(tx, order.id);
    const paid = payments.find((payment) => payment.status === 'captured' || payment.status === 'refunded');
    // Cash collected at the door goes back by hand, to the UPI ID her return gave (issue 41).
    if (paid?.method === 'cod') return `was sent by UPI to ${order.returnUpiId ?? 'the UPI ID you gave us'}`;
    return refundWayText(refundTimelineOf(paid?.method));
  }

  function texts(kind: OrderNotice, order: OrderRow, note?: string, way?: string, refundPaise?: number): { title: string; body: string } {
    const total = formatINR(order.totalPaise);
    switch (kind) {
      case 'placed':
        // A COD order is "placed" for her when her code confirms it (issue 41): nothing is paid yet.
        return order.paymentMethod === 'cod'
          ? {
              title: `Order ${order.orderNumber} confirmed`,
              body: `${codPaymentLine(order.totalPaise)}. We will pack your order within 24–48 hours.`,
            }
          : {
              title: `Order ${order.orderNumber} placed`,
              body: `We have your payment of ${total}. We will pack your order within 24–48 hours.`,
            };
      case 'cancelled':
        return {
          title: `Order ${order.orderNumber} cancelled`,
          body: order.paidAt ? `Your order is cancelled. ${total} is being refunded: it ${way}.` : 'Your order is cancelled.',
        };
      case 'refunded':
        return {
          title: `Refund for ${order.orderNumber} processed`,
          body: `${formatINR(refundPaise ?? order.totalPaise)} has been refunded: it ${way}.`,
        };
      case 'late-refund':
        return { title: `Payment for ${order.orderNumber} refunded`, body: note ?? 'Your payment is refunded in full.' };
      case 'status':
        return { title: `Order ${order.orderNumber} update`, body: note ?? '' };
    }
  }

  /**
   * Writes one notice in `tx`, the transaction of the change it tells about. `dedupeKey` names the change where
   * no status moves (a late payment's refund), so a second report of it tells nothing new.
   */
  async function write(
    tx: Db,
    kind: OrderNotice,
    order: OrderRow,
    note?: string,
    dedupeKey?: string,
    /** The refund a 'refunded' notice tells of; the order total when not given. */
    refundPaise?: number,
  ): Promise<void> {
    const refunding = kind === 'refunded' || (kind === 'cancelled' && order.paidAt !== null);
    const { title, body } = texts(kind, order, note, refunding ? await refundWay(tx, order) : undefined, refundPaise);
    const link = `/user/orders/${order.id}`;
    const user = await userById(tx, order.userId);
    if (!user) return;
    const shop = await deps.settings.get(tx);
    // Every mail of a COD order says what she pays at the door (unless its own words say it already).
    const lines =
      order.paymentMethod === 'cod' && !body.includes('to pay at the door') ? [body, `${codPaymentLine(order.totalPaise)}.`] : [body];
    const mailId = await deps.mail.enqueue(
      tx,
      orderMail({ to: user.email, subject: title, lines, link, shop, publicUrl: deps.publicUrl }),
      { kind: 'order', dedupeKey },
    );
    // The same change reported again: its notification is there already.
    if (dedupeKey && !mailId) return;
    await deps.notifications.create(order.userId, { title, body, link }, tx);
    // Sent as soon as the transaction has committed; the worker sends it otherwise.
    deps.mail.deliverSoon([mailId]);
  }

  /**
   * The code that confirms a COD order, mailed in `tx`, the placing transaction (so a code exists exactly when its
   * mail is on its way); valid until `confirmBy`. Kept in the outbox only until it is sent (sensitive).
   */
  async function codCode(tx: Db, order: OrderRow, code: string, confirmBy: Date): Promise<void> {
    const user = await userById(tx, order.userId);
    if (!user) return;
    const shop = await deps.settings.get(tx);
    const mail = codConfirmMail({
      to: user.email,
      code,
      orderNumber: order.orderNumber,
      paymentLine: codPaymentLine(order.totalPaise),
      confirmBy,
      link: `/paymentSuccess?orderId=${order.id}&code=${code}`,
      shop,
      publicUrl: deps.publicUrl,
    });
    const mailId = await deps.mail.enqueue(tx, mail, {
      kind: 'code',
      sensitive: true,
      validForMs: confirmBy.getTime() - order.createdAt.getTime(),
      dedupeKey: `cod-code:${order.id}`,
    });
    deps.mail.deliverSoon([mailId]);
  }

  return {
    write,
    codCode,

    /** The state machine's hook: every status change that the shopper should hear of, told in its transaction. */
    async statusChanged(tx: Db, change: StatusChange): Promise<void> {
      const kind = noticeFor(change);
      if (kind) await write(tx, kind, change.order, kind === 'status' ? change.note : undefined, undefined, change.refundPaise);
    },

    /** Resolves once every notice written so far has been sent or has failed (tests). */
    async settled(): Promise<void> {
      await deps.mail.drain();
      await deps.mail.idle();
    },
  };
}

export type OrderNotices = ReturnType<typeof createOrderNotices>;
