import { adminShopSettingsSchema, storedShopSettingsSchema, updateSettingsSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';
import type { SettingsService } from './service.js';

export const settingsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/shop/settings',
      {
        schema: {
          tags: ['shop'],
          summary: "The shop's public details: name, tagline, logo, address, contact, GSTIN",
          response: { 200: okEnvelope(z.object({ settings: storedShopSettingsSchema })) },
        },
      },
      async () => ok({ settings: await services.settings.get() }),
    );
  };

const ownerAnswer = { 200: okEnvelope(adminShopSettingsSchema) };

/** The shop's own details for the owner (issue 39); registered in the owner scope, the service refuses staff too. */
export const ownerSettingsRoutes =
  (settings: SettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/settings/getSettings',
      {
        schema: {
          summary:
            "The shop's own details, when the owner saved them (null: still the demo's, production takes no orders) the owner's controls (staff counter returns, low-stock threshold) and cash on delivery (off by default; paise)",
          response: ownerAnswer,
        },
      },
      async (request) => ok(await settings.getForOwner(actorOf((await adminOf(request)).admin))),
    );

    app.put(
      '/api/admin/settings/updateSettings',
      {
        schema: {
          summary:
            "Save the shop's details and, when given, the owner's controls and cash on delivery (audited; `controls` or `cod` omitted: unchanged). `cod`: `{ enabled, fee, minOrder, maxOrder, maxOpenPerShopper }`, amounts in paise, minOrder ≤ maxOrder (a field error names `cod.maxOrder`). The GSTIN must carry its right check character and the state's GST code; saving opens checkout in production",
          body: updateSettingsSchema,
          response: ownerAnswer,
        },
      },
      async (request) => ok(await settings.update(actorOf((await adminOf(request)).admin), request.body)),
    );
  };
