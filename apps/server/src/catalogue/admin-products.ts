import { randomBytes } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  AppError,
  LOW_STOCK_THRESHOLD,
  PHOTO_UNDO_HOURS,
  addVariantSchema,
  applyDiscount,
  mediaSrcset,
  publicMediaUrl,
  type AddVariantInput,
  type AdminProduct,
  type AdminProductQuery,
  type AdminProductRow,
  type AdminVariant,
  type CreateProductInput,
  type ProductStatus,
  type UpdateProductInput,
  type UpdateVariantInput,
} from '@shop/core';
import { recordAudit, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import * as inventory from '../inventory/service.js';
import type { MediaStore, StoredImage } from '../media/store.js';
import { variantWasOrdered } from '../orders/queries.js';
import { defaultStockThreshold, type StockThreshold } from '../reports/stock-threshold.js';
import {
  adminProductPage,
  allPhotoKeys,
  categoryExists,
  deleteDeletedImagesBefore,
  deletedImagesSince,
  deleteProductImage,
  deleteVariant,
  hasLiveVariant,
  insertDeletedImage,
  insertProduct,
  insertProductImageRows,
  insertVariant,
  liveVariantColor,
  liveVariantsOf,
  lockLiveVariant,
  lockProductRow,
  nextPhotoPosition,
  nextVariantPosition,
  photoKeysOf,
  productImage,
  productImagesOf,
  productName,
  productWithCategory,
  rememberWords,
  setImageColor,
  setPhotoPosition,
  productSlugTaken,
  takeDeletedImage,
  touchProduct,
  updateProduct,
  updateSearchKeywords,
  updateVariant,
  type ProductRow,
  type VariantRow,
} from './admin-queries.js';
import type { CatalogueChanges } from './changes.js';
import { dictionaryWords } from './search-terms.js';

// The back-office's product, variant and photo calls. Every change is one transaction that locks what it
// changes, writes its audit entry (before and after) and, once committed, publishes a change notice so the
// storefront's caches drop the product at once.

export const PRODUCT_NOT_FOUND = 'Product not found';
export const VARIANT_NOT_FOUND = 'Variant not found';

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'product'
  );
}

/**
 * A new variant's SKU: the product's slug, the colour and the size in capitals, and a short random tail
 * (SLUB-KURTA-RED-M-3F9A). The back-office's addVariant and the CSV import make them so.
 */
export function variantSku(productSlug: string, color: string, size: string): string {
  const code = (text: string, max = 12) => slugify(text).slice(0, max).replace(/-+$/, '').toUpperCase() || 'X';
  return `${code(productSlug, 16)}-${code(color)}-${code(size)}-${randomBytes(2).toString('hex').toUpperCase()}`;
}

/** A slug no other product has: the name's, or with a short random tail. */
export async function freeSlug(tx: Db, name: string): Promise<string> {
  const base = slugify(name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    if (!(await productSlugTaken(tx, slug))) return slug;
  }
  return `${base}-${randomBytes(6).toString('hex')}`;
}

/** A new product's columns (stock apart: `opening` in insertNewProduct). */
export interface NewProductFields {
  name: string;
  description: string;
  categoryId: string | null;
  pricePaise: number;
  discountPercent: number;
  status: ProductStatus;
  fabric: string;
  tags: string[];
  hsnCode?: string | null;
  /** Its own parcel (g, cm); null or omitted: its category's (issue 42). */
  packageWeightGrams?: number | null;
  packageLengthCm?: number | null;
  packageBreadthCm?: number | null;
  packageHeightCm?: number | null;
  /** A slug of its own (demo and test data); otherwise a free one made from the name. */
  slug?: string;
}

/**
 * The one way a product is made (the back-office's create, the CSV import, demo and test data): its row under a
 * free slug, created and updated `at`, then its opening stock through the inventory, so its stock ledger starts
 * with it. In the caller's transaction; the caller refreshes its search keywords (refreshKeywords: per product, or
 * once for a whole import) and writes its audit entry. Answers the row with its stock.
 */
export async function insertNewProduct(
  tx: Db,
  fields: NewProductFields,
  opening: { stock: number; meta: inventory.StockMeta },
  at: Date,
): Promise<ProductRow> {
  const row = await insertProduct(tx, {
    name: fields.name,
    slug: fields.slug ?? (await freeSlug(tx, fields.name)),
    description: fields.description,
    categoryId: fields.categoryId,
    pricePaise: fields.pricePaise,
    discountPercent: fields.discountPercent,
    status: fields.status,
    fabric: fields.fabric,
    tags: fields.tags,
    hsnCode: fields.hsnCode ?? null,
    packageWeightGrams: fields.packageWeightGrams ?? null,
    packageLengthCm: fields.packageLengthCm ?? null,
    packageBreadthCm: fields.packageBreadthCm ?? null,
    packageHeightCm: fields.packageHeightCm ?? null,
    createdAt: at,
  });
  await inventory.setOne(tx, { productId: row.id, variantId: null }, opening.stock, opening.meta);
  return { ...row, stock: opening.stock };
}

/** What the audit log keeps of a product. */
export const productSnapshot = (row: ProductRow) => ({
  productName: row.name,
  productDescription: row.description,
  productPrice: row.pricePaise,
  productDiscount: row.discountPercent,
  productStock: row.stock,
  category: row.categoryId,
  status: row.status,
  fabric: row.fabric,
  hsnCode: row.hsnCode,
  tags: row.tags,
  packageWeightGrams: row.packageWeightGrams,
  packageLengthCm: row.packageLengthCm,
  packageBreadthCm: row.packageBreadthCm,
  packageHeightCm: row.packageHeightCm,
});

/** What the audit log keeps of a variant (the CSV import's audit entries too). */
export const variantSnapshot = (row: VariantRow) => ({
  productId: row.productId,
  variantName: row.variantName,
  variantDescription: row.variantDescription,
  variantColor: row.variantColor,
  variantSize: row.variantSize,
  variantColorPrice: row.variantColorPricePaise,
  variantSizePrice: row.variantSizePricePaise,
  quantity: row.quantity,
  sku: row.sku,
  archived: row.archivedAt !== null,
});

/** Audits a product or variant change as its snapshots before and after, inside the change's transaction. */
const auditProduct = (tx: Db, actor: AuditActor, action: string, before: ProductRow, after: ProductRow, at: Date) =>
  recordAudit(
    tx,
    actor,
    { action, entity: 'product', entityId: before.id, before: productSnapshot(before), after: productSnapshot(after) },
    at,
  );

const auditVariant = (tx: Db, actor: AuditActor, action: string, before: VariantRow | null, after: VariantRow | null, at: Date) =>
  recordAudit(
    tx,
    actor,
    {
      action,
      entity: 'variant',
      entityId: (before ?? after)!.id,
      ...(before ? { before: variantSnapshot(before) } : {}),
      ...(after ? { after: variantSnapshot(after) } : {}),
    },
    at,
  );

/** An admin's stock edit, recorded in the stock ledger (inventory) in the edit's transaction. */
const adminEdit = (actor: AuditActor): inventory.StockMeta => ({ reason: 'admin_edit', actor: inventory.stockActor.admin(actor) });

const toAdminVariant = (row: VariantRow, lowStock: number): AdminVariant => ({
  _id: row.id,
  variantName: row.variantName,
  variantDescription: row.variantDescription,
  variantColor: row.variantColor,
  variantSize: row.variantSize,
  variantColorPrice: row.variantColorPricePaise,
  variantSizePrice: row.variantSizePricePaise,
  quantity: row.quantity,
  sku: row.sku,
  lowStock: row.quantity <= lowStock,
});

async function lockProduct(tx: Db, productId: string): Promise<ProductRow> {
  const row = await lockProductRow(tx, productId);
  if (!row) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  return row;
}

async function assertCategory(tx: Db, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  if (!(await categoryExists(tx, categoryId))) throw new AppError('NOT_FOUND', 'Category not found', { category: 'Category not found' });
}

/**
 * Recomputes the words a shopper may search the products by (category name, tags, fabric, live colours), and
 * adds new ones to the spelling dictionary. In the caller's transaction.
 */
export async function refreshKeywords(tx: Db, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const rows = await updateSearchKeywords(tx, productIds);
  await rememberWords(tx, dictionaryWords(...rows.flatMap((row) => [row.name, row.keywords])));
}

/** Applies a stock edit: absolute, or (with what the editor started from) as a change to the stock as it is now. */
function editedStock(current: number, wanted: number, previous: number | undefined): number {
  if (previous === undefined) return wanted;
  const result = current + (wanted - previous);
  if (result < 0) {
    throw new AppError('CONFLICT', `The stock changed while you were editing (now ${current}). Reload and try again.`);
  }
  return result;
}

/** One product as the product view shows it (spec §2.14): photos (linked under `photosBase`), live variants, both stocks. */
/** Photos deleted before this can no longer be restored. */
const undoSince = (at: Date) => new Date(at.getTime() - PHOTO_UNDO_HOURS * 3_600_000);

/** `lowStock`: the pieces at or under which a variant is flagged (the owner's threshold). */
export async function adminProductDetail(
  db: Db,
  productId: string,
  photosBase: string,
  at: Date,
  lowStock: number = LOW_STOCK_THRESHOLD,
): Promise<AdminProduct> {
  const found = await productWithCategory(db, productId);
  if (!found) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
  const { product, categoryName, categoryHsnCode, categoryPackage } = found;
  const [images, variantRows, deleted] = await Promise.all([
    productImagesOf(db, productId),
    liveVariantsOf(db, productId),
    deletedImagesSince(db, productId, undoSince(at)),
  ]);
  return {
    _id: product.id,
    productName: product.name,
    slug: product.slug,
    productDescription: product.description,
    productPrice: product.pricePaise,
    productDiscount: product.discountPercent,
    sellingPrice: applyDiscount(product.pricePaise, product.discountPercent),
    productStock: product.stock,
    availableStock: product.availableStock,
    status: product.status,
    category: product.categoryId ? { _id: product.categoryId, categoryName: categoryName ?? '' } : null,
    fabric: product.fabric,
    hsnCode: product.hsnCode,
    categoryHsnCode,
    packageWeightGrams: product.packageWeightGrams,
    packageLengthCm: product.packageLengthCm,
    packageBreadthCm: product.packageBreadthCm,
    packageHeightCm: product.packageHeightCm,
    categoryPackage,
    tags: product.tags,
    productImages: images.map((image) => ({
      _id: image.id,
      secure_url: publicMediaUrl(image.url, photosBase),
      public_id: image.storageKey,
      srcset: mediaSrcset(image.storageKey, 'webp', photosBase),
      width: image.width,
      height: image.height,
      alt: image.alt,
      variantColor: image.variantColor,
    })),
    deletedImages: deleted.map((image) => ({
      public_id: image.storageKey,
      secure_url: publicMediaUrl(image.url, photosBase),
      deletedAt: image.deletedAt.toISOString(),
    })),
    variants: variantRows.map((row) => toAdminVariant(row, lowStock)),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

export interface PhotoUpload {
  bytes: Buffer;
}

/** The back-office's writes to products, variants and photos. */
export function createAdminProductsService(
  db: Db,
  deps: {
    changes: CatalogueChanges;
    media: MediaStore;
    now: () => Date;
    onPhotosStored?: () => void;
    /** The owner's low-stock threshold, read at each list and detail (the dashboard's, reports/stock-threshold.ts). */
    stockThreshold?: StockThreshold;
  },
) {
  const { changes, media, now, onPhotosStored } = deps;
  const stockThreshold = deps.stockThreshold ?? defaultStockThreshold;
  const changed = (productId: string) => changes.publish([productId]);

  async function setPhotoOrder(actor: AuditActor, productId: string, order: readonly string[], action: 'photo.reorder' | 'photo.cover') {
    await db.transaction(async (tx) => {
      await lockProduct(tx, productId);
      const before = await photoKeysOf(tx, productId);
      if (order.length !== before.length || new Set(order).size !== order.length || !order.every((key) => before.includes(key))) {
        throw new AppError('INVALID_DATA', 'order must list every photo of the product once.', { order: 'must list every photo once' });
      }
      for (const [position, key] of order.entries()) await setPhotoPosition(tx, productId, key, position);
      await touchProduct(tx, productId, now());
      await recordAudit(tx, actor, { action, entity: 'photo', entityId: productId, before: { order: before }, after: { order } }, now());
    });
    changed(productId);
  }

  /**
   * A photo's colour as the product's live variants write it (matched without regard to case), or null for every
   * colour; any other colour is refused naming variantColor.
   */
  async function photoColor(tx: Db, productId: string, color: string | null | undefined): Promise<string | null> {
    const wanted = color?.trim();
    if (!wanted) return null;
    const match = await liveVariantColor(tx, productId, wanted);
    if (match === undefined) {
      const message = `variantColor must be one of this product's colours; it has no ${wanted} variant.`;
      throw new AppError('INVALID_DATA', message, { variantColor: message });
    }
    return match;
  }

  /** Forgets photos deleted more than PHOTO_UNDO_HOURS ago, and removes their files. */
  async function purgeDeletedPhotos(at: Date): Promise<void> {
    const gone = await deleteDeletedImagesBefore(db, undoSince(at));
    for (const photo of gone) await media.remove(photo.storageKey);
  }

  return {
    /** Gives every stored photo the renditions added to IMAGE_WIDTHS since it was uploaded; returns how many files were written. */
    async addMissingRenditions(): Promise<number> {
      return media.addMissingRenditions(await allPhotoKeys(db));
    },

    /** GET /api/admin/product/getAllProducts: any status; search by name, slug or SKU. */
    async list(query: AdminProductQuery): Promise<{ products: AdminProductRow[]; total: number; page: number; limit: number }> {
      const page = query.page ?? 1;
      const limit = ADMIN_PAGE_SIZE;
      const lowStock = await stockThreshold();
      const { rows, total } = await adminProductPage(
        db,
        { q: query.q, category: query.category, status: query.status },
        { sort: query.sort ?? 'newest', limit, offset: (page - 1) * limit, lowStock },
      );
      return {
        products: rows.map((row) => ({
          _id: row.id,
          productName: row.name,
          slug: row.slug,
          category: row.category_id ? { _id: row.category_id, categoryName: row.category_name ?? '' } : null,
          productPrice: Number(row.price_paise),
          productDiscount: Number(row.discount_percent),
          sellingPrice: Number(row.selling_price_paise),
          productStock: Number(row.stock),
          availableStock: Number(row.available_stock),
          variantCount: Number(row.variant_count),
          lowStock: Number(row.variant_count) > 0 ? Number(row.low_variants) > 0 : Number(row.stock) <= lowStock,
          status: row.status,
          image: row.storage_key ? { public_id: row.storage_key, secure_url: publicMediaUrl(row.url ?? '', media.baseUrl) } : null,
          updatedAt: new Date(row.updated_at).toISOString(),
        })),
        total,
        page,
        limit,
      };
    },

    detail: async (productId: string) => adminProductDetail(db, productId, media.baseUrl, now(), await stockThreshold()),

    /** POST /api/admin/product/createProduct: a draft unless a status is given. */
    async create(actor: AuditActor, input: CreateProductInput): Promise<string> {
      const productId = await db.transaction(async (tx) => {
        await assertCategory(tx, input.category);
        const at = now();
        const created = await insertNewProduct(
          tx,
          {
            name: input.productName,
            description: input.productDescription,
            categoryId: input.category ?? null,
            pricePaise: input.productPrice,
            discountPercent: input.productDiscount,
            status: input.status ?? 'draft',
            fabric: input.fabric ?? '',
            hsnCode: input.hsnCode ?? null,
            tags: input.tags ?? [],
            packageWeightGrams: input.packageWeightGrams ?? null,
            packageLengthCm: input.packageLengthCm ?? null,
            packageBreadthCm: input.packageBreadthCm ?? null,
            packageHeightCm: input.packageHeightCm ?? null,
          },
          { stock: input.productStock, meta: adminEdit(actor) },
          at,
        );
        await refreshKeywords(tx, [created.id]);
        await recordAudit(
          tx,
          actor,
          { action: 'product.create', entity: 'product', entityId: created.id, after: productSnapshot(created) },
          at,
        );
        return created.id;
      });
      changed(productId);
      return productId;
    },

    /** PUT /api/admin/product/updateProduct/{productId}: every field is saved (stock as a change when `previousStock` is sent). */
    async update(actor: AuditActor, productId: string, input: UpdateProductInput): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockProduct(tx, productId);
        await assertCategory(tx, input.category);
        const at = now();
        await inventory.setOne(
          tx,
          { productId, variantId: null },
          editedStock(before.stock, input.productStock, input.previousStock),
          adminEdit(actor),
        );
        const after = await updateProduct(tx, productId, {
          name: input.productName,
          description: input.productDescription,
          pricePaise: input.productPrice,
          discountPercent: input.productDiscount,
          ...(input.category !== undefined ? { categoryId: input.category } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(input.fabric !== undefined ? { fabric: input.fabric } : {}),
          ...(input.hsnCode !== undefined ? { hsnCode: input.hsnCode } : {}),
          ...(input.tags ? { tags: input.tags } : {}),
          ...(input.packageWeightGrams !== undefined ? { packageWeightGrams: input.packageWeightGrams } : {}),
          ...(input.packageLengthCm !== undefined ? { packageLengthCm: input.packageLengthCm } : {}),
          ...(input.packageBreadthCm !== undefined ? { packageBreadthCm: input.packageBreadthCm } : {}),
          ...(input.packageHeightCm !== undefined ? { packageHeightCm: input.packageHeightCm } : {}),
          updatedAt: at,
        });
        await refreshKeywords(tx, [productId]);
        await auditProduct(tx, actor, 'product.update', before, after!, at);
      });
      changed(productId);
    },

    /** Takes a product off the storefront, keeping it and its history; archiving again changes nothing. */
    async archive(actor: AuditActor, productId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockProduct(tx, productId);
        if (before.status === 'archived') return;
        const at = now();
        const after = await updateProduct(tx, productId, { status: 'archived', updatedAt: at });
        await auditProduct(tx, actor, 'product.archive', before, after!, at);
      });
      changed(productId);
    },

    /** POST /api/admin/product/addVariant (spec §3 payload); who added it is the session's admin, never the body's. */
    async addVariant(actor: AuditActor, input: AddVariantInput): Promise<string> {
      const details = addVariantSchema.parse(input);
      const variantId = await db.transaction(async (tx) => {
        const product = await lockProduct(tx, details.product);
        if (await hasLiveVariant(tx, product.id, details.variantColor, details.variantSize)) {
          throw new AppError('CONFLICT', `This product already has a ${details.variantColor} ${details.variantSize} variant.`);
        }
        const row = await insertVariant(tx, {
          productId: product.id,
          variantName: details.variantName,
          variantDescription: details.variantDescription,
          variantColor: details.variantColor,
          variantSize: details.variantSize,
          variantColorPricePaise: details.variantColorPrice,
          variantSizePricePaise: details.variantSizePrice,
          sku: variantSku(product.slug, details.variantColor, details.variantSize),
          position: await nextVariantPosition(tx, product.id),
          createdAt: now(),
        });
        // The opening quantity through the inventory, so the variant's ledger starts with it.
        await inventory.setOne(tx, { productId: product.id, variantId: row.id }, details.quantity, adminEdit(actor));
        await touchProduct(tx, product.id, now());
        await refreshKeywords(tx, [product.id]);
        await auditVariant(tx, actor, 'variant.create', null, { ...row, quantity: details.quantity }, now());
        return row.id;
      });
      changed(details.product);
      return variantId;
    },

    /** Edits a variant's quantity and prices in place (quantity as a change when `previousQuantity` is sent). */
    async updateVariant(actor: AuditActor, input: UpdateVariantInput): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockLiveVariant(tx, input.productId, input.variantId);
        if (!before) throw new AppError('NOT_FOUND', VARIANT_NOT_FOUND);
        await inventory.setOne(
          tx,
          { productId: before.productId, variantId: before.id },
          editedStock(before.quantity, input.quantity, input.previousQuantity),
          adminEdit(actor),
        );
        const after = await updateVariant(tx, before.id, {
          variantColorPricePaise: input.variantColorPrice,
          variantSizePricePaise: input.variantSizePrice,
        });
        await touchProduct(tx, input.productId, now());
        await auditVariant(tx, actor, 'variant.update', before, after, now());
      });
      changed(input.productId);
    },

    /**
     * DELETE /api/admin/product/removeVariant: a variant nobody ordered is deleted; one with orders is archived
     * (no stock, out of the storefront) so order history keeps pointing at it.
     */
    async removeVariant(actor: AuditActor, input: { productId: string; variantId: string }): Promise<'deleted' | 'archived'> {
      const outcome = await db.transaction(async (tx) => {
        const before = await lockLiveVariant(tx, input.productId, input.variantId);
        if (!before) throw new AppError('NOT_FOUND', VARIANT_NOT_FOUND);
        const ordered = await variantWasOrdered(tx, before.id);
        const at = now();
        if (ordered) {
          await inventory.setOne(tx, { productId: before.productId, variantId: before.id }, 0, adminEdit(actor));
          const after = await updateVariant(tx, before.id, { archivedAt: at });
          await auditVariant(tx, actor, 'variant.archive', before, after, at);
        } else {
          await deleteVariant(tx, before.id);
          await auditVariant(tx, actor, 'variant.delete', before, null, at);
        }
        await touchProduct(tx, input.productId, at);
        await refreshKeywords(tx, [input.productId]);
        return ordered ? ('archived' as const) : ('deleted' as const);
      });
      changed(input.productId);
      return outcome;
    },

    /**
     * POST /api/admin/product/addProductPhotos/{productId}: every file is checked by content first (JPEG, PNG,
     * WebP or AVIF, at most 10 MB), so one bad file stores nothing; then each is stored in the catalogue's WebP
     * widths and added after the product's photos. A photo the product already has is not added twice.
     * With `variantColor` (one of the product's live variant colours) the new photos show that colour.
     */
    async addPhotos(actor: AuditActor, productId: string, files: readonly Buffer[], variantColor?: string | null): Promise<number> {
      const name = await productName(db, productId);
      if (name === undefined) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
      const color = await photoColor(db, productId, variantColor);
      for (const bytes of files) await media.inspectImage(bytes);
      const known = new Set(await photoKeysOf(db, productId));
      const stored: StoredImage[] = [];
      try {
        for (const bytes of files) stored.push(await media.saveImage(bytes, productId));
      } catch (error) {
        // One that does not decode (INVALID_DATA), or no decode slot free: the new files stored before it go.
        await Promise.all(stored.filter((image) => !known.has(image.key)).map((image) => media.remove(image.key)));
        throw error;
      }
      const fresh = stored.filter(
        (image, index) => !known.has(image.key) && stored.findIndex((other) => other.key === image.key) === index,
      );
      try {
        await db.transaction(async (tx) => {
          await lockProduct(tx, productId);
          const position = await nextPhotoPosition(tx, productId);
          if (fresh.length === 0) return;
          const rows = await insertProductImageRows(
            tx,
            fresh.map((image, index) => ({
              productId,
              storageKey: image.key,
              url: image.url,
              width: image.width,
              height: image.height,
              // Shoppers' screen readers say the product's name; a better description can come later.
              alt: name,
              variantColor: color,
              position: position + index,
              createdAt: now(),
            })),
          );
          await touchProduct(tx, productId, now());
          for (const row of rows) {
            await recordAudit(
              tx,
              actor,
              {
                action: 'photo.add',
                entity: 'photo',
                entityId: productId,
                after: { public_id: row.storageKey, secure_url: row.url, position: row.position, variantColor: row.variantColor },
              },
              now(),
            );
          }
        });
      } catch (error) {
        // Nothing was recorded: the files written for it go too.
        await Promise.all(fresh.map((image) => media.remove(image.key)));
        throw error;
      }
      changed(productId);
      // The AVIF renditions are made in the background (photo-encoder.ts).
      if (fresh.length > 0) onPhotosStored?.();
      return fresh.length;
    },

    /** DELETE /api/admin/product/deleteProductPhotos: the row in the transaction, the files once it committed. */
    /**
     * Takes a photo off the product. Its row and files are kept for PHOTO_UNDO_HOURS so the delete can be undone
     * (restorePhoto, back where it stood); photos deleted longer ago than that are purged, files and all, on the way.
     */
    async deletePhoto(actor: AuditActor, input: { productId: string; public_id: string }): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        await lockProduct(tx, input.productId);
        const before = await photoKeysOf(tx, input.productId);
        const row = await deleteProductImage(tx, input.productId, input.public_id);
        if (!row) throw new AppError('NOT_FOUND', 'Photo not found');
        // Its place among the photos (stored positions need not run 0…n-1), for an undo.
        await insertDeletedImage(tx, { ...row, position: before.indexOf(row.storageKey), deletedAt: at });
        await touchProduct(tx, input.productId, at);
        await recordAudit(
          tx,
          actor,
          {
            action: 'photo.delete',
            entity: 'photo',
            entityId: input.productId,
            before: { public_id: row.storageKey, secure_url: row.url, position: row.position },
          },
          at,
        );
      });
      changed(input.productId);
      await purgeDeletedPhotos(at);
    },

    /** Undoes a photo's delete within PHOTO_UNDO_HOURS: the same photo, back at its place among the others. */
    async restorePhoto(actor: AuditActor, input: { productId: string; public_id: string }): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        await lockProduct(tx, input.productId);
        const row = await takeDeletedImage(tx, input.productId, input.public_id, undoSince(at));
        if (!row) throw new AppError('NOT_FOUND', 'This photo can no longer be restored.');
        const order = await photoKeysOf(tx, input.productId);
        order.splice(Math.min(row.position, order.length), 0, row.storageKey);
        const { deletedAt: _deletedAt, ...photo } = row;
        await insertProductImageRows(tx, [{ ...photo, position: order.indexOf(row.storageKey) }]);
        for (const [position, key] of order.entries()) await setPhotoPosition(tx, input.productId, key, position);
        await touchProduct(tx, input.productId, at);
        await recordAudit(
          tx,
          actor,
          { action: 'photo.restore', entity: 'photo', entityId: input.productId, after: { public_id: row.storageKey, order } },
          at,
        );
      });
      changed(input.productId);
    },

    /** POST /api/admin/product/setPhotoColor: the photo shows that colour (one of the product's live ones), or every colour (null). */
    async setPhotoColor(actor: AuditActor, input: { productId: string; imageId: string; variantColor: string | null }): Promise<void> {
      const at = now();
      await db.transaction(async (tx) => {
        await lockProduct(tx, input.productId);
        const row = await productImage(tx, input.productId, input.imageId);
        if (!row) throw new AppError('NOT_FOUND', 'Photo not found');
        const color = await photoColor(tx, input.productId, input.variantColor);
        await setImageColor(tx, row.id, color);
        await touchProduct(tx, input.productId, at);
        await recordAudit(
          tx,
          actor,
          {
            action: 'photo.color',
            entity: 'photo',
            entityId: input.productId,
            before: { public_id: row.storageKey, variantColor: row.variantColor },
            after: { public_id: row.storageKey, variantColor: color },
          },
          at,
        );
      });
      changed(input.productId);
    },

    reorderPhotos: (actor: AuditActor, productId: string, order: readonly string[]) =>
      setPhotoOrder(actor, productId, order, 'photo.reorder'),

    /** The cover is the first photo: the chosen one moves to the front, the others keep their order. */
    async setCover(actor: AuditActor, productId: string, publicId: string): Promise<void> {
      const keys = await photoKeysOf(db, productId);
      if (!keys.includes(publicId)) throw new AppError('NOT_FOUND', 'Photo not found');
      await setPhotoOrder(actor, productId, [publicId, ...keys.filter((key) => key !== publicId)], 'photo.cover');
    },
  };
}

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;
