import {
  adminContactMessageSchema,
  adminContactPageSchema,
  adminContactQuerySchema,
  contactMessageSchema,
  contactReplyInputSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';
import type { ContactService } from './service.js';

/** The public contact form; no login needed, limited per IP by the service. */
export const contactRoutes =
  ({ contact }: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/user/contact/sendMessage',
      {
        schema: {
          tags: ['contact'],
          summary: 'Sends a message to the shop (at most 5 per IP address per hour); the shop is mailed a copy at its own address',
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

const messageParams = z.object({ messageId: z.string().max(64) });
const oneMessage = okEnvelope(z.object({ contactMessage: adminContactMessageSchema }));
const noSuchMessage = errorEnvelope.describe('No message with this id.');

/**
 * The back-office's inbox of contact messages (issue 38). In the admin scope: staff read, answer and handle
 * messages as owners do (answering shoppers is the counter's work too); every change is audited under the admin.
 */
export const adminContactRoutes =
  (contact: ContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/contact/getMessages',
      {
        schema: {
          tags: ['contact'],
          summary: 'Contact messages, those waiting for an answer first (?status=all|unhandled|handled), 50 a page, with their replies',
          querystring: adminContactQuerySchema,
          response: { 200: okEnvelope(adminContactPageSchema) },
        },
      },
      async (request) => ok(await contact.list(request.query)),
    );

    app.get(
      '/api/admin/contact/getMessage/:messageId',
      {
        schema: {
          tags: ['contact'],
          summary: 'One contact message with the shop’s replies',
          params: messageParams,
          response: { 200: oneMessage, 404: noSuchMessage },
        },
      },
      async (request) => ok({ contactMessage: await contact.get(request.params.messageId) }),
    );

    app.post(
      '/api/admin/contact/markHandled/:messageId',
      {
        schema: {
          tags: ['contact'],
          summary: 'Mark a message handled (audited); one handled already stays as it was',
          params: messageParams,
          response: { 200: oneMessage, 404: noSuchMessage },
        },
      },
      async (request) =>
        ok({ contactMessage: await contact.markHandled(actorOf((await adminOf(request)).admin), request.params.messageId) }),
    );

    app.post(
      '/api/admin/contact/reply/:messageId',
      {
        schema: {
          tags: ['contact'],
          summary: 'Mail a reply to the sender (through the mail outbox), keep it with the message and mark the message handled; audited',
          params: messageParams,
          body: contactReplyInputSchema,
          response: { 200: oneMessage, 404: noSuchMessage },
        },
      },
      async (request) =>
        ok({
          contactMessage: await contact.reply(actorOf((await adminOf(request)).admin), request.params.messageId, request.body.message),
        }),
    );
  };
