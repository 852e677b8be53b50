import type { OrderDetail } from '@shop/core';
import type { servicesOf } from '../../context';

/**
 * 'Delivery by Thu, 3 Dec' for an order on its way (issue 42): the couriers' day to its pincode from when it was paid
 * (or confirmed, for cash on delivery), as the product page and checkout said it; null when delivered, not expected,
 * or when the estimate cannot be had (the page then shows the rule of thumb's window the order carries).
 */
export async function deliveryDayOf(services: ReturnType<typeof servicesOf>, order: OrderDetail): Promise<string | null> {
  if (order.deliveredAt || !order.expectedDelivery) return null;
  const started = order.timeline.find((event) => event.status === 'paid' || event.status === 'confirmed')?.at ?? order.createdAt;
  const answer = await services.shipping.estimate(order.address.pincode, new Date(started)).catch(() => null);
  return answer?.serviceable ? answer.deliveryBy : null;
}
