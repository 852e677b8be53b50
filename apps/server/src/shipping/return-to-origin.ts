import { returnToOriginNote } from '../orders/admin-service.js';
import type { OrderRow } from '../orders/queries.js';
import type { OrdersService } from '../orders/service.js';
import type { ShippingLog } from './service.js';
import { RETURN_TO_ORIGIN, RTO_DELIVERED } from './statuses.js';
import type { OrderShipmentRow } from './tables.js';

/**
 * What a return to origin asks of the shop, by how the order was paid: a prepaid order's refund is the owner's
 * decision; a cash-on-delivery order owes nothing.
 */
export function returnToOriginOutcome(paymentMethod: 'COD' | 'Prepaid'): 'owner_decides_refund' | 'nothing_owed' {
  return paymentMethod === 'COD' ? 'nothing_owed' : 'owner_decides_refund';
}

/**
 * The courier's return-to-origin scans (issue 42). RTO initiated (9) is kept on the parcel's timeline only: the
 * parcel is still with the courier. RTO delivered (10), the parcel back at the shop, moves the order to
 * returned_to_origin through the orders module (orders.returnToOrigin: stock back through the inventory ledger with
 * its own reason, the invoice credited, the shopper told), once: a repeated or late scan changes nothing. A parcel
 * whose pickup scan never came is first moved to shipped (it was with the courier). Nothing is refunded here: a
 * prepaid order's refund is the owner's decision; a COD order owes nothing.
 */
export async function applyReturnToOrigin(
  deps: { orders: OrdersService; log: ShippingLog },
  order: OrderRow,
  shipment: OrderShipmentRow,
  statusIds: ReadonlySet<number>,
): Promise<void> {
  if (![...statusIds].some((id) => RETURN_TO_ORIGIN.has(id))) return;
  const outcome = returnToOriginOutcome(shipment.paymentMethod);
  if (!statusIds.has(RTO_DELIVERED)) {
    deps.log.info({ awb: shipment.awb, outcome }, 'parcel returning to origin');
    return;
  }
  let status = order.status;
  if (status === 'packed') {
    const { order: moved } = await deps.orders.advance(order.id, 'shipped', {
      actor: 'system',
      note: `Your order left us with ${shipment.courierName} (tracking number ${shipment.awb}).`,
      from: { status: 'packed', refusal: 'Only a packed order leaves with the courier.' },
    });
    status = moved.status;
  }
  if (status !== 'shipped') return;
  const { moved } = await deps.orders.returnToOrigin(order.id, { note: returnToOriginNote(order.paymentMethod) });
  if (moved)
    deps.log.info({ awb: shipment.awb, orderNumber: order.orderNumber, outcome }, 'parcel back at origin: order returned to origin');
}
