import {
  dashboardSchema,
  monthlyQuerySchema,
  monthlyReportSchema,
  salesRangeQuerySchema,
  salesRangeReportSchema,
  weeklyQuerySchema,
  weeklyReportSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okEnvelope } from '../http/envelope.js';
import type { SalesReportsService } from './sales-service.js';

/** Sales reports (revenue = paid online orders net of refunds + bills, India days): the owner's, registered in the owner scope. */
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

    app.get(
      '/api/admin/report/range',
      {
        schema: {
          summary:
            'Sales of India days from..to, both included (default this month to today; at most 366 days): every day, categories, top 10 products, revenue, units, orders, bills, average sale',
          querystring: salesRangeQuerySchema,
          response: { 200: okEnvelope(salesRangeReportSchema) },
        },
      },
      async (request) => ok(await reports.range(request.query.from, request.query.to)),
    );

    app.get(
      '/api/admin/report/exportRange',
      {
        schema: {
          summary:
            'The sales of India days from..to as CSV (a UTF-8 BOM, amounts in rupees): a row per day, category and top product, the total, and when it was made (India time)',
          querystring: salesRangeQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const csv = await reports.rangeCsv(request.query.from, request.query.to);
        const name = `sales-${request.query.from ?? 'month'}-to-${request.query.to ?? 'today'}.csv`;
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
      },
    );
  };
