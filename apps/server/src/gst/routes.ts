import { gstr1AnswerSchema, gstr1QuerySchema, gstr1Schema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { GstService } from './service.js';

// The GST return (issue 43): the owner's, registered in the owner scope (staff 403, as the other exports).

const refusals = {
  400: errorEnvelope.describe(
    'A period that is not a month (2026-11) or a quarter (2026-Q3), one that has not begun, or one that ends before the first invoice',
  ),
  409: errorEnvelope.describe("The period's documents were issued under different GSTINs: refused, never mixed"),
};

export const gstRoutes =
  (gst: GstService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/gst/gstr1',
      {
        schema: {
          tags: ['gst'],
          summary:
            "GSTR-1 of a month (period=2026-11) or a quarter of the financial year (period=2026-Q3: October–December), from the invoices and credit notes issued in it (India days) as issued: the offline tool's JSON (gstin, fp, b2b, b2cl, b2cs, cdnr, cdnur, hsn, doc_issue; amounts in rupees), a summary by table in paise and warnings; owners only (403 for staff)",
          querystring: gstr1QuerySchema,
          response: { 200: okEnvelope(gstr1AnswerSchema), ...refusals },
        },
      },
      async (request) => ok(await gst.gstr1(request.query.period)),
    );

    app.get(
      '/api/admin/gst/gstr1.json',
      {
        schema: {
          tags: ['gst'],
          summary:
            'The same GSTR-1 as a file to import into the GST offline tool: its JSON alone (no envelope, summary or warnings), downloaded as GSTR1_<gstin>_<fp>.json; owners only (403 for staff)',
          querystring: gstr1QuerySchema,
          response: { 200: gstr1Schema, ...refusals },
        },
      },
      async (request, reply) => {
        const { fileName, gstr1 } = await gst.gstr1Json(request.query.period);
        return reply.header('content-disposition', `attachment; filename="${fileName}"`).send(gstr1);
      },
    );

    app.get(
      '/api/admin/gst/gstr1.zip',
      {
        schema: {
          tags: ['gst'],
          summary:
            "The same GSTR-1 as the offline tool's CSV sheets in a zip: b2b.csv, b2cl.csv, b2cs.csv, cdnr.csv, cdnur.csv, hsn(b2b).csv, hsn(b2c).csv, docs.csv, each with the tool's column headings; owners only (403 for staff)",
          querystring: gstr1QuerySchema,
          produces: ['application/zip'],
          // 400 is documented centrally (http/openapi.ts) as JSON: this route's `produces` would file its own under zip.
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const { fileName, zip } = await gst.gstr1Zip(request.query.period);
        return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(zip));
      },
    );
  };
