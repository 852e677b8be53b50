import { MAX_QUERY_LENGTH, productQuerySchema, type ProductQuery } from '@shop/core';

const LIST_KEYS = ['category', 'size', 'color'] as const;

/** Reads a listing URL (/filter, /productSearch) into the API's query; bad parameters fall back to defaults with a message. */
export function parseListingQuery(url: URL): { query: ProductQuery; error: string | null } {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key).filter((value) => value !== '');
    if (values.length === 0) continue;
    raw[key] = (LIST_KEYS as readonly string[]).includes(key) ? values : values[values.length - 1]!;
  }
  const parsed = productQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  // Keep the search words if they are usable on their own; a q with control characters is dropped too.
  const fallback = productQuerySchema.safeParse({ q: typeof raw.q === 'string' ? raw.q.slice(0, MAX_QUERY_LENGTH) : undefined });
  return {
    query: fallback.success ? fallback.data : productQuerySchema.parse({}),
    error: issue?.message ?? 'Some filters were not understood.',
  };
}

/** The same URL with some parameters changed (null removes), and the page reset unless given. */
export function hrefWith(pathname: string, params: URLSearchParams, changes: Record<string, string | string[] | null>): string {
  const next = new URLSearchParams(params);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    next.delete(key);
    if (value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(key, item);
  }
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}
