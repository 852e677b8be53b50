import { AppError } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { Readiness } from './readiness.js';

export const healthRoutes =
  (readiness: () => Promise<Readiness>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness: answers ok while the process is up, whatever the database (a restart would not bring it back)',
          response: { 200: okEnvelope(z.object({ status: z.literal('ok') })) },
        },
        logLevel: 'warn',
      },
      async () => ok({ status: 'ok' as const }),
    );

    app.get(
      '/api/health/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'Readiness: 200 when the database answers and every migration is applied, else 503 with the reason',
          response: { 200: okEnvelope(z.object({ status: z.literal('ready') })) },
        },
        logLevel: 'warn',
      },
      async () => {
        const state = await readiness();
        if (!state.ready) throw new AppError('UNAVAILABLE', state.reason);
        return ok({ status: 'ready' as const });
      },
    );
  };
