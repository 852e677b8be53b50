import { AppError, NO_INVOICE_YET, orderInvoiceOf, orderInvoiceSchema, type OrderDetail, type OrderInvoice } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { SettingsService } from '../settings/service.js';
import type { AdminOrdersService } from './admin-service.js';
import type { OrdersService } from './service.js';

// An online order's tax invoice as data (issue 41): computed by core's orderInvoiceOf, the function the invoice
// pages print from, so the API and the paper cannot disagree.

const orderParams = z.object({ orderId: z.string().max(64) });
const SUMMARY =
  "The order's GST tax invoice as data, in paise: number, date, seller, buyer and address, place of supply, payment method, the order-level discounts by name, each line's MRP (unit MRP × quantity), discount (every discount: the product's own and its share of the order's), taxable value, rate, CGST, SGST, IGST and total (taxable + taxes), then shipping and the COD fee as lines, and the totals";
const invoiceAnswer = (notFound: string) => ({
  200: okEnvelope(z.object({ invoice: orderInvoiceSchema })),
  404: errorEnvelope.describe(notFound),
  409: errorEnvelope.describe('The order has no tax invoice yet: it is not paid (online) or not confirmed (cash on delivery).'),
});

/** The invoice of an order read for its reader; 409 in words while it has none. */
async function invoiceOf(order: Promise<OrderDetail>, settings: SettingsService): Promise<OrderInvoice> {
  const [detail, shop] = await Promise.all([order, settings.get()]);
  if (!detail.invoiceNumber) throw new AppError('CONFLICT', NO_INVOICE_YET);
  return orderInvoiceOf(detail, shop);
}

/** The shopper's own order's invoice; registered in the shopper scope. Someone else's order is 'not found'. */
export const shopperInvoiceRoutes =
  (orders: OrdersService, settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/order/getInvoice/:orderId',
      {
        schema: {
          tags: ['orders'],
          summary: `My order's tax invoice. ${SUMMARY}`,
          params: orderParams,
          response: invoiceAnswer('No order of yours with this id.'),
        },
      },
      async (request) => {
        const { user } = await shopperOf(request);
        return ok({ invoice: await invoiceOf(orders.getMine(user._id, request.params.orderId), settings) });
      },
    );
  };

/** Any order's invoice for the owner and staff; registered in the admin scope. */
export const adminInvoiceRoutes =
  (orders: AdminOrdersService, settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/order/getInvoice/:orderId',
      {
        schema: {
          summary: `An order's tax invoice. ${SUMMARY}`,
          params: z.object({ orderId: z.uuid('orderId must be an order id') }),
          response: invoiceAnswer('No order with this id.'),
        },
      },
      async (request) => ok({ invoice: await invoiceOf(orders.detail(request.params.orderId), settings) }),
    );
  };
