import { MAX_QUERY_LENGTH, PAISE_PER_RUPEE, PRODUCT_SORTS, parseRupees, productQuerySchema, type ProductQuery } from '@shop/core';

const LIST_KEYS = ['category', 'size', 'color'] as const;
/** Prices in the storefront URL are rupees, for people ('minPrice=999'); the API takes paise. */
const RUPEE_KEYS = ['minPrice', 'maxPrice'] as const;

/**
 * The one place where a storefront URL's rupees become the API's paise. A whole-rupee maximum means
 * 'up to that rupee and its paise', so 'maxPrice=1999' keeps ₹1,999.50 and matches the ₹1,000–1,999 band.
 */
export function urlRupeesToPaise(text: string, end: 'min' | 'max'): number | null {
  const paise = parseRupees(text);
  if (paise === null) return null;
  return end === 'max' && !text.includes('.') ? paise + PAISE_PER_RUPEE - 1 : paise;
}

/** Paise as the storefront URL writes them, in rupees: the inverse of urlRupeesToPaise. */
export function paiseToUrlRupees(paise: number, end: 'min' | 'max'): string {
  const whole = end === 'max' && paise % PAISE_PER_RUPEE === PAISE_PER_RUPEE - 1 ? paise + 1 - PAISE_PER_RUPEE : paise;
  return whole % PAISE_PER_RUPEE === 0 ? String(whole / PAISE_PER_RUPEE) : (whole / PAISE_PER_RUPEE).toFixed(2);
}

/** Reads a listing URL (/filter, /productSearch) into the API's query; bad parameters fall back to defaults with a message. */
export function parseListingQuery(url: URL): { query: ProductQuery; error: string | null } {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key).filter((value) => value !== '');
    if (values.length === 0) continue;
    raw[key] = (LIST_KEYS as readonly string[]).includes(key) ? values : values[values.length - 1]!;
  }
  for (const key of RUPEE_KEYS) {
    const text = raw[key];
    if (typeof text !== 'string') continue;
    const paise = urlRupeesToPaise(text, key === 'maxPrice' ? 'max' : 'min');
    if (paise === null) return { query: fallbackQuery(raw), error: 'Enter a price like 999' };
    raw[key] = String(paise);
  }
  const parsed = productQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, error: null };
  return { query: fallbackQuery(raw), error: shopperMessage(parsed.error.issues[0]?.path[0]) };
}

/** What a shopper reads about a bad parameter: no parameter names, and what to do instead. */
function shopperMessage(parameter: PropertyKey | undefined): string {
  if (parameter === 'minPrice' || parameter === 'maxPrice') return 'Enter a lowest price below the highest, like 999 to 1999';
  return 'Some filters in this address were not understood, so all products are shown.';
}

/** A filter form's values without the empty ones and the default sort, so the URL does not fill with 'minPrice=&maxPrice='. */
export function filledParams(data: FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of data) {
    if (typeof value !== 'string' || value.trim() === '' || (key === 'sort' && value === PRODUCT_SORTS[0])) continue;
    params.append(key, value.trim());
  }
  return params;
}

/** The defaults, keeping the search words if they are usable on their own (a q with control characters is dropped too). */
function fallbackQuery(raw: Record<string, string | string[]>): ProductQuery {
  const fallback = productQuerySchema.safeParse({ q: typeof raw.q === 'string' ? raw.q.slice(0, MAX_QUERY_LENGTH) : undefined });
  return fallback.success ? fallback.data : productQuerySchema.parse({});
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
