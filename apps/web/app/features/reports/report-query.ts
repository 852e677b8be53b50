import { mondayOf } from '@shop/core';
import { data } from 'react-router';
import { readListQuery } from '../../lib/list-query';

interface QuerySchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * A report's period from its URL (?weekStart, ?month), checked by the report's query schema. A report has no
 * filter bar to show a refusal in: a malformed period is the page's 400, in the schema's words.
 */
export function reportQuery<T>(request: Request, schema: QuerySchema<T>): T {
  const { query, failure } = readListQuery(request, schema);
  if (failure) throw data({ error: failure.error }, { status: 400 });
  return query;
}

/**
 * The weekly report of the week a day falls in. A month's first week is cut to the month ('1 Nov – 2 Nov' when the
 * 1st is a Sunday), but the weekly report starts on a Monday: the link goes to that week's Monday, not its first
 * day in the month (which answered 'weekStart must be a Monday').
 */
export const weekReportHref = (day: string) => `/admin/weeklySelling?weekStart=${mondayOf(day)}`;
