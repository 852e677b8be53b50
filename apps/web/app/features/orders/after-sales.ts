import { addWorkingDays, CANCEL_REASONS, istDate, refundTimelineOf, rupeesCompact, trackingUrlOf, type OrderDetail } from '@shop/core';
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
 * Where a refunded order's money goes and by when: 'Your refund of ₹1,200 goes back to your UPI account, typically
 * within 2–3 working days (by 30 Nov 2026).' Null when nothing was refunded.
 */
export function refundNotice(order: Pick<OrderDetail, 'status' | 'refundedAmount' | 'payment' | 'timeline'>): string | null {
  if (order.refundedAmount <= 0 || !order.payment) return null;
  const timeline = refundTimelineOf(order.payment.paymentMethod);
  const refundedAt = [...order.timeline].reverse().find((event) => event.status === 'refunded')?.at;
  const by = refundedAt ? ` (by ${istDate(addWorkingDays(new Date(refundedAt), timeline.workingDays.max))})` : '';
  const { min, max } = timeline.workingDays;
  const part = isPartlyRefunded(order) ? ' for the pieces you returned' : '';
  return `Your refund of ${rupeesCompact(order.refundedAmount)}${part} goes back to ${timeline.where}, typically within ${min}–${max} working days${by}.`;
}

/** The courier's tracking page for the order's parcel, or null for a courier we do not know. */
export const trackingLinkOf = (order: Pick<OrderDetail, 'courier' | 'trackingNumber'>) =>
  trackingUrlOf(order.courier, order.trackingNumber);
