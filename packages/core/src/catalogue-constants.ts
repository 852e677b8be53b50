// The catalogue's fixed words and numbers: presets, size order, sorts, page sizes, price bands, photo widths.
// No zod here, so that the storefront's pages can use them without loading the API schemas.

/** Spec §9 presets for the variant pickers; 'Other' lets staff type their own. */
export const COLOR_PRESETS = ['Red', 'Blue', 'Green', 'Black', 'White'] as const;
export const SIZE_PRESETS = ['S', 'M', 'L', 'XL', 'XXL'] as const;
/** Order in which sizes are listed; unknown sizes (Free size, 32, ...) follow in alphabetical order. */
export const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', 'Free size'] as const;

export const PRODUCT_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'discount'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Recommended',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  discount: 'Biggest discount',
};

export const MAX_PAGE_SIZE = 48;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 100;

/** Price bands of the price facet, in paise like every amount of the API; both ends inclusive, the last open-ended. */
export const PRICE_BANDS = [
  { min: 0, max: 99_999 },
  { min: 1_00_000, max: 1_99_999 },
  { min: 2_00_000, max: 3_99_999 },
  { min: 4_00_000, max: 5_99_999 },
  { min: 6_00_000, max: null },
] as const;

/**
 * Rendition widths of every product photo, for srcset: WebP at upload, AVIF made afterwards in the background.
 * 240 and 480 are for listing cards (~170 px wide on a phone: 480 w at a 2.6× screen, 240 w at 1×; before, phones
 * fetched the 640 w one) and thumbnails; photos stored before a width was added get it at start-up.
 */
export const IMAGE_WIDTHS = [240, 320, 480, 640, 960, 1280] as const;
export const DEFAULT_IMAGE_WIDTH = 640;
export type ImageFormat = 'webp' | 'avif';

/** Where the shop itself serves photos; MEDIA_PUBLIC_URL (a CDN or public bucket) replaces it in pages when set. */
export const MEDIA_PATH = '/media';

/** URL of one rendition of a stored image, under `base`: the shop's /media or MEDIA_PUBLIC_URL (no trailing slash). */
export const mediaUrl = (
  storageKey: string,
  width: number = DEFAULT_IMAGE_WIDTH,
  format: ImageFormat = 'webp',
  base: string = MEDIA_PATH,
) => `${base}/${storageKey}-${width}.${format}`;
export const mediaSrcset = (storageKey: string, format: ImageFormat = 'webp', base: string = MEDIA_PATH) =>
  IMAGE_WIDTHS.map((width) => `${mediaUrl(storageKey, width, format, base)} ${width}w`).join(', ');

/**
 * A photo URL as rows keep it (`/media/…`: orders, carts and photos store the shop's own path, so they stay
 * valid whatever MEDIA_PUBLIC_URL becomes), rebased on `base` for a page or an answer. Other URLs pass as they are.
 */
export const publicMediaUrl = (stored: string, base: string) =>
  base !== MEDIA_PATH && stored.startsWith(`${MEDIA_PATH}/`) ? `${base}${stored.slice(MEDIA_PATH.length)}` : stored;

/** Orders sizes as people expect (S before M before L), unknown ones after. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string) => {
    const index = (SIZE_ORDER as readonly string[]).indexOf(size);
    return index === -1 ? SIZE_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b, 'en-IN', { numeric: true });
}
