import { REFUND_MAX_ATTEMPTS, type AdminOrderDetail } from '@shop/core';
import { formatDateTime } from '../../lib/order-format';

type Refund = AdminOrderDetail['refunds'][number];

/**
 * Where a refund stands, as the back-office's order page says it (issue 38): 'Processed'; 'At Razorpay, not
 * confirmed yet · looked up again 20 Nov 2026, 11:30 am'; 'Refused by Razorpay · attempt 2 of 5 · next try …';
 * 'Refused 5 times · automatic retries stopped'. What Razorpay said comes beside it (refund.lastError).
 */
export function refundStateText(refund: Pick<Refund, 'state' | 'attempts' | 'nextAttemptAt'>): string {
  const next = (words: string) => (refund.nextAttemptAt ? ` · ${words} ${formatDateTime(refund.nextAttemptAt)}` : '');
  switch (refund.state) {
    case 'processed':
      return 'Processed';
    case 'processing':
      return `At Razorpay, not confirmed yet${next('looked up again')}`;
    case 'unconfirmed':
      return `Sent, no answer from Razorpay yet${next('asked again')}`;
    case 'retrying':
      return `Refused by Razorpay · attempt ${refund.attempts} of ${REFUND_MAX_ATTEMPTS}${next('next try')}`;
    case 'stopped':
      return `Refused ${refund.attempts} ${refund.attempts === 1 ? 'time' : 'times'} · automatic retries stopped`;
  }
}
