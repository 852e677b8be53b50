import { adminOrderDetailSchema, reattemptSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { AdminOrdersService } from '../orders/admin-service.js';
import type { Ndr } from './ndr.js';
import type { ReturnPickups } from './reverse-pickup.js';

const tags = ['shipping'];
const orderParams = z.object({ orderId: z.uuid('orderId must be an order id') });
const answers = {
  200: okEnvelope(z.object({ order: adminOrderDetailSchema })),
  400: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  503: errorEnvelope,
};

/** Owner or staff (admin scope): a reattempt after a failed delivery, and a retry of a return's pickup booking. */
export const shippingAfterRoutes =
  (ndr: Ndr, returnPickups: ReturnPickups, orders: AdminOrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/admin/order/reattempt/:orderId',
      {
        schema: {
          tags,
          summary: "Asks the courier to deliver again after a failed attempt (Shiprocket's NDR re-attempt), once per attempt",
          params: orderParams,
          body: reattemptSchema,
          response: answers,
        },
      },
      async (request) => {
        await ndr.reattempt(actorOf((await adminOf(request)).admin), request.params.orderId, request.body);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );

    app.post(
      '/api/admin/order/returnPickup/:orderId',
      {
        schema: {
          tags,
          summary: 'Books (again) the courier pickup of an accepted return; one already booked is not booked twice',
          params: orderParams,
          response: answers,
        },
      },
      async (request) => {
        await returnPickups.retry(actorOf((await adminOf(request)).admin), request.params.orderId);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );
  };
