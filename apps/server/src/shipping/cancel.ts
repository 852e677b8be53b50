import { AppError, isCancellable, type OrderStatus } from '@shop/core';
import type { Db } from '../db/database.js';
import { orderOf } from '../orders/queries.js';
import type { ShippingProvider } from './provider.js';
import { noteProviderCancelled, shipmentOfOrder } from './queries.js';
import { ShiprocketError } from './shiprocket/client.js';
import type { ShippingLog } from './service.js';
import { WITH_COURIER_OR_LATER } from './statuses.js';

/** What the shopper and the owner read when the courier already has the parcel (issue 42). */
export const PICKED_UP_CANNOT_CANCEL = 'The parcel has been picked up by the courier; it cannot be cancelled — ask for a return instead.';

/**
 * Cancelling an order whose parcel was booked (issue 42): the provider's order is cancelled first
 * (`POST orders/cancel` with its Shiprocket order id), and only then the shop's order (the caller, in its own
 * transaction). Nothing is written here before Shiprocket agrees, so a refusal or an outage leaves the order as it was:
 * - the courier has the parcel (a pickup scan here, or Shiprocket refuses): 409 in words, ask for a return instead;
 * - Shiprocket down, slow or busy: 503 in words, the order not cancelled, to be tried again.
 * An order with no parcel, one cancelled at the provider already, or one the shop would not cancel anyway (its own
 * refusal follows) asks nothing of the provider.
 */
export function createProviderCancel(db: Db, deps: { provider: ShippingProvider | null; now: () => Date; log: ShippingLog }) {
  const { provider, now, log } = deps;
  return async function cancelAtProvider(orderId: string): Promise<void> {
    if (!provider) return;
    const order = await orderOf(db, { id: orderId }).catch(() => undefined);
    if (!order || !isCancellable(order.status as OrderStatus)) return;
    const shipment = await shipmentOfOrder(db, orderId);
    if (!shipment || shipment.cancelledAt) return;
    if (shipment.lastStatusId !== null && WITH_COURIER_OR_LATER.has(shipment.lastStatusId)) {
      throw new AppError('CONFLICT', PICKED_UP_CANNOT_CANCEL);
    }
    try {
      await provider.client.cancelOrders([shipment.providerOrderId]);
    } catch (error) {
      if (!(error instanceof ShiprocketError)) throw error;
      log.warn(
        { orderNumber: order.orderNumber, awb: shipment.awb, status: error.status, kind: error.kind },
        'the parcel could not be cancelled at Shiprocket; the order stays as it was',
      );
      if (error.retryable) {
        throw new AppError('UNAVAILABLE', `The order is not cancelled: ${error.words}. Nothing changed; try again in a few minutes.`);
      }
      if (error.status === 400 || error.status === 409) {
        throw new AppError('CONFLICT', `${PICKED_UP_CANNOT_CANCEL} (Shiprocket: ${error.words})`);
      }
      throw new AppError('UNAVAILABLE', `The order is not cancelled: Shiprocket refused to cancel the parcel (${error.words}).`);
    }
    await noteProviderCancelled(db, orderId, now());
    log.info({ orderNumber: order.orderNumber, awb: shipment.awb }, 'parcel cancelled at Shiprocket');
  };
}
