import { adminUserDetailSchema, adminUserPageSchema, adminUserQuerySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { ok, okEnvelope } from '../http/envelope.js';
import type { AdminUsersService } from './admin-users.js';

const userParams = z.object({ userId: z.uuid('userId must be a user id') });
const userAnswer = { 200: okEnvelope(adminUserDetailSchema) };

/** Shoppers for any admin: list and detail; registered in the admin scope. */
export const adminUserRoutes =
  (users: AdminUsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/user/getAllUsers',
      {
        schema: {
          summary: 'Shoppers newest first with sign-up date, orders count and total spent; search by name, e-mail or phone',
          querystring: adminUserQuerySchema,
          response: { 200: okEnvelope(adminUserPageSchema) },
        },
      },
      async (request) => ok(await users.list(request.query)),
    );

    app.get(
      '/api/admin/user/getUserDetails/:userId',
      { schema: { summary: 'One shopper with her orders and addresses', params: userParams, response: userAnswer } },
      async (request) => ok(await users.detail(request.params.userId)),
    );
  };

/** Blocking shoppers: owners only; registered in the owner scope. */
export const ownerUserRoutes =
  (users: AdminUsersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/admin/user/blockUser/:userId',
      { schema: { summary: 'Block a shopper: no login, every session ends now', params: userParams, response: userAnswer } },
      async (request) => {
        await users.block(actorOf((await adminOf(request)).admin), request.params.userId);
        return ok(await users.detail(request.params.userId));
      },
    );

    app.post(
      '/api/admin/user/unblockUser/:userId',
      { schema: { summary: 'Let a blocked shopper log in again', params: userParams, response: userAnswer } },
      async (request) => {
        await users.unblock(actorOf((await adminOf(request)).admin), request.params.userId);
        return ok(await users.detail(request.params.userId));
      },
    );
  };
