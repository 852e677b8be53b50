import { stockHistoryQuerySchema, stockHistorySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { InventoryService } from './service.js';

/** The stock ledger for the back-office (issue 25), any admin; registered in the admin scope. */
export const inventoryRoutes =
  (inventory: InventoryService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/product/stockHistory/:variantId',
      {
        schema: {
          summary:
            "A variant's stock changes newest first, 50 a page: change, quantity after, reason, order or bill, who and when " +
            '(a product sold without variants by its own id)',
          params: z.object({ variantId: z.uuid('variantId must be a variant id') }),
          querystring: stockHistoryQuerySchema,
          response: { 200: okEnvelope(stockHistorySchema) },
        },
      },
      async (request) => ok(await inventory.historyPage(request.params.variantId, request.query)),
    );
  };
