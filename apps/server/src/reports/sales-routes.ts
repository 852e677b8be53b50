import { dashboardSchema, monthlyQuerySchema, monthlyReportSchema, weeklyQuerySchema, weeklyReportSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { SalesReportsService } from './sales-service.js';

/** Sales reports for any admin (revenue = paid online orders net of refunds + bills, India days); registered in the admin scope. */
export const salesReportRoutes =
  (reports: SalesReportsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/report/dashboard',
      {
        schema: {
          summary:
            'Today, the last 7 and 30 days (revenue, orders, bills, units, average sale), orders by status, top 5 products, low stock, recent orders',
          response: { 200: okEnvelope(dashboardSchema) },
        },
      },
      async () => ok(await reports.dashboard()),
    );

    app.get(
      '/api/admin/report/weekly',
      {
        schema: {
          summary: 'Sales of a week (Monday to Sunday, India time; default this week): days, categories, best day, average',
          querystring: weeklyQuerySchema,
          response: { 200: okEnvelope(weeklyReportSchema) },
        },
      },
      async (request) => ok(await reports.weekly(request.query.weekStart)),
    );

    app.get(
      '/api/admin/report/monthly',
      {
        schema: {
          summary: 'Sales of a month (India time; default this month): days, weeks, categories, change against the month before',
          querystring: monthlyQuerySchema,
          response: { 200: okEnvelope(monthlyReportSchema) },
        },
      },
      async (request) => ok(await reports.monthly(request.query.month)),
    );
  };
