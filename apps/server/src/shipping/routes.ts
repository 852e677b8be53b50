import {
  adminOrderDetailSchema,
  courierOptionsSchema,
  deliveryEstimateAnswerSchema,
  deliveryEstimateQuerySchema,
  shipManyAnswerSchema,
  shipManySchema,
  shipOrderSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { AdminOrdersService } from '../orders/admin-service.js';
import type { ShippingService } from './service.js';

/** Where Shiprocket posts tracking scans (its panel refuses URLs containing shiprocket, kartrocket, sr or kr). */
export const TRACKING_PATH = '/api/shipping/tracking';

const tags = ['shipping'];
const orderParams = z.object({ orderId: z.uuid('orderId must be an order id') });

/** Public: the product page's and the checkout's "Delivery by" for a pincode. */
export const deliveryEstimateRoutes =
  (shipping: ShippingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/delivery/estimate',
      {
        schema: {
          tags,
          summary: "When a parcel reaches a pincode and whether it may be paid in cash: the couriers' own answer, else the rule of thumb",
          querystring: deliveryEstimateQuerySchema,
          response: { 200: okEnvelope(deliveryEstimateAnswerSchema), 400: errorEnvelope },
        },
      },
      async (request) => ok(await shipping.estimate(request.query.pincode)),
    );
  };

/** Owner or staff: book a paid order's parcel, or several at once (registered in the admin scope). */
export const shippingAdminRoutes =
  (shipping: ShippingService, orders: AdminOrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/admin/order/ship/:orderId',
      {
        schema: {
          tags,
          summary: 'Books the paid order with the courier (Shiprocket): AWB, pickup and label; the order becomes packed',
          params: orderParams,
          body: shipOrderSchema,
          response: {
            200: okEnvelope(z.object({ order: adminOrderDetailSchema })),
            400: errorEnvelope,
            404: errorEnvelope,
            409: errorEnvelope,
            503: errorEnvelope,
          },
        },
      },
      async (request) => {
        const actor = actorOf((await adminOf(request)).admin);
        await shipping.ship(actor, request.params.orderId, request.body);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );

    app.get(
      '/api/admin/order/couriers/:orderId',
      {
        schema: {
          tags,
          summary: "The couriers to the order's pincode with their rates and days, and the one the owner's default books",
          params: orderParams,
          response: { 200: okEnvelope(courierOptionsSchema), 404: errorEnvelope, 409: errorEnvelope, 503: errorEnvelope },
        },
      },
      async (request) => {
        await adminOf(request);
        return ok(await shipping.couriersFor(request.params.orderId));
      },
    );

    app.post(
      '/api/admin/order/shipMany',
      {
        schema: {
          tags,
          summary: 'Books each selected paid order, then one PDF of their labels and the courier manifest',
          body: shipManySchema,
          response: {
            200: okEnvelope(shipManyAnswerSchema),
            400: errorEnvelope,
            404: errorEnvelope,
            409: errorEnvelope,
            503: errorEnvelope,
          },
        },
      },
      async (request) => ok(await shipping.shipMany(actorOf((await adminOf(request)).admin), request.body.orderIds)),
    );
  };

/** Shiprocket's tracking webhook: x-api-key is the shared token; every other answer than 200 makes it resend. */
export const trackingWebhookRoutes =
  (shipping: ShippingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      TRACKING_PATH,
      {
        schema: {
          tags,
          summary: "Shiprocket's tracking scans: the order follows its parcel (shipped, delivered); unknown AWBs are logged",
          headers: z.object({ 'x-api-key': z.string().max(256).optional() }),
          body: z.unknown(),
          response: {
            200: okEnvelope(z.object({ status: z.enum(['applied', 'unknown_awb']) })),
            400: errorEnvelope,
            401: errorEnvelope,
            409: errorEnvelope,
          },
        },
      },
      async (request) => ok({ status: await shipping.tracking(request.headers['x-api-key'], request.body) }),
    );
  };
