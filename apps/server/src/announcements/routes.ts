import { announcementSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';

/** The shop's public announcements (the /notifications page); per-user notifications live under /user. */
export const announcementRoutes =
  ({ announcements }: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/announcements',
      {
        schema: {
          tags: ['announcements'],
          summary: 'Current offers, new collections and shop news, newest first',
          response: { 200: okEnvelope(z.object({ announcements: z.array(announcementSchema) })) },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
        return ok({ announcements: await announcements.listPublished(new Date()) });
      },
    );
  };
