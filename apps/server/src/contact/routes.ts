import { contactMessageSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';

/** The public contact form; no login needed, limited per IP by the service. */
export const contactRoutes =
  ({ contact }: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/contact/sendMessage',
      {
        schema: {
          tags: ['contact'],
          summary: 'Sends a message to the shop (at most 5 per IP address per hour)',
          body: contactMessageSchema,
          response: { 200: okEnvelope(z.object({ contactMessage: z.object({ _id: z.string(), createdAt: z.string() }) })) },
        },
      },
      async (request) => {
        const stored = await contact.create(request.body, request.ip);
        return ok({ contactMessage: { _id: stored.id, createdAt: stored.createdAt.toISOString() } });
      },
    );
  };
