import { rupeesCompact, type OrderDetail, type PendingRefund } from '@shop/core';
import { formatDateTime } from '../../lib/order-format';

// What the shopper's order page says of money on its way back that Razorpay has not confirmed (issue 38): that the
// refund is pending, and what happens next, so a refund Razorpay refused is never a dead end for her.

const NOTHING_TO_DO = 'You need not do anything.';

/** What happens next to a refund in each state, in her words. */
function nextStep(pending: PendingRefund): string {
  switch (pending.state) {
    case 'processing':
      return `Razorpay has it and is processing it; we will tell you as soon as it is processed. ${NOTHING_TO_DO}`;
    case 'unconfirmed':
      return `We are waiting for Razorpay to confirm it and ask again by ourselves; we will tell you as soon as it is processed. ${NOTHING_TO_DO}`;
    case 'retrying': {
      const when = pending.nextAttemptAt ? ` (next try ${formatDateTime(pending.nextAttemptAt)})` : '';
      return `Razorpay could not process it at the first try, so we send it again by ourselves${when} and will tell you as soon as it goes through. ${NOTHING_TO_DO}`;
    }
    case 'stopped':
      return `Razorpay has not processed it yet; the shop is sending it again and will tell you as soon as it goes through. ${NOTHING_TO_DO}`;
  }
}

/** The order page's notice of a refund not confirmed yet: its title and its words; null when there is none. */
export function refundPendingNotice(order: Pick<OrderDetail, 'pendingRefund'>): { title: string; text: string } | null {
  const pending = order.pendingRefund;
  if (!pending) return null;
  return { title: `Refund pending: ${rupeesCompact(pending.amount)}.`, text: nextStep(pending) };
}

/** The message after she cancels: the refund's own amount, and whether Razorpay took it or it is pending. */
export function cancelledMessage(refund: { amount: number; started: boolean } | null): string {
  if (!refund) return 'Order cancelled.';
  const amount = rupeesCompact(refund.amount);
  return refund.started
    ? `Order cancelled. Your refund of ${amount} has been started.`
    : `Order cancelled. Your refund of ${amount} is pending: we send it again by ourselves and will tell you when it goes through.`;
}
