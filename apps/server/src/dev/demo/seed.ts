import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { StoredImage } from '../../media/store.js';
import type { Services } from '../../services.js';
import { dictionaryWords } from '../../catalogue/search-terms.js';
import type { NewProduct } from '../../catalogue/admin-service.js';
import { categories, products, searchWords, variants } from '../../catalogue/tables.js';
import {
  DEMO_CATEGORIES,
  DEMO_PRODUCTS,
  demoCreatedAt,
  demoVariants,
  slugify,
  type DemoCategorySlug,
  type DemoProduct,
} from './demo-catalogue.js';
import { hashText, renderGarment, seededRandom, type ArtView } from './garment-art.js';

export type SeedLog = (message: string) => void;
type SeedServices = Pick<Services, 'catalogue' | 'catalogueAdmin' | 'media'>;

/** Images rendered at once: sharp itself uses threads, so a few tasks keep 2 cores busy without piling up memory. */
const RENDER_CONCURRENCY = 4;
const MEDIA_FOLDER = 'products';

/** Runs `task` over `items` with at most `limit` running at once; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The demo categories, created when missing (a seed that stopped half-way leaves them behind); ids by slug. */
export async function ensureCategories({ catalogue, catalogueAdmin }: SeedServices): Promise<Map<DemoCategorySlug, string>> {
  const existing = new Map((await catalogue.listCategories()).map((category) => [category.slug, category._id]));
  const ids = new Map<DemoCategorySlug, string>();
  for (const [position, category] of DEMO_CATEGORIES.entries()) {
    const id =
      existing.get(category.slug) ??
      (await catalogueAdmin.createCategory({
        name: category.name,
        slug: category.slug,
        style: category.style,
        hsnCode: category.hsnCode,
        description: category.description,
        position,
      }));
    ids.set(category.slug, id);
  }
  return ids;
}

interface ImageJob {
  product: DemoProduct;
  color: string;
  view: ArtView;
}

/**
 * Loads the demo catalogue (categories, products, variants, generated photos) into an empty catalogue.
 * Returns null and changes nothing when any product exists, so it is safe on every start.
 */
export async function seedDemoCatalogue(
  services: SeedServices,
  log: SeedLog = () => {},
  /** `photos: false` loads the products without their pictures (tests that only read listings: ~20 s less of a core). */
  options: { closeUps?: boolean; photos?: boolean } = {},
): Promise<{ categories: number; products: number } | null> {
  if ((await services.catalogue.countProducts()) > 0) return null;
  const started = Date.now();
  const categoryIds = await ensureCategories(services);

  // A front view for every colour; close-ups of the fabric only on request, because every picture costs
  // three WebP encodes in the media store and the seed runs during the first start.
  const jobs: ImageJob[] = (options.photos === false ? [] : DEMO_PRODUCTS).flatMap((product) =>
    product.colors.flatMap((color, index): ImageJob[] => [
      { product, color: color.name, view: 'front' },
      ...(options.closeUps && index === 0 ? [{ product, color: color.name, view: 'detail' as const }] : []),
    ]),
  );
  const stored = await mapLimit(jobs, RENDER_CONCURRENCY, async (job) => {
    const bytes = await renderGarment(slugify(job.product.name), job.color, job.product.art, job.view);
    return services.media.saveImage(bytes, MEDIA_FOLDER);
  });
  const imagesOf = new Map<DemoProduct, Array<StoredImage & { alt: string; variantColor: string }>>();
  jobs.forEach((job, index) => {
    const list = imagesOf.get(job.product) ?? [];
    list.push({
      ...stored[index]!,
      alt: `${job.product.name} in ${job.color}${job.view === 'detail' ? ', detail' : ''}`,
      variantColor: job.color,
    });
    imagesOf.set(job.product, list);
  });
  log(`demo catalogue: ${jobs.length} photos rendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const now = new Date();
  for (const [index, product] of DEMO_PRODUCTS.entries()) {
    const input: NewProduct = {
      name: product.name,
      slug: slugify(product.name),
      description: product.description,
      categoryId: categoryIds.get(product.category) ?? null,
      pricePaise: product.pricePaise,
      discountPercent: product.discountPercent,
      fabric: product.fabric,
      hsnCode: product.hsnCode ?? null,
      tags: product.tags,
      status: product.status ?? 'active',
      variants: demoVariants(product),
      images: imagesOf.get(product) ?? [],
      createdAt: demoCreatedAt(index, now),
    };
    await services.catalogueAdmin.createProduct(input);
  }
  log(
    `demo catalogue: ${DEMO_CATEGORIES.length} categories and ${DEMO_PRODUCTS.length} products loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { categories: DEMO_CATEGORIES.length, products: DEMO_PRODUCTS.length };
}

// ── a large catalogue for benchmarks ──────────────────────────────────────────────────────────────────

const LARGE_BATCH = 500;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

const FABRICS = [
  'Cotton',
  'Silk',
  'Georgette',
  'Chiffon',
  'Rayon',
  'Linen',
  'Chanderi',
  'Crepe',
  'Organza',
  'Khadi',
  'Muslin',
  'Velvet',
  'Satin',
  'Net',
];
const WORKS = [
  'Zari',
  'Chikankari',
  'Block Print',
  'Bandhani',
  'Mirror Work',
  'Embroidered',
  'Printed',
  'Handloom',
  'Gota Patti',
  'Ikat',
  'Kalamkari',
  'Floral',
  'Striped',
  'Sequinned',
  'Leheriya',
  'Ajrakh',
];
const GARMENTS: Record<DemoCategorySlug, string[]> = {
  sarees: ['Saree', 'Silk Saree', 'Party Saree'],
  kurtis: ['Kurti', 'A-line Kurti', 'Straight Kurti', 'Anarkali Kurti'],
  lehengas: ['Lehenga', 'Lehenga Choli', 'Chaniya Choli'],
  'salwar-suits': ['Salwar Suit', 'Anarkali Suit', 'Sharara Suit', 'Patiala Suit'],
  dupattas: ['Dupatta', 'Stole'],
  dresses: ['Maxi Dress', 'Midi Dress', 'Shirt Dress', 'Wrap Dress'],
  tops: ['Top', 'Blouse', 'Shirt', 'Tunic'],
  bottoms: ['Palazzo', 'Trousers', 'Dhoti Pants', 'Sharara Pants'],
  'co-ord-sets': ['Co-ord Set', 'Shirt and Pant Set', 'Crop Top Set'],
  accessories: ['Jhumkas', 'Potli Bag', 'Bangles Set', 'Clutch'],
};
const LARGE_COLOURS = [
  'Maroon',
  'Mustard',
  'Emerald',
  'Ivory',
  'Navy',
  'Rani Pink',
  'Black',
  'Teal',
  'Peach',
  'Red',
  'Blue',
  'Green',
  'White',
  'Wine',
  'Lavender',
];
const GARMENT_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const TAGS = ['festive', 'office', 'wedding', 'casual', 'party', 'summer', 'handloom', 'zari', 'daily wear', 'navratri'];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/**
 * Inserts `products` generated products (with 2–4 variants each, no photos) for benchmarks, in batches
 * straight through drizzle: createProduct's one transaction per product would take far too long at 20,000.
 * Photo rows are left out on purpose: storage keys are unique per file, and the storefront shows a
 * placeholder for a product without photos.
 */
export async function seedLargeCatalogue(
  services: SeedServices & { db: Db },
  options: { products: number; log?: SeedLog },
): Promise<{ products: number; variants: number }> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const categoryIds = await ensureCategories(services);
  const categoryNames = new Map(DEMO_CATEGORIES.map((category) => [category.slug, category.name]));
  const slugs = DEMO_CATEGORIES.map((category) => category.slug);
  // A run number in slugs and SKUs lets a second run add more products instead of colliding with the first.
  const run = (hashText(String(started)) % 46_656).toString(36).padStart(3, '0');
  // The same count always generates the same products; only the run number in slugs and SKUs differs.
  const random = seededRandom(hashText(`large:${options.products}`));
  const words = new Set<string>();
  let variantCount = 0;

  for (let offset = 0; offset < options.products; offset += LARGE_BATCH) {
    const count = Math.min(LARGE_BATCH, options.products - offset);
    const productRows: Array<typeof products.$inferInsert> = [];
    const variantSpecs: Array<Array<Omit<typeof variants.$inferInsert, 'productId'>>> = [];
    for (let i = 0; i < count; i++) {
      const number = offset + i + 1;
      const slug = pick(random, slugs);
      const fabric = pick(random, FABRICS);
      const work = pick(random, WORKS);
      const name = `${work} ${fabric} ${pick(random, GARMENTS[slug])}`;
      const freeSize = slug === 'sarees' || slug === 'dupattas' || slug === 'accessories';
      // Distinct colours (two or three), so even a free-size product has at least two variants.
      const first = Math.floor(random() * LARGE_COLOURS.length);
      const colours = [0, 1 + Math.floor(random() * 4), 5 + Math.floor(random() * 4)]
        .slice(0, freeSize ? 3 : 2)
        .map((step) => LARGE_COLOURS[(first + step) % LARGE_COLOURS.length]!);
      const tags = [...new Set([pick(random, TAGS), pick(random, TAGS)])];
      // 2 to 4 consecutive combinations of colour × size.
      const combos = colours.flatMap((colour) => (freeSize ? ['Free size'] : GARMENT_SIZES).map((size) => ({ colour, size })));
      const variantTotal = Math.min(combos.length, 2 + Math.floor(random() * 3));
      const start = Math.floor(random() * Math.max(1, combos.length - variantTotal + 1));
      const chosen = combos.slice(start, start + variantTotal);
      const keywords = [categoryNames.get(slug) ?? '', ...tags, fabric, ...new Set(chosen.map((combo) => combo.colour))].join(' ');
      for (const word of dictionaryWords(name, keywords)) words.add(word);
      productRows.push({
        name,
        slug: `${slugify(name)}-${run}-${number}`,
        description: `${name} in ${fabric.toLowerCase()} with ${work.toLowerCase()} detailing. Ideal for ${tags.join(' and ')} wear.`,
        categoryId: categoryIds.get(slug) ?? null,
        pricePaise: (299 + Math.floor(random() * 87) * 100) * 100,
        discountPercent: random() < 0.2 ? 0 : Math.floor(random() * 61),
        fabric,
        tags,
        status: random() < 0.02 ? 'draft' : 'active',
        searchKeywords: keywords,
        createdAt: new Date(started - Math.floor(random() * YEAR_MS)),
      });
      variantSpecs.push(
        chosen.map((combo, position) => ({
          variantName: `${combo.colour} / ${combo.size}`,
          variantColor: combo.colour,
          variantSize: combo.size,
          variantSizePricePaise: combo.size === 'XXL' ? 20_000 : combo.size === 'XL' ? 10_000 : 0,
          quantity: random() < 0.15 ? 0 : Math.floor(random() * 26),
          sku: `LG${run}-${number}-${position + 1}`.toUpperCase(),
          position,
        })),
      );
    }
    await services.db.transaction(async (tx) => {
      const inserted = await tx.insert(products).values(productRows).returning({ id: products.id });
      const variantRows = inserted.flatMap((row, index) =>
        (variantSpecs[index] ?? []).map((variant) => ({ ...variant, productId: row.id })),
      );
      variantCount += variantRows.length;
      await tx.insert(variants).values(variantRows);
    });
    if ((offset / LARGE_BATCH) % 10 === 9) log(`large catalogue: ${offset + count} of ${options.products} products`);
  }
  const dictionary = [...words];
  for (let offset = 0; offset < dictionary.length; offset += 1_000) {
    await services.db
      .insert(searchWords)
      .values(dictionary.slice(offset, offset + 1_000).map((word) => ({ word })))
      .onConflictDoNothing();
  }
  // Fresh planner statistics: the benchmark should measure the indexes, not a stale row estimate.
  for (const table of [products, variants, categories]) await services.db.execute(sql`analyze ${table}`);
  services.catalogueAdmin.announceChange();
  log(`large catalogue: ${options.products} products, ${variantCount} variants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { products: options.products, variants: variantCount };
}
