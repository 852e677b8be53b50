import { AppError, pincodeDetailsSchema, pincodeParamsSchema, unknownPincodeMessage } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { PincodeDirectory } from './directory.js';

/**
 * Public (no sign-in): the address form fills district and state from it, the product page checks delivery with
 * it. A lookup in memory, like the catalogue's public reads, so no per-client limit of its own.
 */
export const pincodeRoutes =
  (pincodes: PincodeDirectory): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/pincode/:pincode',
      {
        schema: {
          tags: ['addresses'],
          summary: "Where a pincode is: district, state and its post offices as localities (India Post's directory)",
          params: pincodeParamsSchema,
          response: { 200: okEnvelope(pincodeDetailsSchema) },
        },
      },
      async (request) => {
        const place = pincodes.lookup(request.params.pincode);
        if (!place) {
          const message = unknownPincodeMessage(request.params.pincode);
          throw new AppError('NOT_FOUND', message, { pincode: message });
        }
        const { pincode, district, state, localities } = place;
        return ok({ pincode, district, state, localities });
      },
    );
  };
