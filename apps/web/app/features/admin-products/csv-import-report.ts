import { csvStockNote, type CsvImportRow } from '@shop/core';

/** One line of the import's report: 'Row 3 · Banarasi Silk Saree · Maroon / Free size' and what the row did. */
export interface ImportReportLine {
  key: string;
  row: string;
  name: string;
  note: string;
  refused: boolean;
}

/** A row that created, changed or refused something, or whose stock moved since the export. */
const worthReading = ({ action, variant, changed, stock }: CsvImportRow) =>
  action === 'created' ||
  variant?.action === 'created' ||
  changed.length > 0 ||
  stock.before !== stock.after ||
  stock.outcome === 'conflict' ||
  (stock.outcome === 'kept' && stock.before !== stock.exported);

/**
 * The rows of a finished import worth reading: refused stock changes first, then every row that changed
 * something, in file order; rows that changed nothing are only counted (an export imported back is all of them,
 * except where orders took stock since: those say their stock was kept).
 */
export function importReport(results: readonly CsvImportRow[]): { lines: ImportReportLine[]; unchangedRows: number } {
  const shown = results.filter(worthReading);
  const lines = shown.map((row) => {
    const columns = row.changed.length > 0 ? `Changed ${row.changed.join(', ')}. ` : '';
    const action = row.action === 'created' ? 'Created. ' : '';
    const sku = row.variant ? `SKU ${row.variant.sku}. ` : '';
    return {
      key: `${row.line}`,
      row: `Row ${row.line}`,
      name: row.variant ? `${row.name} · ${row.variant.color} / ${row.variant.size}` : row.name,
      note: `${action}${sku}${columns}${csvStockNote(row.stock, row.variant ? 'variant' : 'product')}`,
      refused: row.stock.outcome === 'conflict',
    };
  });
  return {
    lines: [...lines.filter((line) => line.refused), ...lines.filter((line) => !line.refused)],
    unchangedRows: results.length - shown.length,
  };
}
