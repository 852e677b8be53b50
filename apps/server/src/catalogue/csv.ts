import {
  AppError,
  CATALOGUE_CSV_COLUMNS,
  MAX_STOCK,
  PRODUCT_STATUSES,
  importedStock,
  paiseToDecimal,
  plainText,
  type CsvImportResult,
  type CsvImportRow,
} from '@shop/core';
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/service.js';
import type { Db } from '../db/database.js';
import * as inventory from '../inventory/service.js';
import { freeSlug, productSnapshot, refreshKeywords } from './admin-products.js';
import type { CatalogueChanges } from './changes.js';
import { categories, products } from './tables.js';

// The catalogue as a CSV file for spreadsheets: export, and an import that checks every row first and writes
// nothing unless all are right. Prices are rupees with two decimals here, the one place people type them.
// Stock: the export writes it twice (`stock` and `exported_stock`); the import changes stock only where the file
// changed it and only onto the stock it was exported from (importedStock in @shop/core). A file without
// `exported_stock` (made by hand, or exported before the column existed) sets stock as it says, and each such
// row is reported as 'overwritten'.

export const MAX_IMPORT_ROWS = 5_000;
const REQUIRED_COLUMNS = ['id', 'name', 'description', 'category_slug', 'price_rupees', 'discount_percent', 'stock', 'status'] as const;

const whole = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((value) => value <= max, `${name} must be at most ${max}`);

const rowSchema = z.object({
  id: z.union([z.literal(''), z.uuid('id must be a product id from an export, or empty for a new product')]),
  name: plainText().min(1, 'name is required').max(120, 'name: at most 120 characters'),
  description: plainText({ multiline: true }).max(5000, 'description: at most 5000 characters'),
  category_slug: plainText().max(80),
  price_rupees: z
    .string()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'price_rupees must be an amount in rupees like 1499 or 1499.50')
    .transform((value) => Math.round(Number(value) * 100)),
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
});
type Row = z.infer<typeof rowSchema>;

type ProductRow = typeof products.$inferSelect;

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
  ];
  return columns.filter(([, changed]) => changed).map(([column]) => column);
}

export function createCatalogueCsv(db: Db, deps: { changes: CatalogueChanges; now: () => Date }) {
  const { changes, now } = deps;

  return {
    /** Every product, oldest first, in the columns the import reads back. */
    async exportCsv(): Promise<string> {
      const rows = await db
        .select({ product: products, categorySlug: categories.slug })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .orderBy(asc(products.createdAt), asc(products.id));
      return stringify(
        rows.map(({ product, categorySlug }) => [
          product.id,
          product.name,
          product.description,
          categorySlug ?? '',
          paiseToDecimal(product.pricePaise),
          product.discountPercent,
          product.stock,
          product.status,
          product.fabric,
          product.tags.join(', '),
          product.stock,
        ]),
        { header: true, columns: [...CATALOGUE_CSV_COLUMNS] },
      );
    },

    /**
     * Creates (empty id) or updates (an exported id) a product per row, in one transaction with an audit entry
     * per product. Every row is checked first; any error answers 400 with row-numbered messages and writes nothing.
     * Answers per row what it changed and what happened to its stock.
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

      const errors = new Map<number, string>();
      const rows: Array<{ line: number; row: Row }> = [];
      for (const { record, info } of records) {
        const parsed = rowSchema.safeParse(record);
        if (parsed.success) rows.push({ line: info.lines, row: parsed.data });
        else errors.set(info.lines, parsed.error.issues.map((issue) => issue.message).join('; '));
      }
      const slugs = [...new Set(rows.map(({ row }) => row.category_slug).filter(Boolean))];
      const categoryIds = new Map(
        slugs.length > 0
          ? (await db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))).map(
              (row) => [row.slug, row.id] as const,
            )
          : [],
      );
      const ids = [...new Set(rows.map(({ row }) => row.id).filter(Boolean))];
      const known = new Set(
        ids.length > 0 ? (await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((row) => row.id) : [],
      );
      const seen = new Map<string, number>();
      for (const { line, row } of rows) {
        const problems: string[] = [];
        if (row.category_slug && !categoryIds.has(row.category_slug)) problems.push(`no category with the slug '${row.category_slug}'`);
        if (row.id && !known.has(row.id)) problems.push('no product with this id (leave id empty for a new product)');
        if (row.id && seen.has(row.id)) problems.push(`the same id as row ${seen.get(row.id)}`);
        if (row.id) seen.set(row.id, line);
        if (problems.length > 0) errors.set(line, problems.join('; '));
      }
      if (errors.size > 0) {
        const sorted = [...errors.entries()].sort(([a], [b]) => a - b);
        const shown = sorted.slice(0, 5).map(([line, message]) => `Row ${line}: ${message}`);
        throw new AppError(
          'INVALID_DATA',
          `Nothing was imported: ${errors.size} row${errors.size === 1 ? ' has' : 's have'} errors. ${shown.join('. ')}${sorted.length > 5 ? ' …' : ''}`,
          Object.fromEntries(sorted.map(([line, message]) => [`row ${line}`, message])),
        );
      }

      const result: CsvImportResult = { created: 0, updated: 0, rows: rows.length, stockConflicts: 0, results: [] };
      const touched: string[] = [];
      await db.transaction(async (tx) => {
        const at = now();
        // One id for this run: every stock ledger row it writes carries it.
        const stockMeta: inventory.StockMeta = {
          reason: 'csv_import',
          actor: inventory.stockActor.admin(actor),
          importId: randomUUID(),
        };
        for (const { line, row } of rows) {
          const values = {
            name: row.name,
            description: row.description,
            categoryId: row.category_slug ? categoryIds.get(row.category_slug)! : null,
            pricePaise: row.price_rupees,
            discountPercent: row.discount_percent,
            status: row.status,
            fabric: row.fabric,
            tags: row.tags,
            updatedAt: at,
          } satisfies Partial<Omit<typeof products.$inferInsert, 'stock'>>; // stock moves only through the inventory
          if (row.id) {
            // The row lock holds off orders and bills until the transaction ends, so the stock read here is the
            // stock the inventory replaces (it answers what it replaced, checked below); never below zero.
            const [before] = await tx.select().from(products).where(eq(products.id, row.id)).for('update');
            const stock = importedStock(row.stock, row.exported_stock, before!.stock);
            const set = await inventory.setOne(tx, { productId: row.id, variantId: null }, stock.stock, stockMeta);
            if (set?.before !== before!.stock) throw new Error(`the stock of product ${row.id} changed under its row lock`);
            const [after] = await tx
              .update(products)
              .set({ ...values })
              .where(eq(products.id, row.id))
              .returning();
            if (!after) throw new Error(`product ${row.id} disappeared under its row lock`);
            if (stock.outcome === 'conflict') result.stockConflicts += 1;
            result.results.push({
              line,
              productId: row.id,
              name: after.name,
              action: 'updated',
              changed: changedColumns(before!, after),
              stock: { outcome: stock.outcome, before: before!.stock, after: after.stock, file: row.stock, exported: row.exported_stock },
            });
            await recordAudit(
              tx,
              actor,
              {
                action: 'product.import',
                entity: 'product',
                entityId: row.id,
                before: productSnapshot(before!),
                after: productSnapshot(after),
              },
              at,
            );
            touched.push(row.id);
            result.updated += 1;
          } else {
            const [inserted] = await tx
              .insert(products)
              .values({ ...values, slug: await freeSlug(tx, products, row.name), createdAt: at })
              .returning();
            // The opening stock through the inventory, so the new product's ledger starts with it.
            await inventory.setOne(tx, { productId: inserted!.id, variantId: null }, row.stock, stockMeta);
            const created = { ...inserted!, stock: row.stock };
            result.results.push({
              line,
              productId: created.id,
              name: created.name,
              action: 'created',
              changed: [],
              stock: { outcome: 'new', before: null, after: created.stock, file: row.stock, exported: null },
            });
            await recordAudit(
              tx,
              actor,
              { action: 'product.import', entity: 'product', entityId: created.id, after: productSnapshot(created) },
              at,
            );
            touched.push(created.id);
            result.created += 1;
          }
        }
        await refreshKeywords(tx, touched);
      });
      changes.publish(touched.length > 1_000 ? [] : touched);
      return result;
    },
  };
}

export type CatalogueCsv = ReturnType<typeof createCatalogueCsv>;
