import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';
import { ANNOUNCEMENT_KINDS } from './tables.js';

const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  body: z.string(),
  kind: z.enum(ANNOUNCEMENT_KINDS),
  link: z.string().nullable(),
  publishedAt: z.string(),
});

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
        const list = await announcements.listPublished(new Date());
        return ok({
          announcements: list.map((item) => ({
            _id: item.id,
            title: item.title,
            body: item.body,
            kind: item.kind,
            link: item.link,
            publishedAt: item.publishedAt.toISOString(),
          })),
        });
      },
    );
  };
