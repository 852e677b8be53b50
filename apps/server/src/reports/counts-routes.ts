import { dashboardCountsSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { ReportCounts } from './counts.js';

/** The dashboard's live counts; registered in the admin scope (owners and staff). */
export const reportCountsRoutes =
  (reports: ReportCounts): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/report/counts',
      {
        schema: {
          summary:
            "Dashboard counts: paid orders to pack, low-stock variants (sold out, running low) and the threshold, today's paid orders (India time)",
          response: { 200: okEnvelope(z.object({ counts: dashboardCountsSchema })) },
        },
      },
      async () => ok({ counts: await reports.counts() }),
    );
  };
