import { istDayShort, type DeliveryEstimateAnswer } from '@shop/core';
import { Truck } from 'lucide-react';

/** The words of a pincode's delivery (issue 42): the product page's date, or that no courier goes there yet. */
export function deliveryPromiseText(pincode: string, answer: DeliveryEstimateAnswer): string {
  if (!answer.serviceable || !answer.deliveryBy) return `We don't deliver to this pincode (${pincode}) yet. Please choose another address.`;
  return `Delivery by ${istDayShort(answer.deliveryBy)}`;
}

/**
 * 'Delivery by Thu, 3 Dec' under an address at checkout (GET /api/user/delivery/estimate's date, as the product page
 * shows it), or, before payment, that the pincode is not served. Nothing when the estimate could not be had.
 */
export function DeliveryPromise({
  pincode,
  answer,
  className = '',
}: {
  pincode: string;
  answer: DeliveryEstimateAnswer | null | undefined;
  className?: string;
}) {
  if (!answer) return null;
  const served = answer.serviceable && answer.deliveryBy !== null;
  return (
    <span className={`flex items-center gap-1.5 text-sm ${served ? 'text-ink' : 'font-semibold text-wine-700'} ${className}`}>
      <Truck aria-hidden="true" className={`h-4 w-4 shrink-0 ${served ? 'text-gold-600' : ''}`} />
      {deliveryPromiseText(pincode, answer)}
    </span>
  );
}
