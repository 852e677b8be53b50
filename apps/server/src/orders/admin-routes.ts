import {
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  adminReasonSchema,
  dayRangeQuerySchema,
  orderCreditNoteSchema,
  receiveReturnSchema,
  refundOrderSchema,
  updateOrderStatusSchema,
} from '@shop/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { AdminOrdersService } from './admin-service.js';

const orderParams = z.object({ orderId: z.uuid('orderId must be an order id') });
const orderAnswer = { 200: okEnvelope(z.object({ order: adminOrderDetailSchema })) };
const actor = async (request: FastifyRequest) => actorOf((await adminOf(request)).admin);

/** Orders for any admin: list, detail, packing and shipping, returns; registered in the admin scope. */
export const adminOrderRoutes =
  (orders: AdminOrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/order/getAllOrders',
      {
        schema: {
          summary:
            'Orders newest first: status, payment method (`paymentMethod=cod`: cash on delivery only), search by order number, customer or phone, day range (India time); 50 a page',
          querystring: adminOrderQuerySchema,
          response: { 200: okEnvelope(adminOrderPageSchema) },
        },
      },
      async (request) => ok(await orders.list(request.query)),
    );

    app.get(
      '/api/admin/order/getOrderDetails/:orderId',
      {
        schema: {
          summary: 'One order: items, address, payment, refunds and timeline with who did what',
          params: orderParams,
          response: orderAnswer,
        },
      },
      async (request) => ok({ order: await orders.detail(request.params.orderId) }),
    );

    app.get(
      '/api/admin/order/getCreditNote/:orderId',
      {
        schema: {
          summary:
            "The credit notes of an online order, oldest first: a list, since a part return and a later one each have their own (CN series shared with the counter's returns, dated the India day each was issued); each with the invoice it reduces, its lines (HSN, quantity, rate, taxable value, CGST, SGST, IGST) and totals in paise. Empty until a paid order is cancelled or refunded",
          params: orderParams,
          response: {
            200: okEnvelope(z.object({ creditNotes: z.array(orderCreditNoteSchema) })),
            404: errorEnvelope.describe('No order with this id.'),
          },
        },
      },
      async (request) => ok({ creditNotes: await orders.creditNotes(request.params.orderId) }),
    );

    app.post(
      '/api/admin/order/updateOrderStatus/:orderId',
      {
        schema: {
          summary:
            'paid (or confirmed) → packed → shipped (courier, tracking number) → delivered, a cash-on-delivery order with `cashCollected` (paise, exactly what is due: recorded as its payment); or shipped → returned_to_origin (refused at the door, undeliverable: stock back through the ledger, no refund for COD); a repeat changes nothing; the shopper is told',
          params: orderParams,
          body: updateOrderStatusSchema,
          response: {
            ...orderAnswer,
            400: errorEnvelope.describe(
              'A field is missing or wrong; cashCollected is missing for a COD order or not what is due ("₹1,249.00 is due; ₹1,200.00 was entered"), or given for an online order.',
            ),
            404: errorEnvelope.describe('No order with this id.'),
            409: errorEnvelope.describe('The order cannot move there from its status (returned_to_origin only from shipped).'),
          },
        },
      },
      async (request) => {
        await orders.updateStatus(await actor(request), request.params.orderId, request.body);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );

    app.post(
      '/api/admin/order/approveReturn/:orderId',
      {
        schema: { summary: 'Accept a return request: the order is returned, ready to refund', params: orderParams, response: orderAnswer },
      },
      async (request) => {
        await orders.approveReturn(await actor(request), request.params.orderId);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );

    app.post(
      '/api/admin/order/receiveReturn/:orderId',
      {
        schema: {
          summary:
            'The approved return has arrived: each piece restocked or written off (damaged) through the stock ledger, once; the shopper is told; the refund follows',
          params: orderParams,
          body: receiveReturnSchema,
          response: {
            ...orderAnswer,
            400: errorEnvelope.describe('items names a line the return does not hold, or more pieces than were approved for return.'),
            404: errorEnvelope.describe('No order with this id.'),
            409: errorEnvelope.describe('The return is not approved, or was received already.'),
          },
        },
      },
      async (request) => {
        await orders.receiveReturn(await actor(request), request.params.orderId, request.body.items);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );

    app.post(
      '/api/admin/order/rejectReturn/:orderId',
      {
        schema: {
          summary: 'Refuse a return request with a reason the shopper reads; the order is delivered again',
          params: orderParams,
          body: adminReasonSchema,
          response: orderAnswer,
        },
      },
      async (request) => {
        await orders.rejectReturn(await actor(request), request.params.orderId, request.body.reason);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );
  };

/**
 * Calls that send money back: owners only; registered in the owner scope (the admin's role is not on the audit
 * actor in this tree, so the scope's guard decides, as for cancel and refund).
 */
export const ownerOrderRoutes =
  (orders: AdminOrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/order/exportOrders',
      {
        schema: {
          summary:
            'Paid online orders of whole India days from–to (by invoice date) as CSV (UTF-8 with BOM, India times, amounts in rupees): one row per invoice line with invoice number, date, buyer state, HSN, quantity, taxable value, CGST, SGST, IGST, payment method and status; owners only (403 for staff)',
          querystring: dayRangeQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string() },
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="orders.csv"')
          .send(await orders.exportCsv(await actor(request), request.query)),
    );

    app.post(
      '/api/admin/order/cancelOrder/:orderId',
      {
        schema: {
          summary:
            'Cancel before shipping: stock back, a paid order refunded in full through Razorpay (once, even when retried); a parcel booked with the courier service is cancelled there first (409 once the courier has picked it up: ask for a return instead; 503 with nothing changed when the courier service is down)',
          params: orderParams,
          body: adminReasonSchema,
          response: orderAnswer,
        },
      },
      async (request) => {
        await orders.cancel(await actor(request), request.params.orderId, request.body.reason);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );

    app.post(
      '/api/admin/order/refundOrder/:orderId',
      {
        schema: {
          summary:
            "Refund a received return through Razorpay: the received pieces' share, or `amount` paise (a part refund, at most what was paid less what was refunded); once per return, a repeat asks again; refunded when Razorpay confirms. A prepaid order returned to origin: what was paid. A cash-on-delivery order's return: recorded as sent by hand to her UPI ID with its UPI transaction `reference` (required; no Razorpay call), refunded at once",
          params: orderParams,
          body: refundOrderSchema,
          response: {
            ...orderAnswer,
            400: errorEnvelope.describe(
              'amount is above what is refundable (what was paid less what was refunded); reference is missing for a COD order, malformed, or given for an online one.',
            ),
            404: errorEnvelope.describe('No order with this id.'),
            409: errorEnvelope.describe(
              'The order is not a received return (or a prepaid order returned to origin), has no captured payment, or a refund of another amount is recorded for it.',
            ),
            503: errorEnvelope.describe('Razorpay refused the refund or did not answer: it stays recorded and the refund job asks again.'),
          },
        },
      },
      async (request) => {
        await orders.refund(await actor(request), request.params.orderId, request.body?.amount, request.body?.reference);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );

    app.post(
      '/api/admin/order/retryRefund/:orderId',
      {
        schema: {
          summary:
            'Send again a refund that did not go through (Razorpay refused it, or did not answer): a refused one under a new idempotency key, never twice the same money; audited',
          params: orderParams,
          response: {
            ...orderAnswer,
            404: errorEnvelope.describe('No order with this id.'),
            409: errorEnvelope.describe(
              'The order has no refund waiting to go through, or the refund job is sending it right now (look again in a minute).',
            ),
            503: errorEnvelope.describe(
              'Razorpay refused the refund again or did not answer: it stays recorded and the refund job asks again by itself.',
            ),
          },
        },
      },
      async (request) => {
        await orders.retryRefund(await actor(request), request.params.orderId);
        return ok({ order: await orders.detail(request.params.orderId) });
      },
    );
  };
