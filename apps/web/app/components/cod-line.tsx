import { codPaymentLine, type OrderSummary } from '@shop/core';
import { Banknote } from 'lucide-react';

/**
 * 'Cash on delivery · ₹1,049 to pay at the door' (issue 41): how a COD order reads wherever it shows (her orders and
 * order page, the payment success page, the back-office's list and order page). Nothing for an online order.
 */
export function CodLine({ order, className = '' }: { order: Pick<OrderSummary, 'paymentMethod' | 'total'>; className?: string }) {
  if (order.paymentMethod !== 'cod') return null;
  return (
    <span className={`inline-flex items-center gap-1.5 text-sm font-medium text-[#7a4a05] ${className}`}>
      <Banknote aria-hidden="true" className="h-4 w-4 shrink-0" />
      {codPaymentLine(order.total)}
    </span>
  );
}
