import { cancelOrderSchema, orderDetailSchema, orderSummarySchema, requestReturnSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { ok, okEnvelope } from '../http/envelope.js';
import type { PaymentsService } from '../payments/service.js';
import type { OrdersService } from './service.js';

const tags = ['orders'];
const orderParams = z.object({ orderId: z.string().max(64) });
const orderAnswer = { 200: okEnvelope(z.object({ order: orderDetailSchema })) };

/** The shopper's own orders; registered in the shopper scope. Someone else's order is 'not found'. */
export const orderRoutes =
  (orders: OrdersService, payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = async (request: Parameters<typeof shopperOf>[0]) => (await shopperOf(request)).user._id;

    app.get(
      '/api/user/order/getMyOrders',
      {
        schema: {
          tags,
          summary: 'My orders, newest first',
          response: { 200: okEnvelope(z.object({ orders: z.array(orderSummarySchema) })) },
        },
      },
      async (request) => ok({ orders: await orders.listMine(await userOf(request)) }),
    );

    app.get(
      '/api/user/order/getOrder/:orderId',
      {
        schema: {
          tags,
          summary: 'One of my orders: items, address, payment, timeline, delivery window',
          params: orderParams,
          response: orderAnswer,
        },
      },
      async (request) => ok({ order: await orders.getMine(await userOf(request), request.params.orderId) }),
    );

    app.post(
      '/api/user/order/cancelOrder/:orderId',
      {
        schema: {
          tags,
          summary: 'Cancel before shipping; a paid order is refunded in full through Razorpay (once, even when retried)',
          params: orderParams,
          body: cancelOrderSchema,
          response: orderAnswer,
        },
      },
      async (request) => {
        const userId = await userOf(request);
        await orders.getMine(userId, request.params.orderId);
        await payments.cancelOrder(userId, request.params.orderId, request.body.reason);
        return ok({ order: await orders.getMine(userId, request.params.orderId) });
      },
    );

    app.post(
      '/api/user/order/requestReturn/:orderId',
      {
        schema: {
          tags,
          summary: 'Report damaged, defective, wrong or missing items within 48 hours of delivery',
          params: orderParams,
          body: requestReturnSchema,
          response: orderAnswer,
        },
      },
      async (request) => {
        const userId = await userOf(request);
        await orders.requestReturn(userId, request.params.orderId, request.body);
        return ok({ order: await orders.getMine(userId, request.params.orderId) });
      },
    );
  };
