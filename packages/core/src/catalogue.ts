import { z } from 'zod';
import { hasControlCharacters, plainText } from './text.js';

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

/** Price bands of the price facet, in rupees; the last is open-ended. */
export const PRICE_BANDS = [
  { min: 0, max: 999 },
  { min: 1000, max: 1999 },
  { min: 2000, max: 3999 },
  { min: 4000, max: 5999 },
  { min: 6000, max: null },
] as const;

/** Rendition widths of every product photo (WebP), for srcset. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export const DEFAULT_IMAGE_WIDTH = 640;

/** URL of one rendition of a stored image. */
export const mediaUrl = (storageKey: string, width: number = DEFAULT_IMAGE_WIDTH) => `/media/${storageKey}-${width}.webp`;
export const mediaSrcset = (storageKey: string) => IMAGE_WIDTHS.map((width) => `${mediaUrl(storageKey, width)} ${width}w`).join(', ');

/** Orders sizes as people expect (S before M before L), unknown ones after. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string) => {
    const index = (SIZE_ORDER as readonly string[]).indexOf(size);
    return index === -1 ? SIZE_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b, 'en-IN', { numeric: true });
}

const list = (name: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value])
        .flatMap((item) => item.split(','))
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((values) => values.every((value) => !hasControlCharacters(value)), `${name} must not contain control characters`)
    .refine((values) => values.length <= 20, `${name}: at most 20 values`)
    .refine((values) => values.every((value) => value.length <= 60), `${name}: a value is too long`);

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be from ${min} to ${max}`)
    .optional();

const rupees = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, `${name} must be an amount in rupees, like 999 or 999.50`)
    .transform(Number)
    .refine((value) => value <= 10_000_000, `${name} is too large`)
    .optional();

const searchText = plainText({ message: 'q must not contain control characters' }).trim();

/** Query of GET /api/user/product/filter and /search: every filter the storefront offers, as URL text. */
export const productQuerySchema = z
  .object({
    q: searchText.max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
    category: list('category'),
    style: z.enum(['traditional', 'modern'], { message: 'style must be traditional or modern' }).optional(),
    size: list('size'),
    color: list('color'),
    minPrice: rupees('minPrice'),
    maxPrice: rupees('maxPrice'),
    minDiscount: wholeNumber('minDiscount', 0, 90),
    inStock: z
      .enum(['true', 'false', '1', '0'], { message: 'inStock must be true or false' })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    sort: z.enum(PRODUCT_SORTS, { message: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    page: wholeNumber('page', 1, 10_000),
    limit: wholeNumber('limit', 1, MAX_PAGE_SIZE),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });
export type ProductQueryInput = z.input<typeof productQuerySchema>;
export type ProductQuery = z.output<typeof productQuerySchema>;

export const suggestQuerySchema = z.object({
  q: searchText.min(1, 'q is required').max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`),
});
