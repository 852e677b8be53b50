import { cancelOrderSchema, confirmCodSchema, orderDetailSchema, orderSummarySchema, requestReturnSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
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
          summary:
            'Cancel before shipping; a paid order is refunded in full through Razorpay (once, even when retried); a parcel booked with the courier service is cancelled there first (409 once the courier has picked it up: ask for a return instead; 503 with nothing changed when the courier service is down)',
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
      '/api/user/order/confirmCod/:orderId',
      {
        schema: {
          tags,
          summary: 'Confirm a cash-on-delivery order with the 6-digit code sent to her e-mail (repeats answer the same)',
          description:
            'The COD twin of a payment: the order becomes confirmed, its tax invoice number is drawn and she is told it is placed. Asking again once confirmed answers the order as it is.',
          params: orderParams,
          body: confirmCodSchema,
          response: {
            ...orderAnswer,
            400: errorEnvelope.describe('The code is wrong, or has expired with the order (24 hours): `otp` says so in words.'),
            404: errorEnvelope.describe('Not one of her orders.'),
            409: errorEnvelope.describe('The order is paid online, or no longer waits for a code.'),
            429: errorEnvelope.describe('Too many wrong codes for this order: try again after the time the message and Retry-After say.'),
          },
        },
      },
      async (request) => {
        const userId = await userOf(request);
        await orders.confirmCod(userId, request.params.orderId, request.body.otp);
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
