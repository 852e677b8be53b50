/**
 * The API query of a list page from its URL: only the named parameters, empty ones dropped, so the URL is
 * the one truth for filters and page (shareable, back button works).
 */
export function apiQuery(search: URLSearchParams, names: readonly string[]): string {
  const query = new URLSearchParams();
  for (const name of names) {
    const value = search.get(name)?.trim();
    if (value) query.set(name, value);
  }
  return query.toString();
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
