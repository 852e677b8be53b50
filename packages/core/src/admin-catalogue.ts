import { z } from 'zod';
import { pageParam, pagingShape } from './admin.js';
import { categorySchema, imageSchema } from './catalogue.js';
import { csvImportRowSchema } from './catalogue-csv.js';
import { DEFAULT_OWNER_CONTROLS } from './settings.js';
import { plainText } from './text.js';

// Contracts of the back-office's catalogue calls (spec §2.14–§2.16, §3 Product (admin), variant creation payload).
// Every amount is integer paise, like the storefront's; the screens show and take rupees.

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const CATEGORY_STYLES = ['traditional', 'modern'] as const;

/**
 * A variant or product at or below this many pieces is 'low stock' in the back-office: the default of the owner's
 * setting (the server reads the threshold in force from one place, reports/stock-threshold.ts).
 */
export const LOW_STOCK_THRESHOLD = DEFAULT_OWNER_CONTROLS.lowStockThreshold;
export const MAX_STOCK = 100_000;
/** ₹1 crore: no garment costs more, and a typo of extra zeros is caught. */
export const MAX_PRICE_PAISE = 1_000_000_000;

/** Photos per upload and bytes per photo (spec §2.15 upload; issue 10). */
export const MAX_PHOTOS_PER_UPLOAD = 10;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const ONLY_IMAGES_MESSAGE = 'Only image files can be uploaded';

const paise = (name: string) =>
  z
    .number({ error: `${name} must be a whole number of paise` })
    .int(`${name} must be a whole number of paise`)
    .min(0, `${name} must not be negative`)
    .max(MAX_PRICE_PAISE, `${name} is too large`);

const pieces = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must not be negative`)
    .max(MAX_STOCK, `${name} must be at most ${MAX_STOCK}`);

const id = (name: string) => z.uuid(`${name} must be an id`);

/** A parcel's weight (g) and sides (cm) as migration 0040 keeps them (issue 42): whole numbers in these ranges. */
export const PACKAGE_LIMITS = { weightGrams: 50_000, sideCm: 300 } as const;

/** The parcel fields of a product or category, with the words its errors name them by. */
export const PACKAGE_FIELDS = {
  packageWeightGrams: 'Package weight (g)',
  packageLengthCm: 'Package length (cm)',
  packageBreadthCm: 'Package breadth (cm)',
  packageHeightCm: 'Package height (cm)',
} as const;
export type PackageField = keyof typeof PACKAGE_FIELDS;

const packageNumber = (field: PackageField) => {
  const max = field === 'packageWeightGrams' ? PACKAGE_LIMITS.weightGrams : PACKAGE_LIMITS.sideCm;
  const message = `${PACKAGE_FIELDS[field]} must be a whole number from 1 to ${max}.`;
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
};

/** A product's own parcel: null (or omitted on create) for its category's default; omitted on update: unchanged. */
const productPackageFields = {
  packageWeightGrams: packageNumber('packageWeightGrams').nullable().optional(),
  packageLengthCm: packageNumber('packageLengthCm').nullable().optional(),
  packageBreadthCm: packageNumber('packageBreadthCm').nullable().optional(),
  packageHeightCm: packageNumber('packageHeightCm').nullable().optional(),
};

/** A category's default parcel, which its products without their own fall back to. */
const categoryPackageFields = {
  packageWeightGrams: packageNumber('packageWeightGrams').optional(),
  packageLengthCm: packageNumber('packageLengthCm').optional(),
  packageBreadthCm: packageNumber('packageBreadthCm').optional(),
  packageHeightCm: packageNumber('packageHeightCm').optional(),
};

/** A parcel as the back-office shows it: grams and centimetres. */
export const packageSizeSchema = z.object({
  weightGrams: z.number().int(),
  lengthCm: z.number().int(),
  breadthCm: z.number().int(),
  heightCm: z.number().int(),
});

const productName = plainText({ missing: 'Product name is required.' })
  .trim()
  .min(1, 'Product name is required.')
  .max(120, 'At most 120 characters.');
const productDescription = plainText({ multiline: true, missing: 'Description is required.' }).trim().max(5000, 'At most 5000 characters.');

export const ADMIN_PRODUCT_SORTS = ['newest', 'oldest', 'name', 'price_asc', 'price_desc', 'stock_asc', 'updated'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** GET /api/admin/product/getAllProducts: every product whatever its status. */
export const adminProductQuerySchema = z.object({
  q: plainText().trim().max(100, 'q must be at most 100 characters').optional(),
  /** A category id, or 'none' for products without one. */
  category: z.union([z.uuid(), z.literal('none')], { error: "category must be a category id or 'none'" }).optional(),
  status: z.enum(PRODUCT_STATUSES, { message: 'status must be draft, active or archived' }).optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { message: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` }).optional(),
  page: pageParam,
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

const categoryRef = z.object({ _id: z.string(), categoryName: z.string() }).nullable();

export const adminProductRowSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  slug: z.string(),
  category: categoryRef,
  productPrice: z.number().int(),
  productDiscount: z.number().int(),
  sellingPrice: z.number().int(),
  productStock: z.number().int(),
  /** Sellable pieces: productStock, or the sum of the live variants' quantities. */
  availableStock: z.number().int(),
  variantCount: z.number().int(),
  lowStock: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  image: z.object({ secure_url: z.string(), public_id: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductPageSchema = z.object({ products: z.array(adminProductRowSchema), ...pagingShape });

export const adminVariantSchema = z.object({
  _id: z.string(),
  variantName: z.string(),
  variantDescription: z.string(),
  variantColor: z.string(),
  variantSize: z.string(),
  variantColorPrice: z.number().int(),
  variantSizePrice: z.number().int(),
  quantity: z.number().int(),
  sku: z.string(),
  lowStock: z.boolean(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;

export const adminImageSchema = imageSchema.pick({
  _id: true,
  secure_url: true,
  public_id: true,
  srcset: true,
  width: true,
  height: true,
  alt: true,
  variantColor: true,
});

/** Spec §3 Product (admin): productImages [{secure_url, public_id}] and variants. */
export const adminProductSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  slug: z.string(),
  productDescription: z.string(),
  productPrice: z.number().int(),
  productDiscount: z.number().int(),
  sellingPrice: z.number().int(),
  productStock: z.number().int(),
  availableStock: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  category: categoryRef,
  fabric: z.string(),
  /** The product's own HSN code; null: its category's (`categoryHsnCode`), which decides the GST rate then. */
  hsnCode: z.string().nullable(),
  categoryHsnCode: z.string().nullable(),
  /** The product's own parcel (g, cm); null: `categoryPackage`'s (issue 42). */
  packageWeightGrams: z.number().int().nullable(),
  packageLengthCm: z.number().int().nullable(),
  packageBreadthCm: z.number().int().nullable(),
  packageHeightCm: z.number().int().nullable(),
  /** What a blank parcel field falls back to: the category's default, or the shop's for a product without one. */
  categoryPackage: packageSizeSchema,
  tags: z.array(z.string()),
  productImages: z.array(adminImageSchema),
  /** Photos deleted in the last PHOTO_UNDO_HOURS, newest first: each can be restored (issue 26). */
  deletedImages: z.array(z.object({ public_id: z.string(), secure_url: z.string(), deletedAt: z.string() })),
  variants: z.array(adminVariantSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

const productFields = {
  productName,
  productDescription,
  productPrice: paise('productPrice'),
  productDiscount: z
    .number({ error: 'productDiscount must be a whole percent' })
    .int('productDiscount must be a whole percent')
    .min(0, 'productDiscount must be from 0 to 90')
    .max(90, 'productDiscount must be from 0 to 90'),
  productStock: pieces('productStock'),
  category: id('category').nullable().optional(),
  status: z.enum(PRODUCT_STATUSES, { message: 'status must be draft, active or archived' }).optional(),
  fabric: plainText().trim().max(60, 'At most 60 characters.').optional(),
  /** 4–8 digits; null or '' for the category's. Omitted: unchanged on update. */
  hsnCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: 'HSN code must be 4 to 8 digits.' })
      .trim()
      .regex(/^\d{4,8}$/, 'HSN code must be 4 to 8 digits.')
      .nullable()
      .optional(),
  ),
  tags: z.array(plainText().trim().min(1).max(30)).max(20, 'tags: at most 20').optional(),
  ...productPackageFields,
};

/** POST /api/admin/product/createProduct; a new product is a draft unless told otherwise. */
export const createProductSchema = z.object(productFields);
export type CreateProductInput = z.infer<typeof createProductSchema>;

/**
 * PUT /api/admin/product/updateProduct/{productId}: every field is saved. `previousStock` is the stock the
 * form was loaded with: when sent, the edit applies as a change (productStock − previousStock) to the stock as
 * it is now, so pieces sold meanwhile are not put back by mistake.
 */
export const updateProductSchema = z.object({ ...productFields, previousStock: pieces('previousStock').optional() });
export type UpdateProductInput = z.infer<typeof updateProductSchema>;

const variantText = (name: string, missing: string, max: number) =>
  plainText({ missing }).trim().min(1, missing).max(max, `${name}: at most ${max} characters`);

/**
 * Spec §3 variant creation payload. `admin` is accepted for the spec's client and ignored: who added the
 * variant is the signed-in admin.
 */
export const addVariantSchema = z.object({
  product: id('product'),
  admin: z.unknown().optional(),
  variantName: variantText('variantName', 'Variant name is required.', 80),
  variantDescription: plainText({ multiline: true }).trim().max(500, 'variantDescription: at most 500 characters').default(''),
  variantColor: variantText('variantColor', 'Colour is required.', 40),
  variantSize: variantText('variantSize', 'Size is required.', 20),
  variantColorPrice: paise('variantColorPrice'),
  variantSizePrice: paise('variantSizePrice'),
  quantity: pieces('quantity'),
});
export type AddVariantInput = z.input<typeof addVariantSchema>;

/** Edit a variant's quantity and prices in place; `previousQuantity` as `previousStock` above. */
export const updateVariantSchema = z.object({
  productId: id('productId'),
  variantId: id('variantId'),
  quantity: pieces('quantity'),
  previousQuantity: pieces('previousQuantity').optional(),
  variantColorPrice: paise('variantColorPrice'),
  variantSizePrice: paise('variantSizePrice'),
});
export type UpdateVariantInput = z.infer<typeof updateVariantSchema>;

export const removeVariantSchema = z.object({ productId: id('productId'), variantId: id('variantId') });

export const deletePhotoSchema = z.object({
  productId: id('productId'),
  public_id: z.string().trim().min(1, 'public_id is required').max(200),
});

/** How long a deleted photo (and its files) is kept so its delete can be undone. */
export const PHOTO_UNDO_HOURS = 24;

/** POST /api/admin/product/restoreProductPhoto: a photo deleted within PHOTO_UNDO_HOURS back where it was. */
export const restorePhotoSchema = deletePhotoSchema;

export const reorderPhotosSchema = z.object({
  order: z.array(z.string().trim().min(1).max(200)).min(1, 'order must list the photos').max(100),
});

export const coverPhotoSchema = z.object({ public_id: z.string().trim().min(1, 'public_id is required').max(200) });

/**
 * A photo's colour (issue 28): one of the product's live variant colours, or null for every colour. An empty
 * text (a form's 'Every colour') is null too.
 */
export const photoColorSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z
    .string({ error: 'variantColor must be one of the product’s colours.' })
    .trim()
    .max(40, 'variantColor: at most 40 characters')
    .nullable(),
);

/** POST /api/admin/product/setPhotoColor: which colour a photo shows (null: every colour). */
export const setPhotoColorSchema = z.object({
  productId: id('productId'),
  imageId: id('imageId'),
  variantColor: photoColorSchema,
});
export type SetPhotoColorInput = z.infer<typeof setPhotoColorSchema>;

/** A category as the back-office lists it: counts of every status, and of its children. */
export const adminCategorySchema = categorySchema.extend({
  productCount: z.number().int().describe('products of any status in this category'),
  childCount: z.number().int(),
  /** The default parcel of its products (g, cm; issue 42). */
  packageWeightGrams: z.number().int(),
  packageLengthCm: z.number().int(),
  packageBreadthCm: z.number().int(),
  packageHeightCm: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

const categoryName = plainText({ missing: 'Category name is required.' })
  .trim()
  .min(1, 'Category name is required.')
  .max(60, 'At most 60 characters.');
const hsnCode = z
  .string({ error: 'HSN code is required.' })
  .trim()
  .regex(/^\d{4}(\d{2}){0,2}$/, 'HSN code must be 4, 6 or 8 digits.');
const categoryStyle = z.enum(CATEGORY_STYLES, { message: 'style must be traditional or modern' });

export const createCategorySchema = z.object({
  categoryName,
  style: categoryStyle,
  hsnCode,
  parentId: id('parentId').nullable().optional(),
  description: plainText({ multiline: true }).trim().max(500, 'At most 500 characters.').optional(),
  ...categoryPackageFields,
});
export type CreateCategoryInput = z.infer<typeof createCategorySchema>;

/** Rename, restyle or change the HSN code; the slug (and so the storefront's links) stays. */
export const updateCategorySchema = z.object({
  categoryName: categoryName.optional(),
  style: categoryStyle.optional(),
  hsnCode: hsnCode.optional(),
  description: plainText({ multiline: true }).trim().max(500, 'At most 500 characters.').optional(),
  ...categoryPackageFields,
});
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;

/**
 * Columns of the catalogue CSV, in order. Prices in rupees with two decimals, for people and spreadsheets.
 * A product with variants has a row per live variant (its product columns repeated), one without a single row
 * with the variant columns empty; `stock` and `exported_stock` are then the variant's. Newer columns come last,
 * so the older ones keep their places: `exported_stock` is the stock at export time (see catalogue-csv.ts), and
 * the variant columns (issue 26) name the variant by its SKU, or add one by colour and size when the SKU is empty.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'id',
  'name',
  'description',
  'category_slug',
  'price_rupees',
  'discount_percent',
  'stock',
  'status',
  'fabric',
  'tags',
  'exported_stock',
  'variant_sku',
  'variant_color',
  'variant_size',
  'variant_color_price',
  'variant_size_price',
  'package_weight_grams',
  'package_length_cm',
  'package_breadth_cm',
  'package_height_cm',
] as const;

/** POST /api/admin/product/importProducts: the counts, and per row what changed and what happened to its stock. */
export const csvImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  rows: z.number().int(),
  /** Rows whose stock change was refused because the stock changed since the export. */
  stockConflicts: z.number().int(),
  results: z.array(csvImportRowSchema),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;

/** Why a shelf quantity changed (the stock ledger, ADR 023). */
export const STOCK_REASONS = [
  'order_reserved',
  'order_released',
  'order_retaken',
  'bill',
  'bill_void',
  'bill_return',
  /** An online return received: the pieces it named back on the shelf (issue 38; was 'order_released'). */
  'return_restocked',
  /** An online return's piece received damaged (issue 40): recorded, never put back on sale (change 0). */
  'return_written_off',
  /** A shipped parcel back at the shop, refused at the door or undeliverable (issue 41): its pieces back on sale. */
  'returned_to_origin',
  'csv_import',
  'admin_edit',
  'seed',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** One change of a variant's (or a variant-less product's) stock: who, why, when, and the quantity it left. */
export const stockMovementSchema = z.object({
  /** Signed pieces: -2 taken, +5 put back or counted in. */
  change: z.number().int(),
  quantityAfter: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  orderId: z.string().nullable(),
  /** The order's number (ORD-…) when the order still exists. */
  orderNumber: z.string().nullable(),
  billId: z.string().nullable(),
  /** The bill's invoice number (INV/…). */
  invoiceNumber: z.string().nullable(),
  /** The CSV import run: every row one import changed carries the same id. */
  importId: z.string().nullable(),
  /** The admin's or shopper's name, or 'System' / 'Razorpay'. */
  actorName: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** GET /api/admin/product/stockHistory/{variantId}: newest first, 50 a page. */
export const stockHistoryQuerySchema = z.object({ page: pageParam });
export type StockHistoryQuery = z.infer<typeof stockHistoryQuerySchema>;
export const stockHistorySchema = z.object({ movements: z.array(stockMovementSchema), ...pagingShape });
export type StockHistory = z.infer<typeof stockHistorySchema>;
