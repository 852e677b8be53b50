import type { FastifyInstance } from 'fastify';
import type { Shipment } from './emulator.js';

/**
 * The emulator's `POST /orders/cancel` (Shiprocket's "Cancel an Order"): `ids` are Shiprocket's order ids. As the
 * collection documents it: 204 without a body when cancelled; 422 `Required field missing` without `ids`; an id it
 * does not know is its documented 500 ("Trying to get property of non-object"). Where the collection is silent the
 * emulator chose, as Shiprocket's panel behaves: once the courier has scanned the parcel (picked up, or any later
 * scan) the order cannot be cancelled, a 400 in words, and nothing in the request is cancelled; cancelling an order
 * cancelled already answers 204 again.
 */
export const PICKED_UP_REFUSAL = 'Order cannot be cancelled as the shipment has already been picked up by the courier.';

export function registerOrdersCancel(scope: FastifyInstance, shipments: () => Iterable<Shipment>): void {
  scope.post('/orders/cancel', { schema: { hide: true } }, async (request, reply) => {
    const ids = ((request.body ?? {}) as Record<string, unknown>).ids;
    if (!Array.isArray(ids) || ids.length === 0) {
      return reply
        .status(422)
        .send({ message: 'Required field missing', errors: { ids: ['The ids field is required.'] }, status_code: 422 });
    }
    const all = [...shipments()];
    const found = ids.map((id) => all.find((shipment) => String(shipment.orderId) === String(id)));
    if (found.some((shipment) => !shipment)) {
      return reply.status(500).send({ message: 'Trying to get property of non-object', status_code: 500 });
    }
    if (found.some((shipment) => !shipment!.cancelled && shipment!.scans.length > 0)) {
      return reply.status(400).send({ message: PICKED_UP_REFUSAL, status_code: 400 });
    }
    for (const shipment of found) shipment!.cancelled = true;
    return reply.status(204).send();
  });
}
