import { fieldMessages } from '@shop/core';
import type { Failure } from './failure';

// A back-office list's query lives in its URL (page, search, filters, sort): shareable, the back button works,
// and the page's filter bar is a plain GET form. The loader reads it with the list's own query schema from
// @shop/core (the one the service and the JSON API check), so the page asks the service exactly what the URL says.

interface QuerySchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** The URL's parameters that carry something (the first value of each, trimmed); an empty field of a GET form says nothing. */
function filled(search: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of search) {
    const text = value.trim();
    if (text && !(name in values)) values[name] = text;
  }
  return values;
}

/**
 * A list page's query from its URL, checked by the list's query schema (e.g. `adminProductQuerySchema`).
 * A parameter the schema refuses (a mistyped date, page 'x') is left out, so the list still shows, and its
 * message comes back in `failure.fields` (by name) for the filter bar; parameters the schema does not know
 * are dropped by it.
 */
export function readListQuery<T>(from: Request | URL | URLSearchParams, schema: QuerySchema<T>): { query: T; failure: Failure | null } {
  const search = from instanceof URLSearchParams ? from : from instanceof URL ? from.searchParams : new URL(from.url).searchParams;
  const values = filled(search);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  // Each pass drops at least one refused parameter: one pass more than there are parameters reaches the empty query.
  const passes = Object.keys(values).length + 1;
  for (let pass = 0; pass < passes; pass++) {
    const result = schema.safeParse(values);
    if (result.success) {
      const messages = [...general, ...Object.values(fields)];
      return { query: result.data, failure: messages.length > 0 ? { ok: false, error: messages.join(' '), fields } : null };
    }
    let dropped = false;
    const messages = fieldMessages(result.error.issues, '');
    for (const [name, message] of Object.entries(messages)) {
      if (name in values) {
        fields[name] ??= message;
        delete values[name];
        dropped = true;
      }
    }
    // A refusal of no one parameter (a rule across the whole query): start from nothing rather than loop.
    if (!dropped) {
      general.push(...Object.values(messages));
      for (const name of Object.keys(values)) delete values[name];
    }
  }
  throw new Error('readListQuery: the list query schema refuses an empty query');
}

/** The URL's search with one page chosen (page 1 is left out). */
export function withPage(search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `?${text}` : '';
}

/** 'Showing 51–100 of 130' and whether there is a page before and after. */
export function pageInfo({ total, page, limit }: { total: number; page: number; limit: number }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  return { pages, first, last, hasPrevious: page > 1, hasNext: page < pages };
}

/**
 * The JSON API query of a list's URL, for a link to the API (a CSV export of the filtered list): only the named
 * parameters, empty ones dropped ('q=kurta&page=2'). Loaders read `readListQuery` instead.
 */
export function apiQuery(search: URLSearchParams, names: readonly string[]): string {
  const query = new URLSearchParams();
  for (const name of names) {
    const value = search.get(name)?.trim();
    if (value) query.set(name, value);
  }
  return query.toString();
}
