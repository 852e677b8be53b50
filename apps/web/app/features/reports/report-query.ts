import { addDays, mondayOf } from '@shop/core';
import type { Failure } from '../../lib/failure';
import { readListQuery } from '../../lib/list-query';

interface QuerySchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * A report's period from its URL (?weekStart, ?weekOf, ?month, ?from, ?to), checked by the report's query schema.
 * A refused parameter is left out, so the page still shows a period (the current one), and its message comes back
 * for the page's picker form (a GET form, lib/list-query.ts): beside the field it names when that is one of the
 * form's `fields`, for the whole form otherwise (a hand-made ?weekStart that is not a Monday).
 */
export function reportPeriod<T>(
  from: Request | URL,
  schema: QuerySchema<T>,
  fields: readonly string[],
): { query: T; failure: Failure | null } {
  const { query, failure } = readListQuery(from, schema);
  if (!failure) return { query, failure };
  const own = Object.entries(failure.fields).filter(([name]) => fields.includes(name));
  const others = Object.entries(failure.fields).filter(([name]) => !fields.includes(name));
  return {
    query,
    failure: {
      ok: false,
      // Repeats the field's own message when it is the only one (FormFailure leaves it beside its field).
      error: others.length > 0 ? others.map(([, message]) => message).join(' ') : (own[0]?.[1] ?? failure.error),
      fields: Object.fromEntries(own),
    },
  };
}

/**
 * The weekly report of the week a day falls in. A month's first week is cut to the month ('1 Nov – 2 Nov' when the
 * 1st is a Sunday), but the weekly report starts on a Monday: the link goes to that week's Monday, not its first
 * day in the month (which answered 'weekStart must be a Monday').
 */
export const weekReportHref = (day: string) => `/admin/weeklySelling?weekStart=${mondayOf(day)}`;

/** The sales page of the India days `from` to `to`, both included: online orders and counter bills together. */
export const salesRangeHref = (from: string, to: string) => `/admin/sales?from=${from}&to=${to}`;

/**
 * Where the dashboard's sales tiles lead (issue 40): each to the sales page of exactly the days it sums, orders and
 * bills alike (the weekly and monthly pages show calendar weeks and months, not the last 7 or 30 days).
 */
export const dashboardSalesHrefs = (today: string) => ({
  today: salesRangeHref(today, today),
  last7Days: salesRangeHref(addDays(today, -6), today),
  last30Days: salesRangeHref(addDays(today, -29), today),
});
