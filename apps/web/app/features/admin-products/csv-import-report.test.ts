import type { CsvImportRow } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { importReport } from './csv-import-report';

const row = (line: number, stock: CsvImportRow['stock'], extra: Partial<CsvImportRow> = {}): CsvImportRow => ({
  line,
  productId: `p${line}`,
  name: `Product ${line}`,
  action: 'updated',
  variant: null,
  changed: [],
  stock,
  ...extra,
});

describe('importReport', () => {
  it('shows refused stock changes first, then rows that changed something, and counts the rest', () => {
    const report = importReport([
      row(2, { outcome: 'kept', before: 5, after: 5, file: 5, exported: 5 }),
      row(3, { outcome: 'set', before: 5, after: 8, file: 8, exported: 5 }),
      row(4, { outcome: 'kept', before: 3, after: 3, file: 6, exported: 6 }),
      row(5, { outcome: 'conflict', before: 4, after: 4, file: 9, exported: 6 }, { changed: ['price_rupees'] }),
      row(6, { outcome: 'new', before: null, after: 2, file: 2, exported: null }, { action: 'created' }),
      row(7, { outcome: 'kept', before: 1, after: 1, file: 1, exported: 1 }, { changed: ['name', 'tags'] }),
    ]);
    expect(report.unchangedRows).toBe(1);
    expect(report.lines.map((line) => [line.row, line.refused, line.note])).toEqual([
      [
        'Row 5',
        true,
        'Changed price_rupees. Stock not changed: the file sets 9, but stock went from 6 to 4 since the export. Set it on the product page, or export again.',
      ],
      ['Row 3', false, 'Stock set from 5 to 8.'],
      ['Row 4', false, 'Stock kept at 3: the file has the exported 6, and stock changed to 3 since the export (orders, bills or edits).'],
      ['Row 6', false, 'Created. New product with 2 pieces in stock.'],
      ['Row 7', false, 'Changed name, tags. Stock unchanged at 1.'],
    ]);
  });

  it('names a variant’s row by its colour and size, with its SKU, and shows a new variant', () => {
    const variant = (sku: string, action: 'created' | 'updated') => ({ variantId: sku, sku, color: 'Red', size: 'M', action });
    const report = importReport([
      row(2, { outcome: 'kept', before: 4, after: 4, file: 4, exported: 4 }, { variant: variant('KURTA-RED-M', 'updated') }),
      row(3, { outcome: 'new', before: null, after: 3, file: 3, exported: null }, { variant: variant('KURTA-RED-L-1A2B', 'created') }),
      row(
        4,
        { outcome: 'set', before: 2, after: 6, file: 6, exported: 2 },
        { variant: variant('KURTA-RED-S', 'updated'), changed: ['variant_color_price'] },
      ),
    ]);
    expect(report.unchangedRows).toBe(1);
    expect(report.lines.map((line) => [line.row, line.name, line.note])).toEqual([
      ['Row 3', 'Product 3 · Red / M', 'SKU KURTA-RED-L-1A2B. New variant with 3 pieces in stock.'],
      ['Row 4', 'Product 4 · Red / M', 'SKU KURTA-RED-S. Changed variant_color_price. Stock set from 2 to 6.'],
    ]);
  });
});
