import {
  AppError,
  ADMIN_PAGE_SIZE,
  cashCollectedRefusal,
  csvRow,
  istTimestamp,
  paiseToDecimal,
  UTF8_BOM,
  type DayRangeQuery,
  type OrderCreditNote,
  CLAIM_WINDOW_HOURS,
  formatINR,
  istDayEnd,
  istDayStart,
  isReturnPhotoOf,
  RETURN_REASONS_IN_WORDS,
  sellerOf,
  type AdminOrderDetail,
  type AdminOrderQuery,
  type AdminOrderRow,
  type OrderStatus,
  type Shipment,
  type UpdateOrderStatusInput,
} from '@shop/core';
import { shopperIdsMatching, userById, usersByIds } from '../accounts/queries.js';
import { recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import { capturedMethodsOf, cashPaymentId, recordCashPayment, refundsOfOrder } from '../payments/queries.js';
import type { SettingsService } from '../settings/service.js';
import { stringify } from 'csv-stringify/sync';
import { orderCreditNotes, orderInvoiceOfRow } from './credit-notes.js';
import { refundStateOf } from '../payments/refund-retries.js';
import type { PaymentsService } from '../payments/service.js';
import type { OrderNotices } from './notices.js';
import {
  eventsOfOrder,
  itemsOfOrders,
  lockOrder,
  orderListPage,
  orderOf,
  paidOrdersBetween,
  returnReceiptOf,
  updateOrder,
  type OrderListFilter,
} from './queries.js';
import type { AdminRef, InTransaction, OrderChanges, OrderRow, OrdersService, ReceivedItemInput } from './service.js';

// The back-office's orders: lists and details, and every change through the orders module (its state machine,
// its locks, its idempotence), with the audit entry in the change's own transaction and the shopper told after.

/** What the audit log keeps of an order. */
const orderSnapshot = (row: OrderRow) => ({
  orderNumber: row.orderNumber,
  status: row.status,
  courier: row.courier,
  trackingNumber: row.trackingNumber,
  deliveredAt: row.deliveredAt,
  cancelReason: row.cancelReason,
  returnReason: row.returnReason,
});

/**
 * The online orders CSV (issue 43): one row per invoice line (the shipping its own line), as the tax invoice of each
 * paid order shows it: taxable value and each tax in rupees, times in India.
 */
export const ORDER_CSV_COLUMNS = [
  'invoiceNumber',
  'invoiceDate',
  'orderNumber',
  'buyerState',
  'line',
  'item',
  'hsnCode',
  'quantity',
  'gstRate',
  'amount',
  'taxableValue',
  'cgst',
  'sgst',
  'igst',
  'paymentMethod',
  'status',
] as const;

/** The most orders one CSV export holds. */
export const MAX_EXPORT_ORDERS = 10_000;

export function createAdminOrdersService(
  db: Db,
  deps: {
    orders: OrdersService;
    payments: PaymentsService;
    notices: OrderNotices;
    now: () => Date;
    /** The shop's state today: what splits the tax of a document issued before the seller was kept on it. */
    settings: Pick<SettingsService, 'get'>;
    /** Moves a stored `/media/…` photo URL under MEDIA_PUBLIC_URL. */
    photoUrl: (stored: string) => string;
    /** The parcel booked through the shipping provider (issue 42); without it, no order has one. */
    shipping?: { books: boolean; shipmentOf(orderId: string): Promise<Shipment | null> };
  },
) {
  const { orders: orderModule, payments, notices, now } = deps;

  /** The admin as the order's timeline and stock ledger name them: 'Meera Kapoor' (the label without the e-mail). */
  const adminRef = (actor: AuditActor): AdminRef => ({ id: actor.id, name: actor.label.replace(/\s*<[^>]*>$/, '') || actor.label });

  const audited =
    (actor: AuditActor, action: string): InTransaction =>
    (tx, before, after) =>
      recordAudit(
        tx,
        actor,
        { action, entity: 'order', entityId: before.id, before: orderSnapshot(before), after: orderSnapshot(after) },
        now(),
      );

  /**
   * The cash a delivery records (issue 41): a COD order is delivered only with exactly the cash due (its total), a
   * 400 naming `cashCollected` in words otherwise; an online order takes none. Null for an online order.
   */
  async function cashAtTheDoor(orderId: string, entered: number | undefined): Promise<number | null> {
    const order = await orderOf(db, { id: orderId });
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    const refuse = (message: string) => new AppError('INVALID_DATA', `cashCollected: ${message}`, { cashCollected: message });
    if (order.paymentMethod !== 'cod') {
      if (entered !== undefined) throw refuse('This order was paid online: there is no cash to collect.');
      return null;
    }
    const refusal = cashCollectedRefusal(order.totalPaise, entered);
    if (refusal) throw refuse(refusal);
    return order.totalPaise;
  }

  /**
   * shipped → returned to origin (refused at the door, undeliverable): stock back through the ledger, audited, the
   * shopper told. A COD order owes nothing; a prepaid one's refund is the owner's next step (refundOrder).
   */
  async function returnToOrigin(actor: AuditActor, orderId: string): Promise<void> {
    const order = await orderOf(db, { id: orderId });
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    const note =
      order.paymentMethod === 'cod'
        ? 'Your parcel came back to us: it was refused at the door or could not be delivered. Nothing is due, and the order is closed.'
        : 'Your parcel came back to us: it was refused at the door or could not be delivered. We will refund your payment.';
    await orderModule.returnToOrigin(orderId, { note, admin: adminRef(actor), inTransaction: audited(actor, 'order.returned_to_origin') });
  }

  async function customerOf(userId: string, fallbackPhone: string) {
    const user = await userById(db, userId);
    return {
      _id: userId,
      name: user ? `${user.firstName} ${user.lastName}` : '',
      email: user?.email ?? '',
      phone: user?.phone ?? fallbackPhone,
    };
  }

  return {
    /** Newest first; status, a search over order number, customer name or e-mail and phone, and a day range (India time). */
    async list(query: AdminOrderQuery): Promise<{ orders: AdminOrderRow[]; total: number; page: number; limit: number }> {
      const page = query.page ?? 1;
      const limit = ADMIN_PAGE_SIZE;
      const filter: OrderListFilter = {
        status: query.status,
        paymentMethod: query.paymentMethod,
        from: query.from ? istDayStart(query.from) : undefined,
        before: query.to ? istDayEnd(query.to) : undefined,
      };
      if (query.q) {
        // Phone numbers are searched by their digits, from four on.
        const digits = query.q.replace(/\D/g, '');
        const phone = digits.length >= 4 ? digits : undefined;
        filter.search = { text: query.q, digits: phone, customers: shopperIdsMatching(query.q, phone) };
      }
      const { rows, total } = await orderListPage(db, filter, limit, (page - 1) * limit);
      const customers = await usersByIds(
        db,
        rows.map((row) => row.user_id),
      );
      return {
        orders: rows.map((row) => ({
          _id: row.id,
          orderNumber: row.order_number,
          status: row.status,
          total: Number(row.total_paise),
          createdAt: new Date(row.created_at).toISOString(),
          itemCount: Number(row.item_count),
          image: row.image && deps.photoUrl(row.image),
          paymentMethod: row.payment_method,
          codFee: Number(row.cod_fee_paise),
          customer: {
            _id: row.user_id,
            name: customers.get(row.user_id)?.name ?? '',
            email: customers.get(row.user_id)?.email ?? '',
            phone: customers.get(row.user_id)?.phone ?? row.address_phone,
          },
        })),
        total,
        page,
        limit,
      };
    },

    /** The credit notes of an online order (issue 43), oldest first: none until it is cancelled or refunded after payment. */
    async creditNotes(orderId: string): Promise<OrderCreditNote[]> {
      const order = await orderOf(db, { id: orderId });
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      const { state } = await deps.settings.get();
      return (await orderCreditNotes(db, [order.id], state)).get(order.id) ?? [];
    },

    /**
     * The paid orders of whole India days (by invoice date) as CSV for Excel (a UTF-8 BOM, times in India, rupees):
     * one row per invoice line (ORDER_CSV_COLUMNS), taxed as the tax invoice is. The owner's, as the bills' CSV.
     */
    async exportCsv(actor: AuditActor, query: DayRangeQuery): Promise<string> {
      requireOwner(actor);
      const rows = await paidOrdersBetween(
        db,
        query.from ? istDayStart(query.from) : undefined,
        query.to ? istDayEnd(query.to) : undefined,
        MAX_EXPORT_ORDERS,
      );
      const ids = rows.map((row) => row.id);
      const [settings, items, methods] = await Promise.all([deps.settings.get(), itemsOfOrders(db, ids), capturedMethodsOf(db, ids)]);
      const money = (paise: number) => paiseToDecimal(paise);
      const lines = rows.flatMap((order) => {
        const invoice = orderInvoiceOfRow(
          order,
          items.filter((item) => item.orderId === order.id),
          sellerOf(settings),
        );
        return invoice.lines.map((line, index) =>
          csvRow([
            invoice.invoiceNumber,
            istTimestamp(new Date(invoice.invoiceDate)),
            order.orderNumber,
            invoice.placeOfSupply,
            index + 1,
            line.description,
            line.hsn,
            line.quantity,
            String(line.rate),
            money(line.total),
            money(line.taxable),
            money(line.cgst),
            money(line.sgst),
            money(line.igst),
            methods.get(order.id) ?? '',
            order.status,
          ]),
        );
      });
      return UTF8_BOM + stringify(lines, { header: true, columns: [...ORDER_CSV_COLUMNS] });
    },

    /** The whole order for the detail page and the packing slip: items, address, payment, refunds and who did what. */
    async detail(orderId: string): Promise<AdminOrderDetail> {
      const order = await orderModule.detail(orderId);
      const [row, events, refundRows, receipt] = await Promise.all([
        orderOf(db, { id: orderId }),
        eventsOfOrder(db, orderId),
        refundsOfOrder(db, orderId),
        returnReceiptOf(db, orderId),
      ]);
      const paid = order.payment?.amount ?? 0;
      const refundedOfPayment = refundRows
        .filter((refund) => refund.razorpayPaymentId === order.payment?.razorpay_id)
        .reduce((sum, refund) => sum + refund.amountPaise, 0);
      return {
        ...order,
        customer: await customerOf(row!.userId, order.address.phone),
        events: events.map((event) => ({
          status: event.status as OrderStatus,
          note: event.note,
          actor: event.actor,
          actorName: event.actorName,
          at: event.createdAt.toISOString(),
        })),
        refunds: refundRows.map((refund) => {
          const state = refundStateOf(refund);
          return {
            _id: refund.id,
            amount: refund.amountPaise,
            status: refund.status as 'pending' | 'processed' | 'failed',
            state,
            attempts: refund.attempts,
            nextAttemptAt: refund.nextAttemptAt?.toISOString() ?? null,
            lastError: refund.lastError,
            // Refused, or sent without an answer: what the owner's Retry refund sends again.
            canRetry: state === 'retrying' || state === 'stopped' || state === 'unconfirmed',
            reason: refund.reason,
            reference: refund.reference,
            createdAt: refund.createdAt.toISOString(),
          };
        }),
        cod:
          row!.paymentMethod === 'cod'
            ? {
                amountDue: row!.totalPaise,
                cashCollected: order.payment?.razorpay_id === cashPaymentId(orderId) ? order.payment.amount : null,
                collectedAt: order.payment?.razorpay_id === cashPaymentId(orderId) ? order.payment.paymentDate : null,
                upiId: row!.returnUpiId,
              }
            : null,
        returnNote: row!.returnNote,
        // Only the shop's own photos of this return: a link recorded from outside before issue 38 is never shown as one.
        returnPhotos: row!.returnPhotos.filter((stored) => isReturnPhotoOf(orderId, stored)).map((stored) => deps.photoUrl(stored)),
        deliveredAt: row!.deliveredAt?.toISOString() ?? null,
        returnReceivedAt: row!.returnReceivedAt?.toISOString() ?? null,
        returnReceipt: receipt
          .filter((line) => line.restocked !== null || line.writtenOff !== null)
          .map((line) => ({ itemId: line.orderItemId, restocked: line.restocked ?? 0, writtenOff: line.writtenOff ?? 0 })),
        // What a refund may still send back (issue 40): what was paid less every refund recorded against that payment.
        refundable: Math.max(0, paid - refundedOfPayment),
        suggestedRefund:
          order.status === 'returned' && row!.returnReceivedAt && order.payment
            ? Math.min(await orderModule.returnRefund(db, orderId, paid), Math.max(0, paid - refundedOfPayment))
            : // A prepaid parcel back at the shop (issue 41): what was paid and not refunded yet.
              order.status === 'returned_to_origin' && order.payment
              ? Math.max(0, paid - refundedOfPayment)
              : null,
        shipment: deps.shipping ? await deps.shipping.shipmentOf(orderId) : null,
        canBook: deps.shipping?.books ?? false,
      };
    },

    /**
     * paid → packed → shipped (courier and tracking number) → delivered. A repeat of the status the order has
     * changes nothing; a shipped order's courier or tracking number may be corrected (audited, told again).
     */
    async updateStatus(actor: AuditActor, orderId: string, input: UpdateOrderStatusInput): Promise<void> {
      if (input.status === 'returned_to_origin') return returnToOrigin(actor, orderId);
      const at = now();
      let note: string;
      let extra: OrderChanges = {};
      let inTransaction = audited(actor, `order.${input.status}`);
      if (input.status === 'packed') note = 'Your order is packed and will leave us soon.';
      else if (input.status === 'shipped') {
        note = `Your order is on its way with ${input.courier} (tracking number ${input.trackingNumber}).`;
        extra = { courier: input.courier, trackingNumber: input.trackingNumber };
      } else {
        const cash = await cashAtTheDoor(orderId, input.cashCollected);
        note = `Your order was delivered${cash === null ? '' : ` and ${formatINR(cash)} was paid in cash`}. If anything is ${RETURN_REASONS_IN_WORDS}, tell us within ${CLAIM_WINDOW_HOURS} hours.`;
        extra = { deliveredAt: at };
        if (cash !== null) {
          // The cash is the order's payment: paid now (an invoice number is drawn only if the order has none yet).
          extra.paidAt = at;
          const audit = inTransaction;
          inTransaction = async (tx, before, after) => {
            await recordCashPayment(tx, { orderId, amountPaise: cash, paidAt: at }, at);
            await audit(tx, before, after);
          };
        }
      }
      const { order, moved } = await orderModule.advance(orderId, input.status, {
        actor: 'admin',
        by: adminRef(actor).name,
        note,
        extra,
        inTransaction,
        // The state machine also leads back to delivered from a return request; that is rejectReturn's.
        ...(input.status === 'delivered'
          ? { from: { status: 'shipped' as const, refusal: 'Only a shipped order can be marked delivered.' } }
          : {}),
      });
      // A move's notice was written with it (notices.ts); a corrected tracking number is told in its own transaction.
      if (moved) return;
      if (input.status === 'shipped' && (order.courier !== input.courier || order.trackingNumber !== input.trackingNumber)) {
        await db.transaction(async (tx) => {
          const before = await lockOrder(tx, { id: orderId });
          const after = await updateOrder(tx, orderId, { courier: input.courier, trackingNumber: input.trackingNumber, updatedAt: now() });
          await audited(actor, 'order.tracking')(tx, before!, after);
          await notices.write(tx, 'status', after, note);
        });
      }
    },

    /**
     * Cancels before shipping with the stock back and a full Razorpay refund (the payments module's cancel). A refund
     * Razorpay did not take is UNAVAILABLE, saying what happens next: the order is cancelled all the same, and the
     * refund job (or Retry refund) sends it again. Owners only, paid or not, as the API's owner scope keeps cancelOrder.
     */
    async cancel(actor: AuditActor, orderId: string, reason: string): Promise<void> {
      requireOwner(actor);
      const { trouble } = await payments.cancelOrder('', orderId, reason, 'admin', audited(actor, 'order.cancel'), adminRef(actor));
      if (trouble) throw new AppError('UNAVAILABLE', `The order is cancelled, but its refund did not go through: ${trouble}`);
    },

    /** A return request accepted: the order is returned (approved); its pieces are received and checked next. */
    async approveReturn(actor: AuditActor, orderId: string): Promise<void> {
      const note = 'We accepted your return. Your refund follows once we have the items back.';
      // Nothing goes back on sale yet: the pieces are checked when they arrive (receiveReturn, issue 40).
      await orderModule.approveReturn(orderId, { note, inTransaction: audited(actor, 'order.return_approved'), admin: adminRef(actor) });
    },

    /**
     * The approved return's parcel, checked (issue 40): each piece restocked or written off (damaged) through the
     * stock ledger, in one transaction with its audit entry; the shopper is told. CONFLICT when the return is not
     * approved or was received already.
     */
    async receiveReturn(actor: AuditActor, orderId: string, items: ReceivedItemInput[]): Promise<void> {
      await orderModule.receiveReturn(orderId, {
        items,
        admin: adminRef(actor),
        inTransaction: async (tx, before, after) => {
          const receipt = await returnReceiptOf(tx, orderId);
          await recordAudit(
            tx,
            actor,
            {
              action: 'order.return_received',
              entity: 'order',
              entityId: orderId,
              before: { ...orderSnapshot(before), returnReceivedAt: null },
              after: {
                ...orderSnapshot(after),
                returnReceivedAt: after.returnReceivedAt,
                received: receipt.map((line) => ({ itemId: line.orderItemId, restocked: line.restocked, writtenOff: line.writtenOff })),
              },
            },
            now(),
          );
        },
      });
    },

    /** A return request refused with a reason the shopper reads: the order is delivered again. */
    async rejectReturn(actor: AuditActor, orderId: string, reason: string): Promise<void> {
      const note = `We could not accept your return: ${reason}`;
      await orderModule.advance(orderId, 'delivered', {
        actor: 'admin',
        note,
        inTransaction: audited(actor, 'order.return_rejected'),
        from: { status: 'return_requested', refusal: 'This order has no return request to reject.' },
        by: adminRef(actor).name,
      });
    },

    /**
     * Refunds a received return: `amount` (paise) when the owner chose one (never above what is refundable), else the
     * received pieces' share, or all that was paid for a whole return; refunded when Razorpay confirms. The audit entry
     * tells the money (refunded before and after), not the order's shipping fields (issue 40).
     */
    async refund(actor: AuditActor, orderId: string, amount?: number, reference?: string): Promise<void> {
      requireOwner(actor);
      await payments.refundReturned(
        orderId,
        (tx, order, refund) =>
          recordAudit(
            tx,
            actor,
            {
              action: 'refund.create',
              entity: 'refund',
              entityId: order.id,
              before: { orderNumber: order.orderNumber, status: order.status, paid: refund.paid, refunded: refund.refundedBefore },
              after: {
                orderNumber: order.orderNumber,
                status: order.status,
                paid: refund.paid,
                refunded: refund.refundedBefore + refund.amount,
                amount: refund.amount,
                ...(reference ? { reference } : {}),
                text: reference
                  ? `${formatINR(refund.amount)} refund sent by hand to ${order.returnUpiId ?? 'her UPI ID'} (reference ${reference})`
                  : `${formatINR(refund.amount)} refund requested from Razorpay`,
              },
            },
            now(),
          ),
        amount,
        reference === undefined ? undefined : { reference, admin: adminRef(actor) },
      );
    },

    /**
     * The owner's Retry refund: the order's refunds that did not go through are sent again now (one Razorpay refused
     * under a new key), audited in the transaction that claims them. CONFLICT when there is none or the refund job is
     * sending it; UNAVAILABLE when Razorpay refuses again.
     */
    async retryRefund(actor: AuditActor, orderId: string): Promise<void> {
      requireOwner(actor);
      await payments.retryRefund(orderId, (tx, order, claimed) => {
        const amount = claimed.reduce((sum, refund) => sum + refund.amountPaise, 0);
        return recordAudit(
          tx,
          actor,
          {
            action: 'refund.retry',
            entity: 'refund',
            entityId: order.id,
            before: {
              orderNumber: order.orderNumber,
              refunds: claimed.map((refund) => ({ amount: refund.amountPaise, status: refund.status, attempts: refund.attempts })),
            },
            after: {
              orderNumber: order.orderNumber,
              refunds: claimed.map((refund) => ({ amount: refund.amountPaise, status: refund.status, attempts: refund.attempts })),
              amount,
              text: `${formatINR(amount)} refund sent to Razorpay again`,
            },
          },
          now(),
        );
      });
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
