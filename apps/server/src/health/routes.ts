import { AppError } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseReachable, type Db } from '../db/database.js';
import { ok, okEnvelope } from '../http/envelope.js';

export const healthRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Answers ok once the database is reachable (for load balancers and uptime checks)',
          response: { 200: okEnvelope(z.object({ status: z.literal('ok') })) },
        },
        logLevel: 'warn',
      },
      async () => {
        if (!(await isDatabaseReachable(db))) throw new AppError('UNAVAILABLE', 'The database is not reachable.');
        return ok({ status: 'ok' as const });
      },
    );
  };
