import { z } from 'zod';
import { hasControlCharacters, plainText } from './text.js';
import { MAX_PAGE_SIZE, MAX_QUERY_LENGTH, PRODUCT_SORTS } from './catalogue-constants.js';

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

const paise = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number of paise, like 99900 for ₹999`)
    .transform(Number)
    .refine((value) => value <= 1_000_000_000, `${name} is too large`)
    .optional();

const searchText = plainText({ message: 'q must not contain control characters' }).trim();

/** Query of GET /api/user/product/filter and /search: every filter the storefront offers, as URL text; prices in paise. */
export const productQuerySchema = z
  .object({
    q: searchText.max(MAX_QUERY_LENGTH, `q must be at most ${MAX_QUERY_LENGTH} characters`).optional(),
    category: list('category'),
    style: z.enum(['traditional', 'modern'], { message: 'style must be traditional or modern' }).optional(),
    size: list('size'),
    color: list('color'),
    minPrice: paise('minPrice'),
    maxPrice: paise('maxPrice'),
    minDiscount: wholeNumber('minDiscount', 0, 90),
    /** Stars and above: 4 is 'rating 4 and above' (an average of at least 4). */
    minRating: wholeNumber('minRating', 1, 5),
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

// ── API contracts: the answers of the public catalogue calls. The server uses them as response allow-lists
// (what is not named here never leaves it); the web takes its types from them. ─────────────────────────

export const imageSchema = z.object({
  _id: z.string(),
  public_id: z.string(),
  secure_url: z.string(),
  srcset: z.string(),
  /** The AVIF renditions (smaller) for a <picture> source, once the shop has made them; null until then. */
  avifSrcset: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  variantColor: z.string().nullable(),
});
export type ImageView = z.infer<typeof imageSchema>;

export const priceSchema = z.object({ mrp: z.number().int(), selling: z.number().int(), saving: z.number().int() });

export const productCardSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  slug: z.string(),
  category: z.object({ _id: z.string(), categoryName: z.string(), slug: z.string() }).nullable(),
  productPrice: z.number().int().describe('MRP in paise, before discount and variant extras'),
  productDiscount: z.number().int().describe('whole percent'),
  sellingPrice: z.number().int().describe('price of one piece in paise; the lowest when variants add extras'),
  inStock: z.boolean(),
  colors: z.array(z.string()),
  image: imageSchema.nullable(),
  createdAt: z.string(),
  /** Its reviews' stars (issue 28): the average to one decimal, and how many; { 0, 0 } before the first. */
  rating: z.object({ average: z.number(), count: z.number().int() }),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const facetsSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  sizes: z.array(z.object({ value: z.string(), count: z.number().int() })),
  colors: z.array(z.object({ value: z.string(), count: z.number().int() })),
  priceBands: z.array(
    z.object({
      min: z.number().int().describe('paise'),
      max: z.number().int().nullable().describe('paise, inclusive'),
      count: z.number().int(),
    }),
  ),
});
export type Facets = z.infer<typeof facetsSchema>;

/** What a search that found nothing offers instead: the catalogue's nearest words and its biggest categories. */
export const searchSuggestionsSchema = z.object({
  words: z.array(z.string()),
  categories: z.array(z.object({ name: z.string(), slug: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const productPageSchema = z.object({
  products: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  facets: facetsSchema,
  /** Only on a search with no results. */
  suggestions: searchSuggestionsSchema.optional(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

export const categorySchema = z.object({
  _id: z.string(),
  categoryName: z.string(),
  slug: z.string(),
  style: z.enum(['traditional', 'modern']),
  parentId: z.string().nullable(),
  hsnCode: z.string(),
  description: z.string(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const variantViewSchema = z.object({
  _id: z.string(),
  variantName: z.string(),
  variantColor: z.string(),
  variantSize: z.string(),
  variantColorPrice: z.number().int(),
  variantSizePrice: z.number().int(),
  variantDescription: z.string(),
  quantity: z.number().int(),
  sku: z.string(),
  price: priceSchema,
});
export type VariantView = z.infer<typeof variantViewSchema>;

export const productDetailsSchema = productCardSchema.extend({
  productDescription: z.string(),
  fabric: z.string(),
  tags: z.array(z.string()),
  productStock: z.number().int().describe('stock of the product itself, used when it has no variants'),
  availableStock: z.number().int(),
  variants: z.array(variantViewSchema),
  productImages: z.array(imageSchema),
  price: priceSchema,
  updatedAt: z.string(),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

export const suggestionsSchema = z.object({
  products: z.array(productCardSchema.pick({ _id: true, productName: true, sellingPrice: true, image: true })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
