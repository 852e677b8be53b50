import {
  addWorkingDays,
  CANCEL_REASONS,
  istDate,
  pieceName,
  refundTimelineOf,
  refundWayText,
  returnedPieces,
  returnReasonLabel,
  rupeesCompact,
  trackingUrlOf,
  type OrderDetail,
} from '@shop/core';
import { paths } from '../../config/paths';
import { isPartlyRefunded } from '../../lib/order-format';

// The order page's after-sales logic (issue 28), kept out of the components so it is tested on its own.

/** The pieces the return form names: each ticked line (`returnItem`) with its `quantity:<itemId>` choice. */
export function returnItemsOf(form: FormData): Array<{ itemId: string; quantity: number }> {
  return form
    .getAll('returnItem')
    .filter((value): value is string => typeof value === 'string' && value !== '')
    .map((itemId) => {
      const quantity = form.get(`quantity:${itemId}`);
      // A missing or bad number is sent as it is, for the schema to refuse beside the items.
      return { itemId, quantity: typeof quantity === 'string' && quantity !== '' ? Number(quantity) : 1 };
    });
}

/** The reason the cancel form sends: the reason chosen, with her words after it when she gave any. */
export function cancelReasonOf(form: FormData): string {
  const chosen = form.get('reason');
  const detail = form.get('reasonDetail');
  const reason = typeof chosen === 'string' && (CANCEL_REASONS as readonly string[]).includes(chosen) ? chosen : '';
  const words = typeof detail === 'string' ? detail.trim() : '';
  if (!reason) return '';
  return words ? `${reason}: ${words}` : reason;
}

/**
 * Where a refunded order's money goes and by when, from core's one table of refund times: 'Your refund of ₹1,200 goes
 * back to your UPI account, typically within 2–7 working days (by 8 Dec 2026).' Null when nothing was refunded.
 */
export function refundNotice(order: Pick<OrderDetail, 'status' | 'refundedAmount' | 'payment' | 'timeline'>): string | null {
  if (order.refundedAmount <= 0 || !order.payment) return null;
  const timeline = refundTimelineOf(order.payment.paymentMethod);
  const refundedAt = [...order.timeline].reverse().find((event) => event.status === 'refunded')?.at;
  const by = refundedAt ? ` (by ${istDate(addWorkingDays(new Date(refundedAt), timeline.workingDays.max))})` : '';
  const part = isPartlyRefunded(order) ? ' for the pieces you returned' : '';
  return `Your refund of ${rupeesCompact(order.refundedAmount)}${part} ${refundWayText(timeline)}${by}.`;
}

/**
 * The pieces of a return open or received, each named so two lines of one product are told apart ('1 × Chikankari
 * Cotton Kurti (Red, M)') with the reason given for it; none once a return was refused (the order is delivered again).
 */
export function returnLinesOf(
  order: Pick<OrderDetail, 'status' | 'items' | 'returnItems' | 'returnReason'>,
): Array<{ itemId: string; pieces: number; quantity: number; text: string; reason: string }> {
  if (!order.returnReason || !['return_requested', 'returned', 'refunded'].includes(order.status)) return [];
  return returnedPieces(order).map(({ item, pieces, reason }) => ({
    itemId: item.itemId,
    pieces,
    quantity: item.quantity,
    text: `${pieces} × ${pieceName(item)}`,
    reason: returnReasonLabel(reason ?? order.returnReason!),
  }));
}

/** The papers of a paid order to print, as the shopper's order page links them. */
export interface OrderPaper {
  label: string;
  path: string;
}

/**
 * A paid order's receipt (its tax invoice); once cancelled or refunded, its credit note instead, and both after a
 * partial refund: she still holds the pieces she kept, which the tax invoice is for (issue 38).
 */
export function orderPapers(order: Pick<OrderDetail, '_id' | 'status' | 'refundedAmount' | 'payment'>): OrderPaper[] {
  if (!order.payment) return [];
  const receipt = { label: 'Print Receipt', path: paths.orderInvoice(order._id) };
  const creditNote = { label: 'Print Credit Note', path: paths.orderCreditNote(order._id) };
  if (isPartlyRefunded(order)) return [receipt, creditNote];
  return order.status === 'cancelled' || order.status === 'refunded' ? [creditNote] : [receipt];
}

/** The courier's tracking page for the order's parcel, or null for a courier we do not know. */
export const trackingLinkOf = (order: Pick<OrderDetail, 'courier' | 'trackingNumber'>) =>
  trackingUrlOf(order.courier, order.trackingNumber);
