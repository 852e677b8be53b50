import { changePasswordSchema, publicUserSchema, updateProfileSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { AccountsService } from './service.js';

const tags = ['customer profile'];

/** The shopper's own profile and password; registered in the shopper scope. */
export const profileRoutes =
  (accounts: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/user/profile/getMyProfile',
      { schema: { tags, summary: 'My profile', response: { 200: okEnvelope(z.object({ user: publicUserSchema })) } } },
      async (request) => ok({ user: await accounts.getProfile((await shopperOf(request)).user._id) }),
    );

    app.put(
      '/api/user/profile/updateProfile',
      {
        schema: {
          tags,
          summary: 'Change name, phone, date of birth, gender',
          body: updateProfileSchema,
          response: { 200: okEnvelope(z.object({ user: publicUserSchema })) },
        },
      },
      async (request) => ok({ user: await accounts.updateProfile((await shopperOf(request)).user._id, request.body) }),
    );

    app.put(
      '/api/user/profile/changePassword',
      {
        schema: {
          tags,
          summary: 'Change the password (needs the current one); other sessions end',
          body: changePasswordSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        const { user, session } = await shopperOf(request);
        await accounts.changePassword(user._id, request.body, session.token, request.ip);
        return ok({});
      },
    );
  };
