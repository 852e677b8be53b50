import { describe, expect, it } from 'vitest';
import { csvStockNote, importedStock } from './catalogue-csv.js';

describe('importedStock', () => {
  it('leaves the stock as it is now when the file has the exported value (sales since the export stay)', () => {
    expect(importedStock(10, 10, 7)).toEqual({ outcome: 'kept', stock: 7 });
    expect(importedStock(10, 10, 10)).toEqual({ outcome: 'kept', stock: 10 });
  });

  it('writes an edited stock only onto the stock it was exported from', () => {
    expect(importedStock(15, 10, 10)).toEqual({ outcome: 'set', stock: 15 });
    expect(importedStock(0, 10, 10)).toEqual({ outcome: 'set', stock: 0 });
    expect(importedStock(15, 10, 7)).toEqual({ outcome: 'conflict', stock: 7 });
  });

  it('takes the file as it is when it has no exported value', () => {
    expect(importedStock(3, null, 8)).toEqual({ outcome: 'overwritten', stock: 3 });
  });
});

describe('csvStockNote', () => {
  const note = (
    outcome: Parameters<typeof csvStockNote>[0]['outcome'],
    before: number | null,
    after: number,
    file: number,
    exported: number | null,
  ) => csvStockNote({ outcome, before, after, file, exported });

  it('says what happened to the stock in words', () => {
    expect(note('new', null, 1, 1, null)).toBe('New product with 1 piece in stock.');
    expect(note('kept', 10, 10, 10, 10)).toBe('Stock unchanged at 10.');
    expect(note('kept', 7, 7, 10, 10)).toBe(
      'Stock kept at 7: the file has the exported 10, and stock changed to 7 since the export (orders, bills or edits).',
    );
    expect(note('set', 10, 15, 15, 10)).toBe('Stock set from 10 to 15.');
    expect(note('conflict', 7, 7, 15, 10)).toBe(
      'Stock not changed: the file sets 15, but stock went from 10 to 7 since the export. Set it on the product page, or export again.',
    );
    expect(note('overwritten', 8, 3, 3, null)).toBe(
      'Stock set from 8 to 3, as the file says (it has no exported_stock to check it against).',
    );
    expect(note('overwritten', 3, 3, 3, null)).toBe('Stock unchanged at 3.');
  });

  it('says a new variant’s stock as a variant’s', () => {
    expect(csvStockNote({ outcome: 'new', before: null, after: 4, file: 4, exported: null }, 'variant')).toBe(
      'New variant with 4 pieces in stock.',
    );
  });
});
