import {
  createPaymentSchema,
  createdPaymentSchema,
  orderDetailSchema,
  orderProductSchema,
  paymentOptionsSchema,
  paymentRecordSchema,
  verifyPaymentSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { PaymentsService } from './service.js';
import { WebhookSignatureError, webhookClaims } from './webhook-refusal.js';

const tags = ['payment'];

/** Where Razorpay (or the emulator) posts webhooks; the URL set in Razorpay's dashboard ends with it. */
export const WEBHOOK_PATH = '/api/payment/razorpay/webhook';

/** Spec §7 payment calls of the signed-in shopper; registered in the shopper scope. */
export const paymentRoutes =
  (payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/payment/getRazorpayDetails',
      {
        schema: {
          tags,
          summary: 'The public Razorpay key id for Checkout, and where its script is',
          response: { 200: okEnvelope(z.object({ razorpay_key_id: z.string(), checkoutScriptUrl: z.string() })) },
        },
      },
      async () => ok({ razorpay_key_id: payments.keyId, checkoutScriptUrl: payments.checkoutScriptUrl }),
    );

    app.get(
      '/api/user/payment/options',
      {
        schema: {
          tags,
          summary:
            'How she may pay for her bag delivered to an address: online always; cash on delivery, with its fee, or the reason in words',
          description:
            'The bag is priced by the same server code as createpayment (goods and shipping). Cash on delivery is refused when the owner has it off, when the bag is under the minimum or over the maximum (the amounts said), when she has as many unconfirmed or undelivered COD orders as the owner allows, or when the pincode is not served (unknown to India Post, or a remote area).',
          querystring: z.object({ addressId: z.uuid('Please choose a delivery address.') }),
          response: {
            200: okEnvelope(paymentOptionsSchema),
            404: errorEnvelope.describe('The address is not one of hers.'),
          },
        },
      },
      async (request) => ok(await payments.paymentOptions((await shopperOf(request)).user._id, request.query.addressId)),
    );

    app.post(
      '/api/user/payment/createpayment',
      {
        schema: {
          tags,
          summary:
            "Place the order for the chosen cart lines (server prices; stock reserved) and open a Razorpay order for its total, or (`paymentMethod: 'cod'`) place it for cash on delivery",
          description:
            "The `amount` sent by the client is ignored: the server prices the cart lines, shipping included. `paymentMethod` is 'online' by default. With 'cod' the order is placed awaiting confirmation, its total with the owner's COD fee, its stock reserved for 24 hours with no payment deadline and no Razorpay call (`razorpay` is null); a 6-digit code goes to her e-mail, which confirmCod takes. The same order is answered again for a repeat of the same request.",
          body: createPaymentSchema,
          response: {
            200: okEnvelope(createdPaymentSchema),
            400: errorEnvelope.describe(
              'Cash on delivery refused for the bag (under the minimum, over the maximum) or the pincode (not served): `paymentMethod` names it in words.',
            ),
            409: errorEnvelope.describe(
              'Cash on delivery is off, or she has as many open COD orders as the owner allows; or some pieces ran out.',
            ),
            503: errorEnvelope.describe(
              "Not taking orders: in production until the owner has saved the shop's details (issue 39), or Razorpay could not open the payment.",
            ),
          },
        },
      },
      async (request) => ok(await payments.createPayment((await shopperOf(request)).user._id, request.body)),
    );

    app.post(
      '/api/user/payment/verifyPayment',
      {
        schema: {
          tags,
          summary: 'Check the Razorpay signature and mark the order paid (repeats answer the same)',
          body: verifyPaymentSchema,
          response: {
            200: okEnvelope(z.object({ payment: paymentRecordSchema, order: orderDetailSchema, products: z.array(orderProductSchema) })),
          },
        },
      },
      async (request) => {
        const { order } = await payments.verifyPayment((await shopperOf(request)).user._id, request.body);
        return ok({ payment: order.payment!, order, products: order.items });
      },
    );
  };

/** Razorpay's server-to-server webhook: no session; the signature over the raw body is the authentication. */
export const webhookRoutes =
  (payments: PaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the exact bytes Razorpay sent: keep the body raw (in place of the app's JSON parser).
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags,
          summary: 'Razorpay webhooks: payment.captured, order.paid, payment.failed, refund.processed',
          headers: z.object({
            'x-razorpay-signature': z.string().max(256).optional(),
            'x-razorpay-event-id': z.string().max(128).optional(),
          }),
          response: { 200: okEnvelope(z.object({ status: z.enum(['handled', 'repeat']) })) },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const eventId = request.headers['x-razorpay-event-id'];
        try {
          return ok({ status: await payments.handleWebhook(body, request.headers['x-razorpay-signature'], eventId) });
        } catch (error) {
          // Refused (400, counted by the request metrics) and said in the log, with the request id (reqId) and the
          // sender's address: a dashboard secret that differs from RAZORPAY_WEBHOOK_SECRET loses every webhook.
          if (error instanceof WebhookSignatureError)
            request.log.warn(
              { webhook: { ...webhookClaims(body, eventId), signature: error.signature }, remoteAddress: request.ip },
              'Razorpay webhook refused: its signature does not match RAZORPAY_WEBHOOK_SECRET',
            );
          throw error;
        }
      },
    );
  };
