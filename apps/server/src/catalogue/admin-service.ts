import type { Db } from '../db/database.js';
import * as inventory from '../inventory/service.js';
import type { StoredImage } from '../media/store.js';
import { insertNewProduct, refreshKeywords } from './admin-products.js';
import { insertCategory, insertProductImages, insertVariants, rememberWords } from './admin-queries.js';
import type { CatalogueChanges } from './changes.js';
import { dictionaryWords } from './search-terms.js';

// Writes to the catalogue (demo seed, tests, the back-office). Each write publishes a change notice so
// every cached storefront answer about it is dropped.

export interface NewCategory {
  name: string;
  slug: string;
  style: 'traditional' | 'modern';
  hsnCode: string;
  parentId?: string | null;
  description?: string;
  position?: number;
}

export interface NewVariant {
  variantName: string;
  variantColor: string;
  variantSize: string;
  variantColorPrice?: number;
  variantSizePrice?: number;
  variantDescription?: string;
  quantity: number;
  sku: string;
}

export interface NewProduct {
  name: string;
  slug: string;
  description: string;
  categoryId: string | null;
  pricePaise: number;
  discountPercent?: number;
  fabric?: string;
  /** The product's own HSN where its category's does not fit; null: the category's. */
  hsnCode?: string | null;
  tags?: string[];
  status?: 'draft' | 'active' | 'archived';
  stock?: number;
  variants?: NewVariant[];
  images?: Array<StoredImage & { alt: string; variantColor?: string | null }>;
  createdAt?: Date;
}

export async function createCategory(db: Db, input: NewCategory): Promise<string> {
  const { id } = await insertCategory(db, {
    name: input.name,
    slug: input.slug,
    style: input.style,
    hsnCode: input.hsnCode,
    parentId: input.parentId ?? null,
    description: input.description ?? '',
    position: input.position ?? 0,
  });
  await rememberWords(db, dictionaryWords(input.name));
  return id;
}

/** Demo and test data's stock, set by the system. */
const SEED_STOCK: inventory.StockMeta = { reason: 'seed', actor: inventory.stockActor.system };

/** A product with its variants and photos, in one transaction, made as the back-office makes one (insertNewProduct). */
export async function createProduct(db: Db, input: NewProduct): Promise<string> {
  return db.transaction(async (tx) => {
    const { id: productId } = await insertNewProduct(
      tx,
      {
        name: input.name,
        slug: input.slug,
        description: input.description,
        categoryId: input.categoryId,
        pricePaise: input.pricePaise,
        discountPercent: input.discountPercent ?? 0,
        fabric: input.fabric ?? '',
        hsnCode: input.hsnCode ?? null,
        tags: input.tags ?? [],
        status: input.status ?? 'active',
      },
      { stock: input.stock ?? 0, meta: SEED_STOCK },
      input.createdAt ?? new Date(),
    );
    const opening: inventory.StockSet[] = [];
    if (input.variants?.length) {
      const inserted = await insertVariants(
        tx,
        input.variants.map((variant, position) => ({
          productId,
          variantName: variant.variantName,
          variantColor: variant.variantColor,
          variantSize: variant.variantSize,
          variantColorPricePaise: variant.variantColorPrice ?? 0,
          variantSizePricePaise: variant.variantSizePrice ?? 0,
          variantDescription: variant.variantDescription ?? '',
          sku: variant.sku,
          position,
        })),
      );
      const quantities = new Map(input.variants.map((variant) => [variant.sku, variant.quantity]));
      for (const variant of inserted) opening.push({ productId, variantId: variant.id, quantity: quantities.get(variant.sku ?? '') ?? 0 });
    }
    // The variants' opening stock through the inventory too, so every shelf's ledger starts with it.
    await inventory.set(
      tx,
      opening.filter((shelf) => shelf.quantity > 0),
      SEED_STOCK,
    );
    if (input.images?.length) {
      await insertProductImages(
        tx,
        input.images.map((image, position) => ({
          productId,
          storageKey: image.key,
          url: image.url,
          width: image.width,
          height: image.height,
          alt: image.alt,
          variantColor: image.variantColor ?? null,
          position,
        })),
      );
    }
    // Its search words (category, tags, fabric, colours) as every other write of a product makes them.
    await refreshKeywords(tx, [productId]);
    return productId;
  });
}

/** The catalogue's writes, each followed by a change notice. */
export function createCatalogueAdminService(db: Db, changes: CatalogueChanges) {
  return {
    async createCategory(input: NewCategory): Promise<string> {
      const id = await createCategory(db, input);
      changes.publish();
      return id;
    },
    async createProduct(input: NewProduct): Promise<string> {
      const id = await createProduct(db, input);
      changes.publish([id]);
      return id;
    },
    /** After a bulk load that wrote without notices. */
    announceChange: (productIds?: readonly string[]) => changes.publish(productIds),
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
