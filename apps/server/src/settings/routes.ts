import { shopSettingsSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';

export const settingsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/shop/settings',
      {
        schema: {
          tags: ['shop'],
          summary: "The shop's public details: name, tagline, logo, address, contact, GSTIN",
          response: { 200: okEnvelope(z.object({ settings: shopSettingsSchema })) },
        },
      },
      async () => ok({ settings: await services.settings.get() }),
    );
  };
