import {
  AppError,
  IDEMPOTENCY_KEY_HEADER,
  billableItemSchema,
  billableQuerySchema,
  billPageSchema,
  billQuerySchema,
  billSchema,
  createBillSchema,
  counterCustomerSchema,
  creditNoteRegisterSchema,
  creditNoteSchema,
  dayRangeQuerySchema,
  findCustomerQuerySchema,
  idempotencyKeySchema,
  returnItemsSchema,
  voidBillSchema,
} from '@shop/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { BillingService } from './service.js';

const billAnswer = { 200: okEnvelope(z.object({ bill: billSchema })) };
const creditNoteAnswer = { 200: okEnvelope(z.object({ creditNote: creditNoteSchema })) };
const billParams = z.object({ billId: z.string().max(64) });

/**
 * The request's Idempotency-Key, checked; undefined when none was sent. Read here rather than by a headers schema,
 * which would leave the request only the headers it names.
 */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (sent === undefined) return undefined;
  const checked = idempotencyKeySchema.safeParse(sent);
  if (checked.success) return checked.data;
  const message = checked.error.issues[0]!.message;
  throw new AppError('INVALID_DATA', message, { [IDEMPOTENCY_KEY_HEADER]: message });
}

/** In-store billing (issue 11) for any admin; registered in the admin scope. */
export const billingRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/admin/bill/createBill',
      {
        schema: {
          summary:
            'Save a bill: catalogue lines priced by the server, free-text lines as typed; stock taken and the next invoice number of the financial year, in one transaction. ' +
            `With an ${IDEMPOTENCY_KEY_HEADER} header (a key the counter draws per bill) a repeat answers the bill that key made, ` +
            'nothing taken again; the same key with another bill: 409',
          body: createBillSchema,
          response: billAnswer,
        },
      },
      async (request) => {
        const idempotencyKey = idempotencyKeyOf(request);
        return ok({ bill: await billing.create(actorOf((await adminOf(request)).admin), request.body, { idempotencyKey }) });
      },
    );

    app.post(
      '/api/admin/bill/returnItems/:billId',
      {
        schema: {
          summary:
            "Pieces of a bill brought back: stock back, a credit note of the financial year's CN series refunding each line's share of what was charged; 409 beyond what is left to return; " +
            "403 for staff beyond the owner's counter-return limits (by default the owner does all returns)",
          params: billParams,
          body: returnItemsSchema,
          response: {
            201: okEnvelope(z.object({ creditNote: creditNoteSchema })),
            403: errorEnvelope.describe("A staff member's return the owner's limits leave to the owner (or a cross-site request)."),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            ok({ creditNote: await billing.returnItems(actorOf((await adminOf(request)).admin), request.params.billId, request.body) }),
          ),
    );

    app.get(
      '/api/admin/bill/getCreditNote/:creditNoteId',
      {
        schema: {
          summary: 'One credit note with its lines, GST and the invoice it reduces',
          params: z.object({ creditNoteId: z.string().max(64) }),
          response: creditNoteAnswer,
        },
      },
      async (request) => ok({ creditNote: await billing.creditNote(request.params.creditNoteId) }),
    );

    app.get(
      '/api/admin/bill/getAllCreditNotes',
      {
        schema: {
          summary:
            'The credit-note register: every credit note issued in whole India days from–to, counter returns and online cancellations and returns alike (one CN series), oldest first, with the invoice each reduces, the buyer, taxable value, CGST, SGST, IGST and total in paise, and their sums',
          querystring: dayRangeQuerySchema,
          response: { 200: okEnvelope(creditNoteRegisterSchema) },
        },
      },
      async (request) => ok(await billing.creditNoteRegister(request.query)),
    );

    app.get(
      '/api/admin/bill/getBill/:billId',
      {
        schema: {
          summary: 'One bill with its items and GST breakup',
          params: billParams,
          response: billAnswer,
        },
      },
      async (request) => ok({ bill: await billing.get(request.params.billId) }),
    );

    app.get(
      '/api/admin/bill/getAllBills',
      {
        schema: {
          summary:
            'Bills newest first: customer name contains (any case), phone digits contain, bill number contains, paid by a mode, paid or void, from–to whole days in India time; 50 a page',
          querystring: billQuerySchema,
          response: { 200: okEnvelope(billPageSchema) },
        },
      },
      async (request) => ok(await billing.list(request.query)),
    );

    app.get(
      '/api/admin/bill/findCustomer',
      {
        schema: {
          summary:
            "The customer of a mobile typed at the counter: her last bill's name (or her shop account's), how many bills she has, her account; null when unknown",
          querystring: findCustomerQuerySchema,
          response: { 200: okEnvelope(z.object({ customer: counterCustomerSchema.nullable() })) },
        },
      },
      async (request) => ok({ customer: await billing.findCustomer(request.query.phone) }),
    );

    app.get(
      '/api/admin/bill/findItems',
      {
        schema: {
          summary: 'Products and variants for the counter by a scanned SKU (exact match first) or words of the name',
          querystring: billableQuerySchema,
          response: { 200: okEnvelope(z.object({ items: z.array(billableItemSchema) })) },
        },
      },
      async (request) => ok({ items: await billing.findItems(request.query.q) }),
    );
  };

/** Voiding a bill and exporting every bill: owners only; registered in the owner scope. */
export const ownerBillingRoutes =
  (billing: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/bill/exportBills',
      {
        schema: {
          summary:
            "The bills of the same filter as CSV (UTF-8 with BOM, India times, amounts in rupees): one row per line item with its GST, the bill's figures and a payments column per mode on its first row; owners only (403 for staff)",
          querystring: billQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string() },
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="bills.csv"')
          .send(await billing.exportCsv(actorOf((await adminOf(request)).admin), request.query)),
    );

    app.get(
      '/api/admin/bill/exportCreditNotes',
      {
        schema: {
          summary:
            'The credit-note register of whole India days from–to as CSV (UTF-8 with BOM, India times, amounts in rupees): one row per credit note, counter and online; owners only (403 for staff)',
          querystring: dayRangeQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string() },
        },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="credit-notes.csv"')
          .send(await billing.exportCreditNotes(actorOf((await adminOf(request)).admin), request.query)),
    );

    app.post(
      '/api/admin/bill/voidBill/:billId',
      {
        schema: {
          summary:
            'Void a bill the India day it was made (no returns yet): stock back, its number kept in the series marked void, out of the sales',
          params: billParams,
          body: voidBillSchema,
          response: billAnswer,
        },
      },
      async (request) => ok({ bill: await billing.voidBill(actorOf((await adminOf(request)).admin), request.params.billId, request.body) }),
    );
  };
