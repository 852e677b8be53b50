import { AppError, type AuditActor, type DeliveryAttempt, type OrderStatus, type ReattemptInput } from '@shop/core';
import { recordAudit } from '../audit/service.js';
import type { Db } from '../db/database.js';
import type { OrderNotices } from '../orders/notices.js';
import { insertOrderEvent, orderOf } from '../orders/queries.js';
import type { ShippingProvider } from './provider.js';
import { shipmentOfOrder } from './queries.js';
import { attemptsOfOrder, attemptView, claimReattempt, insertAttempt, recordReattempt, releaseReattempt } from './return-queries.js';
import { ShiprocketError } from './shiprocket/client.js';
import { ndrReattempt } from './shiprocket/returns-ndr.js';

// Issue 42, continued: failed delivery attempts (NDR). Shiprocket's UNDELIVERED scan (21, its status table) is kept
// once per attempt; the order's timeline says it and the shopper is told once (in-app and e-mail, through the
// outbox); the owner may ask the courier to try again (POST ndr/{awb}/action, action "re-attempt"), once per attempt.

/** Shiprocket's status id for a failed delivery attempt (UNDELIVERED). */
export const UNDELIVERED = 21;
/** Where a parcel can still be delivered: a failed attempt after delivery or a return to origin is history. */
const ON_ITS_WAY: readonly OrderStatus[] = ['packed', 'shipped'];

/** What the shopper reads, on her order's timeline and in her notice. */
export const failedAttemptNote = (attempt: number, reason: string) =>
  `The courier could not deliver your parcel (attempt ${attempt})${reason ? `: ${reason}` : ''}. ` +
  'They will try again; if your address or phone number needs a change, contact us.';

export function createNdr(db: Db, deps: { provider: ShippingProvider | null; notices: Pick<OrderNotices, 'write'>; now: () => Date }) {
  const { provider, notices, now } = deps;

  return {
    /** Inside the tracking webhook's transaction, for each UNDELIVERED scan new to the parcel. */
    async failedAttempt(tx: Db, orderId: string, awb: string, scan: { date: string; activity?: string }): Promise<void> {
      const reason = scan.activity?.trim() ?? '';
      const attempt = await insertAttempt(tx, { orderId, awb, reason, scannedAt: scan.date });
      if (attempt === null) return;
      const order = await orderOf(tx, { id: orderId });
      if (!order) return;
      const note = failedAttemptNote(attempt, reason);
      await insertOrderEvent(tx, { orderId, status: order.status as OrderStatus, actor: 'system', note, createdAt: now() });
      // Once per attempt, however often the courier's scan is posted again.
      await notices.write(tx, 'status', order, note, `notice:ndr:${awb}:${attempt}`);
    },

    async attemptsOf(orderId: string): Promise<DeliveryAttempt[]> {
      return (await attemptsOfOrder(db, orderId)).map(attemptView);
    },

    /** The latest failed attempt while the parcel is still on its way (the shopper's notice); null otherwise. */
    async openAttempt(orderId: string, status: OrderStatus): Promise<DeliveryAttempt | null> {
      if (!ON_ITS_WAY.includes(status)) return null;
      const latest = (await attemptsOfOrder(db, orderId)).at(-1);
      return latest ? attemptView(latest) : null;
    },

    /**
     * POST /api/admin/order/reattempt/{orderId}: asks the courier to deliver again after `attempt` failed, with the
     * owner's comments; recorded on the timeline. Asked again for the same attempt, nothing is sent twice.
     */
    async reattempt(actor: AuditActor, orderId: string, input: ReattemptInput): Promise<void> {
      if (!provider) throw new AppError('CONFLICT', 'Couriers are booked by hand in this shop (SHIPPING_PROVIDER=manual).');
      const order = await orderOf(db, { id: orderId });
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      const attempts = await attemptsOfOrder(db, orderId);
      const wanted = attempts.find((row) => row.attempt === input.attempt);
      if (!wanted)
        throw new AppError('NOT_FOUND', `attempt: The parcel has no failed attempt ${input.attempt}.`, { attempt: 'No such attempt.' });
      if (wanted.reattempt === 'requested') return;
      if (wanted.attempt !== attempts.at(-1)!.attempt) {
        throw new AppError('CONFLICT', `Attempt ${wanted.attempt} was followed by another: ask for a reattempt of the latest.`);
      }
      if (!ON_ITS_WAY.includes(order.status as OrderStatus)) {
        throw new AppError('CONFLICT', 'The parcel is no longer on its way: a reattempt cannot be asked for.');
      }
      if (!(await claimReattempt(db, wanted.id))) {
        const again = (await attemptsOfOrder(db, orderId)).find((row) => row.id === wanted.id);
        if (again?.reattempt === 'requested') return;
        throw new AppError('CONFLICT', 'A reattempt is being asked for already; look again in a minute.');
      }
      const shipment = (await shipmentOfOrder(db, orderId))!;
      try {
        await ndrReattempt(provider.client, shipment.awb, input.comments);
      } catch (error) {
        await releaseReattempt(db, wanted.id);
        if (!(error instanceof ShiprocketError)) throw error;
        const message = `Reattempt request failed — retry: ${error.words}`;
        throw error.status === 422 || error.status === 400 ? new AppError('INVALID_DATA', message) : new AppError('UNAVAILABLE', message);
      }
      const by = actor.label.replace(/\s*<[^>]*>$/, '') || actor.label;
      const at = now();
      await db.transaction(async (tx) => {
        await recordReattempt(tx, wanted.id, input.comments, by, at);
        await insertOrderEvent(tx, {
          orderId,
          status: order.status as OrderStatus,
          actor: 'admin',
          actorName: by,
          note: `We asked the courier to try delivering again (after attempt ${wanted.attempt}): ${input.comments}`,
          createdAt: at,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'order.reattempt_requested',
            entity: 'order',
            entityId: orderId,
            before: { orderNumber: order.orderNumber, attempt: wanted.attempt, reattempt: null },
            after: { orderNumber: order.orderNumber, attempt: wanted.attempt, reattempt: 'requested', awb: shipment.awb },
          },
          at,
        );
      });
    },
  };
}

export type Ndr = ReturnType<typeof createNdr>;
