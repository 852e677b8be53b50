import {
  AppError,
  CATALOGUE_CSV_COLUMNS,
  PACKAGE_LIMITS,
  MAX_PRICE_PAISE,
  csvRow,
  MAX_STOCK,
  PRODUCT_STATUSES,
  importedStock,
  paiseToDecimal,
  parseRupees,
  plainText,
  readCsvCell,
  type CsvImportResult,
  type CsvImportRow,
} from '@shop/core';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import * as inventory from '../inventory/service.js';
import {
  insertNewProduct,
  productSnapshot,
  refreshKeywords,
  variantSku,
  variantSnapshot,
  type NewProductFields,
} from './admin-products.js';
import {
  allLiveVariants,
  categoryIdsBySlug,
  insertVariant,
  liveVariantIdsOf,
  lockLiveVariantRows,
  lockProductRows,
  lockRowsInIdOrder,
  nextVariantPosition,
  productsWithCategorySlug,
  skuTaken,
  updateProduct,
  updateVariant,
  variantsBySku,
  type ProductRow,
  type VariantRow,
} from './admin-queries.js';
import type { CatalogueChanges } from './changes.js';

// The catalogue as a CSV file for spreadsheets: export, and an import that checks every row first and writes
// nothing unless all are right. Prices are rupees with two decimals here, the one place people type them.
// Rows (issue 26): a product with variants has a row per live variant (the product's columns repeated, then the
// variant's SKU, colour, size and extra prices, its stock in `stock`); a product without variants has one row with
// the variant columns empty. The import takes the rows of one product together (by id; rows without an id and
// with the same name are one new product): a row with a variant_sku changes that variant, a row with
// variant_color and variant_size but no SKU adds a variant (its SKU made as addVariant makes it), and a variant the
// file does not mention stays as it is (an import never removes one).
// Stock: the export writes it twice (`stock` and `exported_stock`); the import changes a shelf's stock (a
// variant's, or a product's own) only where the file changed it and only onto the stock it was exported from
// (importedStock in @shop/core). A file without `exported_stock` (made by hand, or exported before the column
// existed) sets stock as it says, and each such row is reported as 'overwritten'.

export const MAX_IMPORT_ROWS = 5_000;
const REQUIRED_COLUMNS = ['id', 'name', 'description', 'category_slug', 'price_rupees', 'discount_percent', 'stock', 'status'] as const;

const whole = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value <= max, `${name} must be at most ${max}`);

/** A cell of rupees in paise, read by parseRupees as the back-office's price fields read it, at most MAX_PRICE_PAISE. */
function cellPaise(value: string, context: z.RefinementCtx, name: string, example: string): number {
  const paise = parseRupees(value);
  if (paise === null) context.addIssue({ code: 'custom', message: `${name} must be an amount in rupees like ${example}` });
  else if (paise > MAX_PRICE_PAISE) context.addIssue({ code: 'custom', message: `${name} is too large` });
  return paise ?? 0;
}

/** A variant's extra price in rupees; empty: unchanged (0 for a new variant). */
const extraPrice = (name: string) =>
  z
    .string()
    .transform((value, context) => (value === '' ? null : cellPaise(value, context, name, '150 or 150.50, or empty')))
    .default(null);

/**
 * A parcel column (issue 42): whole grams or centimetres; empty: the category's default (null); a file without the
 * column (exported before it existed) leaves the product's as it is (undefined).
 */
const packageCell = (column: string, max: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return undefined;
      if (value === '') return null;
      const number = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(number >= 1 && number <= max)) {
        context.addIssue({ code: 'custom', message: `${column} must be a whole number from 1 to ${max}, or empty for the category's` });
      }
      return number;
    });

const rowSchema = z.object({
  id: z.union([z.literal(''), z.uuid('id must be a product id from an export, or empty for a new product')]),
  name: plainText().min(1, 'name is required').max(120, 'name: at most 120 characters'),
  description: plainText({ multiline: true }).max(5000, 'description: at most 5000 characters'),
  category_slug: plainText().max(80),
  price_rupees: z.string().transform((value, context) => cellPaise(value, context, 'price_rupees', '1499 or 1499.50')),
  discount_percent: whole('discount_percent', 90),
  stock: whole('stock', MAX_STOCK),
  exported_stock: z
    .string()
    .regex(/^\d*$/, 'exported_stock must be a whole number, or empty')
    .transform((value) => (value === '' ? null : Number(value)))
    .refine((value) => value === null || value <= MAX_STOCK, `exported_stock must be at most ${MAX_STOCK}`)
    .default(null),
  status: z.enum(PRODUCT_STATUSES, { message: 'status must be draft, active or archived' }),
  fabric: plainText().max(60, 'fabric: at most 60 characters').default(''),
  tags: plainText()
    .max(400)
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  variant_sku: plainText().max(60, 'variant_sku: at most 60 characters').default(''),
  variant_color: plainText().max(40, 'variant_color: at most 40 characters').default(''),
  variant_size: plainText().max(20, 'variant_size: at most 20 characters').default(''),
  variant_color_price: extraPrice('variant_color_price'),
  variant_size_price: extraPrice('variant_size_price'),
  package_weight_grams: packageCell('package_weight_grams', PACKAGE_LIMITS.weightGrams),
  package_length_cm: packageCell('package_length_cm', PACKAGE_LIMITS.sideCm),
  package_breadth_cm: packageCell('package_breadth_cm', PACKAGE_LIMITS.sideCm),
  package_height_cm: packageCell('package_height_cm', PACKAGE_LIMITS.sideCm),
});
type Row = z.infer<typeof rowSchema>;
interface Line {
  line: number;
  row: Row;
}

/** The columns of the product itself, which every row of one product repeats alike. */
const PRODUCT_COLUMNS = [
  'name',
  'description',
  'category_slug',
  'price_rupees',
  'discount_percent',
  'status',
  'fabric',
  'tags',
  'package_weight_grams',
  'package_length_cm',
  'package_breadth_cm',
  'package_height_cm',
] as const;

/** A variant's row (any variant column filled), not the product's own. */
const isVariantRow = (row: Row) =>
  row.variant_sku !== '' ||
  row.variant_color !== '' ||
  row.variant_size !== '' ||
  row.variant_color_price !== null ||
  row.variant_size_price !== null;

/** Colour and size as addVariant compares them, whatever their case. */
const variantKey = (color: string, size: string) => `${color.toLowerCase()}\u0000${size.toLowerCase()}`;

/** The name of a variant nobody named, as the product page's form gives it: 'Red / M'. */
const defaultVariantName = (color: string, size: string) => `${color} / ${size}`;

/** The CSV columns other than stock whose value an update changed. */
function changedColumns(before: ProductRow, after: ProductRow): CsvImportRow['changed'] {
  const columns: Array<[string, boolean]> = [
    ['name', before.name !== after.name],
    ['description', before.description !== after.description],
    ['category_slug', before.categoryId !== after.categoryId],
    ['price_rupees', before.pricePaise !== after.pricePaise],
    ['discount_percent', before.discountPercent !== after.discountPercent],
    ['status', before.status !== after.status],
    ['fabric', before.fabric !== after.fabric],
    ['tags', JSON.stringify(before.tags) !== JSON.stringify(after.tags)],
    ['package_weight_grams', before.packageWeightGrams !== after.packageWeightGrams],
    ['package_length_cm', before.packageLengthCm !== after.packageLengthCm],
    ['package_breadth_cm', before.packageBreadthCm !== after.packageBreadthCm],
    ['package_height_cm', before.packageHeightCm !== after.packageHeightCm],
  ];
  return columns.filter(([, changed]) => changed).map(([column]) => column);
}

/** Problems by the file's line; a line may have several. */
class RowErrors {
  readonly byLine = new Map<number, string[]>();
  add(line: number, problem: string): void {
    this.byLine.set(line, [...(this.byLine.get(line) ?? []), problem]);
  }
  get size(): number {
    return this.byLine.size;
  }
  /** The 400 that names every bad row (the first five in the message, all of them in `fields`). */
  refusal(): AppError {
    const sorted = [...this.byLine.entries()].sort(([a], [b]) => a - b).map(([line, problems]) => [line, problems.join('; ')] as const);
    const shown = sorted.slice(0, 5).map(([line, message]) => `Row ${line}: ${message}`);
    return new AppError(
      'INVALID_DATA',
      `Nothing was imported: ${sorted.length} row${sorted.length === 1 ? ' has' : 's have'} errors. ${shown.join('. ')}${sorted.length > 5 ? ' …' : ''}`,
      Object.fromEntries(sorted.map(([line, message]) => [`row ${line}`, message])),
    );
  }
}

/** The rows of one product: an existing one (its id), or one the file makes (rows without an id, one name). */
interface ProductGroup {
  id: string | null;
  lines: Line[];
  /** The product's own row (no variant columns), when the file has one. */
  own: Line | null;
}

/**
 * The file's rows by product, in the order the products first appear. Notes the problems the file shows by
 * itself: rows of one product that disagree on its columns, a second own row, a SKU named twice or on a new
 * product, a new variant without its colour or size.
 */
function groupRows(rows: readonly Line[], errors: RowErrors): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  const skus = new Map<string, number>();
  for (const entry of rows) {
    const { line, row } = entry;
    const key = row.id ? `id:${row.id}` : `new:${row.name}`;
    let group = groups.get(key);
    if (!group) {
      group = { id: row.id || null, lines: [], own: null };
      groups.set(key, group);
    }
    const first = group.lines[0];
    if (first) {
      const differ = PRODUCT_COLUMNS.filter((column) => JSON.stringify(first.row[column]) !== JSON.stringify(row[column]));
      if (differ.length > 0) {
        errors.add(line, `${differ.join(', ')} not as on row ${first.line} (the rows of one product repeat its columns alike)`);
      }
    }
    if (!isVariantRow(row)) {
      if (!group.own) group.own = entry;
      else if (row.id) errors.add(line, `the same id as row ${group.own.line}`);
      else {
        errors.add(
          line,
          `the same name as row ${group.own.line}, and no variant columns (rows without an id and with one name make one new product)`,
        );
      }
    } else if (row.variant_sku) {
      if (!row.id) errors.add(line, 'variant_sku must be empty on the rows of a new product (the import makes its SKUs)');
      const twin = skus.get(row.variant_sku);
      if (twin !== undefined) errors.add(line, `the same variant_sku as row ${twin}`);
      else skus.set(row.variant_sku, line);
    } else if (!row.variant_color || !row.variant_size) {
      errors.add(line, 'variant_color and variant_size are both needed to add a variant (or variant_sku to change one)');
    }
    group.lines.push(entry);
  }
  return [...groups.values()];
}

/**
 * Locks the file's products and their live variants until the import's transaction ends, so no order or bill
 * slips between the stock read here and the stock written. The shelves (each variant, or a product sold without
 * variants) are locked in the inventory's stock order, as orders and bills take them, then the rows of the
 * products with variants (a sale reaches those after the variant, by the available-stock trigger). Answers the
 * products and their live variants as they are now.
 */
async function lockProducts(
  tx: Db,
  productIds: readonly string[],
): Promise<{ products: Map<string, ProductRow>; variants: Map<string, VariantRow[]> }> {
  if (productIds.length === 0) return { products: new Map(), variants: new Map() };
  const planned = await liveVariantIdsOf(tx, productIds);
  const withVariants = new Set(planned.map((row) => row.productId));
  const shelves: inventory.StockTarget[] = [
    ...planned.map((row) => ({ productId: row.productId, variantId: row.id })),
    ...productIds.filter((id) => !withVariants.has(id)).map((id) => ({ productId: id, variantId: null })),
  ].sort(inventory.stockOrder);
  // One statement per run of variants or of products, each locking its rows in id order.
  for (let start = 0; start < shelves.length;) {
    const kind = shelves[start]!.variantId ? 'variant' : 'product';
    let end = start;
    while (end < shelves.length && (shelves[end]!.variantId ? 'variant' : 'product') === kind) end++;
    const ids = shelves.slice(start, end).map((shelf) => shelf.variantId ?? shelf.productId);
    await lockRowsInIdOrder(tx, kind, ids);
    start = end;
  }
  const productRows = await lockProductRows(tx, productIds);
  const variantRows = await lockLiveVariantRows(tx, productIds);
  const byProduct = new Map<string, VariantRow[]>();
  for (const row of variantRows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return { products: new Map(productRows.map((row) => [row.id, row])), variants: byProduct };
}

/** What a variant's row does: change `target` (named by its SKU), or add a variant (target null); colour and size after the import. */
interface VariantPlan {
  target: VariantRow | null;
  color: string;
  size: string;
}

/** A SKU no variant has yet, made as addVariant makes it. */
async function freeSku(tx: Db, slug: string, color: string, size: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const sku = variantSku(slug, color, size);
    if (!(await skuTaken(tx, sku))) return sku;
  }
  throw new Error(`no free SKU for ${slug} ${color} ${size}`);
}

export function createCatalogueCsv(db: Db, deps: { changes: CatalogueChanges; now: () => Date }) {
  const { changes, now } = deps;

  return {
    /** Every product, oldest first, in the columns the import reads back: a row per live variant, or one for the product. */
    async exportCsv(actor: AuditActor): Promise<string> {
      // The whole catalogue with its stock and prices leaves the shop: the owner's, as every export is (issue 40).
      requireOwner(actor);
      const rows = await productsWithCategorySlug(db);
      const live = await allLiveVariants(db);
      const variantsOf = new Map<string, VariantRow[]>();
      for (const variant of live) variantsOf.set(variant.productId, [...(variantsOf.get(variant.productId) ?? []), variant]);
      return stringify(
        rows.flatMap(({ product, categorySlug }) => {
          const columns = (stock: number) => [
            product.id,
            product.name,
            product.description,
            categorySlug ?? '',
            paiseToDecimal(product.pricePaise),
            product.discountPercent,
            stock,
            product.status,
            product.fabric,
            product.tags.join(', '),
            stock,
          ];
          // Empty: the category's default parcel.
          const parcel = [product.packageWeightGrams, product.packageLengthCm, product.packageBreadthCm, product.packageHeightCm].map(
            (value) => value ?? '',
          );
          const own = variantsOf.get(product.id);
          if (!own) return [csvRow([...columns(product.stock), '', '', '', '', '', ...parcel])];
          return own.map((variant) =>
            csvRow([
              ...columns(variant.quantity),
              variant.sku,
              variant.variantColor,
              variant.variantSize,
              paiseToDecimal(variant.variantColorPricePaise),
              paiseToDecimal(variant.variantSizePricePaise),
              ...parcel,
            ]),
          );
        }),
        { header: true, columns: [...CATALOGUE_CSV_COLUMNS] },
      );
    },

    /**
     * Creates (empty id) or updates (an exported id) a product per group of rows, and its variants per row, in one
     * transaction with an audit entry per product and per variant added or changed. Every row is checked first; any
     * error answers 400 with row-numbered messages and writes nothing. Answers per row what it changed and what
     * happened to its stock.
     */
    async importCsv(actor: AuditActor, text: string): Promise<CsvImportResult> {
      let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
      try {
        records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true, info: true });
      } catch (error) {
        throw new AppError('INVALID_DATA', `Nothing was imported: the file is not valid CSV (${(error as Error).message}).`);
      }
      if (records.length === 0) throw new AppError('INVALID_DATA', 'Nothing was imported: the file has no product rows.');
      if (records.length > MAX_IMPORT_ROWS) {
        throw new AppError(
          'INVALID_DATA',
          `Nothing was imported: at most ${MAX_IMPORT_ROWS} rows at a time (the file has ${records.length}).`,
        );
      }
      const header = Object.keys(records[0]!.record);
      const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
      const unknown = header.filter((column) => !(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(column));
      if (missing.length > 0 || unknown.length > 0) {
        throw new AppError(
          'INVALID_DATA',
          `Nothing was imported: the first line must name the columns ${CATALOGUE_CSV_COLUMNS.join(', ')}` +
            (missing.length > 0 ? ` (missing: ${missing.join(', ')})` : '') +
            (unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : '') +
            '.',
        );
      }

      const errors = new RowErrors();
      const rows: Line[] = [];
      for (const { record, info } of records) {
        // Cells our export kept as text (a leading apostrophe before = + - @) come back as they were.
        const parsed = rowSchema.safeParse(Object.fromEntries(Object.entries(record).map(([column, cell]) => [column, readCsvCell(cell)])));
        if (parsed.success) rows.push({ line: info.lines, row: parsed.data });
        else errors.add(info.lines, parsed.error.issues.map((issue) => issue.message).join('; '));
      }
      const groups = groupRows(rows, errors);

      const result: CsvImportResult = { created: 0, updated: 0, rows: rows.length, stockConflicts: 0, results: [] };
      const touched: string[] = [];
      await db.transaction(async (tx) => {
        // Checked against the catalogue under the import's locks, so what was checked is what is written.
        const held = await lockProducts(
          tx,
          groups.flatMap((group) => (group.id ? [group.id] : [])),
        );
        const slugs = [...new Set(rows.map(({ row }) => row.category_slug).filter(Boolean))];
        const categoryIds = await categoryIdsBySlug(tx, slugs);
        const skus = [...new Set(rows.map(({ row }) => row.variant_sku).filter(Boolean))];
        const bySku = await variantsBySku(tx, skus);

        const plans = new Map<number, VariantPlan>();
        for (const group of groups) {
          for (const { line, row } of group.lines) {
            if (row.category_slug && !categoryIds.has(row.category_slug)) {
              errors.add(line, `no category with the slug '${row.category_slug}'`);
            }
          }
          if (group.id && !held.products.has(group.id)) {
            for (const { line } of group.lines) errors.add(line, 'no product with this id (leave id empty for a new product)');
            continue;
          }
          const live = group.id ? (held.variants.get(group.id) ?? []) : [];
          const byId = new Map(live.map((variant) => [variant.id, variant]));
          const colourSizes = new Map<string, number>();
          for (const { line, row } of group.lines) {
            if (!isVariantRow(row)) continue;
            let target: VariantRow | null = null;
            if (row.variant_sku) {
              if (!group.id) continue; // refused above: a new product's variants have no SKU yet
              const found = bySku.get(row.variant_sku);
              if (!found) errors.add(line, `no variant has the variant_sku '${row.variant_sku}'`);
              else if (found.productId !== group.id) {
                errors.add(line, `variant_sku '${row.variant_sku}' is a variant of another product (${found.product})`);
              } else if (found.archivedAt || !byId.has(found.id)) errors.add(line, `variant_sku '${row.variant_sku}' is a removed variant`);
              else target = byId.get(found.id)!;
              if (!target) continue;
            } else if (!row.variant_color || !row.variant_size) continue; // refused above
            const color = row.variant_color || (target?.variantColor ?? '');
            const size = row.variant_size || (target?.variantSize ?? '');
            const key = variantKey(color, size);
            const twin = colourSizes.get(key);
            if (twin === undefined) colourSizes.set(key, line);
            plans.set(line, { target, color, size });
            // A variant kept as it is needs no check (an export imported back passes whatever its data); a new one,
            // or one given another colour or size, must not be the same as another variant (whatever their case).
            if (target && target.variantColor === color && target.variantSize === size) continue;
            const other = live.find(
              (variant) => variant.id !== target?.id && variantKey(variant.variantColor, variant.variantSize) === key,
            );
            if (twin !== undefined) errors.add(line, `variant_color and variant_size ${color} / ${size} are the same as on row ${twin}`);
            else if (other) {
              errors.add(
                line,
                `variant_color and variant_size: the product already has a ${other.variantColor} / ${other.variantSize} variant (variant_sku '${other.sku}')`,
              );
            }
          }
        }
        if (errors.size > 0) throw errors.refusal();

        const at = now();
        // One id for this run: every stock ledger row it writes carries it.
        const stockMeta: inventory.StockMeta = {
          reason: 'csv_import',
          actor: inventory.stockActor.admin(actor),
          importId: randomUUID(),
        };
        const positions = new Map<string, number>();
        /** Where a new variant goes: after the product's variants (removed ones too), as addVariant puts it. */
        const nextPosition = async (productId: string): Promise<number> => {
          let position = positions.get(productId);
          if (position === undefined) {
            position = await nextVariantPosition(tx, productId);
          }
          positions.set(productId, position + 1);
          return position;
        };

        for (const group of groups) {
          const first = group.lines[0]!.row;
          // Stock moves only through the inventory.
          const values: NewProductFields = {
            name: first.name,
            description: first.description,
            categoryId: first.category_slug ? categoryIds.get(first.category_slug)! : null,
            pricePaise: first.price_rupees,
            discountPercent: first.discount_percent,
            status: first.status,
            fabric: first.fabric,
            tags: first.tags,
            // A column the file lacks leaves the product's parcel as it is.
            ...(first.package_weight_grams !== undefined ? { packageWeightGrams: first.package_weight_grams } : {}),
            ...(first.package_length_cm !== undefined ? { packageLengthCm: first.package_length_cm } : {}),
            ...(first.package_breadth_cm !== undefined ? { packageBreadthCm: first.package_breadth_cm } : {}),
            ...(first.package_height_cm !== undefined ? { packageHeightCm: first.package_height_cm } : {}),
          };
          let product: ProductRow;
          let productChanged: string[] = [];
          let ownStock: CsvImportRow['stock'] | null = null;
          const action = group.id ? 'updated' : 'created';
          if (group.id) {
            // The product's own stock, when the file has its own row: the rows are locked (lockProducts), so the stock
            // read there is the stock the inventory replaces (it answers what it replaced, checked below).
            const before = held.products.get(group.id)!;
            if (group.own) {
              const { row } = group.own;
              const stock = importedStock(row.stock, row.exported_stock, before.stock);
              const set = await inventory.setOne(tx, { productId: group.id, variantId: null }, stock.stock, stockMeta);
              if (set?.before !== before.stock) throw new Error(`the stock of product ${group.id} changed under its row lock`);
              if (stock.outcome === 'conflict') result.stockConflicts += 1;
              ownStock = {
                outcome: stock.outcome,
                before: before.stock,
                after: stock.stock,
                file: row.stock,
                exported: row.exported_stock,
              };
            }
            const after = await updateProduct(tx, group.id, { ...values, updatedAt: at });
            if (!after) throw new Error(`product ${group.id} disappeared under its row lock`);
            product = after;
            productChanged = changedColumns(before, after);
            await recordAudit(
              tx,
              actor,
              {
                action: 'product.import',
                entity: 'product',
                entityId: group.id,
                before: productSnapshot(before),
                after: productSnapshot(after),
              },
              at,
            );
            result.updated += 1;
          } else {
            const opening = group.own?.row.stock ?? 0;
            product = await insertNewProduct(tx, values, { stock: opening, meta: stockMeta }, at);
            if (group.own) ownStock = { outcome: 'new', before: null, after: opening, file: opening, exported: null };
            await recordAudit(
              tx,
              actor,
              { action: 'product.import', entity: 'product', entityId: product.id, after: productSnapshot(product) },
              at,
            );
            result.created += 1;
          }

          for (const [index, { line, row }] of group.lines.entries()) {
            // The product's columns changed once: said on its first row.
            const changed = index === 0 ? [...productChanged] : [];
            const answer = { line, productId: product.id, name: product.name, action } as const;
            const plan = plans.get(line);
            if (!plan) {
              result.results.push({ ...answer, variant: null, changed, stock: ownStock! });
              continue;
            }
            const { target, color, size } = plan;
            if (target) {
              const stock = importedStock(row.stock, row.exported_stock, target.quantity);
              const set = await inventory.setOne(tx, { productId: product.id, variantId: target.id }, stock.stock, stockMeta);
              if (set?.before !== target.quantity) throw new Error(`the stock of variant ${target.id} changed under its row lock`);
              if (stock.outcome === 'conflict') result.stockConflicts += 1;
              const colorPrice = row.variant_color_price ?? target.variantColorPricePaise;
              const sizePrice = row.variant_size_price ?? target.variantSizePricePaise;
              const variantChanged = (
                [
                  ['variant_color', target.variantColor !== color],
                  ['variant_size', target.variantSize !== size],
                  ['variant_color_price', target.variantColorPricePaise !== colorPrice],
                  ['variant_size_price', target.variantSizePricePaise !== sizePrice],
                ] as const
              ).flatMap(([column, differs]) => (differs ? [column] : []));
              let after: VariantRow = { ...target, quantity: stock.stock };
              if (variantChanged.length > 0) {
                // A variant named by default ('Red / M') follows its new colour or size.
                const named = target.variantName === defaultVariantName(target.variantColor, target.variantSize);
                after = await updateVariant(tx, target.id, {
                  variantColor: color,
                  variantSize: size,
                  variantColorPricePaise: colorPrice,
                  variantSizePricePaise: sizePrice,
                  ...(named ? { variantName: defaultVariantName(color, size) } : {}),
                });
              }
              if (variantChanged.length > 0 || stock.stock !== target.quantity) {
                await recordAudit(
                  tx,
                  actor,
                  {
                    action: 'variant.import',
                    entity: 'variant',
                    entityId: target.id,
                    before: variantSnapshot(target),
                    after: variantSnapshot(after),
                  },
                  at,
                );
              }
              result.results.push({
                ...answer,
                variant: { variantId: target.id, sku: target.sku, color, size, action: 'updated' },
                changed: [...changed, ...variantChanged],
                stock: {
                  outcome: stock.outcome,
                  before: target.quantity,
                  after: stock.stock,
                  file: row.stock,
                  exported: row.exported_stock,
                },
              });
            } else {
              const inserted = await insertVariant(tx, {
                productId: product.id,
                variantName: defaultVariantName(color, size),
                variantColor: color,
                variantSize: size,
                variantColorPricePaise: row.variant_color_price ?? 0,
                variantSizePricePaise: row.variant_size_price ?? 0,
                sku: await freeSku(tx, product.slug, color, size),
                position: await nextPosition(product.id),
                createdAt: at,
              });
              // The opening quantity through the inventory, so the variant's ledger starts with it.
              await inventory.setOne(tx, { productId: product.id, variantId: inserted.id }, row.stock, stockMeta);
              const created = { ...inserted, quantity: row.stock };
              await recordAudit(
                tx,
                actor,
                { action: 'variant.import', entity: 'variant', entityId: created.id, after: variantSnapshot(created) },
                at,
              );
              result.results.push({
                ...answer,
                variant: { variantId: created.id, sku: created.sku, color, size, action: 'created' },
                changed,
                stock: { outcome: 'new', before: null, after: row.stock, file: row.stock, exported: null },
              });
            }
          }
          touched.push(product.id);
        }
        result.results.sort((a, b) => a.line - b.line);
        await refreshKeywords(tx, touched);
      });
      changes.publish(touched.length > 1_000 ? [] : touched);
      return result;
    },
  };
}

export type CatalogueCsv = ReturnType<typeof createCatalogueCsv>;
