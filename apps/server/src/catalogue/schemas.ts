import { z } from 'zod';

// Response allow-lists of the public catalogue API: what is not named here never leaves the server.

const imageSchema = z.object({
  _id: z.string(),
  public_id: z.string(),
  secure_url: z.string(),
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
  variantColor: z.string().nullable(),
});

const priceSchema = z.object({ mrp: z.number().int(), selling: z.number().int(), saving: z.number().int() });

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
});

export const facetsSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
  sizes: z.array(z.object({ value: z.string(), count: z.number().int() })),
  colors: z.array(z.object({ value: z.string(), count: z.number().int() })),
  priceBands: z.array(z.object({ min: z.number(), max: z.number().nullable(), count: z.number().int() })),
});

export const productPageSchema = z.object({
  products: z.array(productCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  facets: facetsSchema,
});

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

export const productDetailsSchema = productCardSchema.extend({
  productDescription: z.string(),
  fabric: z.string(),
  tags: z.array(z.string()),
  productStock: z.number().int(),
  availableStock: z.number().int(),
  variants: z.array(
    z.object({
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
    }),
  ),
  productImages: z.array(imageSchema),
  price: priceSchema,
  updatedAt: z.string(),
});

export const suggestionsSchema = z.object({
  products: z.array(productCardSchema.pick({ _id: true, productName: true, sellingPrice: true, image: true })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
});
