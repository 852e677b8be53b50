import { z } from 'zod';

// The stock rule of the catalogue CSV import (issue 12). An export carries each shelf's stock twice: `stock`,
// to edit, and `exported_stock`, the value at export time. Orders keep taking stock after the export, so an
// import writes stock only where the file changes it, and only onto the stock the file was exported from.
// A shelf is a variant (a row with a variant_sku, issue 26) or a product sold without variants: the rule is the
// same for both.

/**
 * What an import did with a row's stock:
 * - `new`: a new product or variant, with the file's stock;
 * - `kept`: the file's stock is the exported one, so the stock is left as it is now (sales since then stay);
 * - `set`: the file changes the stock and nothing else did since the export, so the file's value is written;
 * - `conflict`: the file changes the stock but the stock also changed since the export: refused, left as it is;
 * - `overwritten`: the file has no exported value (a hand-made file), so its stock is written as it is.
 */
export const CSV_STOCK_OUTCOMES = ['new', 'kept', 'set', 'conflict', 'overwritten'] as const;
export type CsvStockOutcome = (typeof CSV_STOCK_OUTCOMES)[number];

/**
 * The stock a row of an existing product or variant leaves, from the file's `stock`, its `exported_stock` (null
 * when absent) and the stock now.
 */
export function importedStock(file: number, exported: number | null, current: number): { outcome: CsvStockOutcome; stock: number } {
  if (exported === null) return { outcome: 'overwritten', stock: file };
  if (file === exported) return { outcome: 'kept', stock: current };
  if (current === exported) return { outcome: 'set', stock: file };
  return { outcome: 'conflict', stock: current };
}

/** The variant a row named (by variant_sku) or added (by variant_color and variant_size). */
export const csvImportVariantSchema = z.object({
  variantId: z.string(),
  sku: z.string(),
  color: z.string(),
  size: z.string(),
  action: z.enum(['created', 'updated']),
});
export type CsvImportVariant = z.infer<typeof csvImportVariantSchema>;

/**
 * One imported row: the product, its variant (null for a product's own row), the other columns it changed, and
 * what happened to its stock (the variant's, on a variant's row).
 */
export const csvImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  productId: z.string(),
  name: z.string(),
  /** What happened to the product: every row of a product the file made says 'created'. */
  action: z.enum(['created', 'updated']),
  variant: csvImportVariantSchema.nullable(),
  /**
   * Columns other than stock whose value the row changed (for an update): the product's columns on the product's
   * first row in the file, the variant's (variant_color, …) on the variant's row.
   */
  changed: z.array(z.string()),
  stock: z.object({
    outcome: z.enum(CSV_STOCK_OUTCOMES),
    /** Stock just before the import; null for a new product or variant. */
    before: z.number().int().nullable(),
    after: z.number().int(),
    /** The file's `stock` and `exported_stock` (null when the file has none). */
    file: z.number().int(),
    exported: z.number().int().nullable(),
  }),
});
export type CsvImportRow = z.infer<typeof csvImportRowSchema>;

const pieces = (count: number) => `${count} ${count === 1 ? 'piece' : 'pieces'}`;

/** What the back-office reads about a row's stock: 'Stock set from 5 to 8.' (`of`: a new product's or variant's). */
export function csvStockNote(
  { outcome, before, after, file, exported }: CsvImportRow['stock'],
  of: 'product' | 'variant' = 'product',
): string {
  switch (outcome) {
    case 'new':
      return `New ${of} with ${pieces(after)} in stock.`;
    case 'kept':
      return before === exported
        ? `Stock unchanged at ${after}.`
        : `Stock kept at ${after}: the file has the exported ${exported}, and stock changed to ${after} since the export (orders, bills or edits).`;
    case 'set':
      return `Stock set from ${before} to ${after}.`;
    case 'conflict':
      return `Stock not changed: the file sets ${file}, but stock went from ${exported} to ${before} since the export. Set it on the product page, or export again.`;
    case 'overwritten':
      return before === after
        ? `Stock unchanged at ${after}.`
        : `Stock set from ${before} to ${after}, as the file says (it has no exported_stock to check it against).`;
  }
}
