import { adminAnnouncementSchema, announcementBodySchema, announcementSchema, type AnnouncementBody } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';
import type { AnnouncementInput } from './service.js';

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

const toInput = ({ publishedAt, expiresAt, ...body }: AnnouncementBody): AnnouncementInput => ({
  ...body,
  publishedAt: publishedAt ? new Date(publishedAt) : undefined,
  expiresAt: expiresAt ? new Date(expiresAt) : null,
});

const announcementParams = z.object({ announcementId: z.string().max(64) });

/** The back-office's announcements (issue 28): an offer is saved as its filter, and the server makes its link. */
export const adminAnnouncementRoutes =
  ({ announcements }: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/announcement/getAllAnnouncements',
      {
        schema: {
          tags: ['announcements'],
          summary: 'Every announcement (future and ended too), newest first, with offers’ minimum discount and category',
          response: { 200: okEnvelope(z.object({ announcements: z.array(adminAnnouncementSchema) })) },
        },
      },
      async () => ok({ announcements: await announcements.listAll() }),
    );

    app.post(
      '/api/admin/announcement/addAnnouncement',
      {
        schema: {
          tags: ['announcements'],
          summary:
            'Publish an announcement; an offer names offerMinDiscount (1–90) and optionally offerCategoryId, and its link is made from them',
          body: announcementBodySchema,
          response: { 201: okEnvelope(z.object({ announcement: adminAnnouncementSchema })) },
        },
      },
      async (request, reply) => {
        const announcement = await announcements.create(actorOf((await adminOf(request)).admin), toInput(request.body));
        return reply.code(201).send(ok({ announcement }));
      },
    );

    app.post(
      '/api/admin/announcement/updateAnnouncement/:announcementId',
      {
        schema: {
          tags: ['announcements'],
          summary: 'Replace an announcement’s fields (the same rules as addAnnouncement)',
          params: announcementParams,
          body: announcementBodySchema,
          response: { 200: okEnvelope(z.object({ announcement: adminAnnouncementSchema })) },
        },
      },
      async (request) =>
        ok({
          announcement: await announcements.update(
            actorOf((await adminOf(request)).admin),
            request.params.announcementId,
            toInput(request.body),
          ),
        }),
    );

    app.delete(
      '/api/admin/announcement/deleteAnnouncement/:announcementId',
      {
        schema: {
          tags: ['announcements'],
          summary: 'Take an announcement off the shop for good (audited); an ended one may simply stay',
          params: announcementParams,
          response: emptyAnswer,
        },
      },
      async (request) => {
        await announcements.remove(actorOf((await adminOf(request)).admin), request.params.announcementId);
        return ok({});
      },
    );
  };
