import type { AdminProduct, CsvImportRow } from '@shop/core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, adminUpload, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Issue 12: the CSV import wrote stock as an absolute number, so re-importing an old export put back the stock
// that orders had taken since. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

interface ImportAnswer {
  created: number;
  updated: number;
  rows: number;
  stockConflicts: number;
  results: CsvImportRow[];
}

type Csv = Array<Record<string, string>>;

async function exportCsv(asid: string): Promise<Csv> {
  const response = await adminCall(t.app, 'GET', '/api/admin/product/exportProducts', { asid });
  expect(response.statusCode).toBe(200);
  return parse<Record<string, string>>(response.body, { columns: true });
}

/** Only the given products' rows of an export, with `edit` applied to each. */
const rowsOf = (csv: Csv, productIds: readonly string[], edit: (row: Record<string, string>) => Record<string, string> = (row) => row) =>
  csv.filter((row) => productIds.includes(row.id!)).map((row) => edit({ ...row }));

async function importCsv(asid: string, rows: Csv, columns?: readonly string[]): Promise<ImportAnswer> {
  const text = stringify(rows, { header: true, ...(columns ? { columns: [...columns] } : {}) });
  const response = await adminUpload(
    t.app,
    '/api/admin/product/importProducts',
    [{ bytes: Buffer.from(text), name: 'catalogue.csv', type: 'text/csv', field: 'file' }],
    { asid },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: ImportAnswer }>().data;
}

const resultOf = (answer: ImportAnswer, productId: string) => answer.results.find((row) => row.productId === productId)!;

describe('catalogue CSV stock (issue 12: re-importing an old export put back stock that orders had taken)', () => {
  it('exports the stock twice, as stock and as exported_stock', async () => {
    const owner = await signedInOwner(t);
    const shawl = await sellableProduct(t, { variants: false, stock: 7 });
    const [row] = rowsOf(await exportCsv(owner.asid), [shawl.productId]);
    expect(row).toMatchObject({ stock: '7', exported_stock: '7' });
  });

  it('keeps the pieces an order took after the export when the old export is imported again, and says so', async () => {
    const owner = await signedInOwner(t);
    const stole = await sellableProduct(t, { variants: false, stock: 10 });
    const old = await exportCsv(owner.asid);
    await placedOrder(t, mail, { ...stole, quantity: 3 });
    expect(await stockOf(t.database.db, stole)).toBe(7);

    const answer = await importCsv(owner.asid, rowsOf(old, [stole.productId]));
    expect(await stockOf(t.database.db, stole)).toBe(7);
    expect(answer).toMatchObject({ updated: 1, rows: 1, stockConflicts: 0 });
    expect(resultOf(answer, stole.productId)).toMatchObject({
      action: 'updated',
      changed: [],
      stock: { outcome: 'kept', before: 7, after: 7, file: 10, exported: 10 },
    });
  });

  it('applies a stock edited in the file when nothing took stock since the export', async () => {
    const owner = await signedInOwner(t);
    const dupatta = await sellableProduct(t, { variants: false, stock: 5 });
    const answer = await importCsv(
      owner.asid,
      rowsOf(await exportCsv(owner.asid), [dupatta.productId], (row) => ({ ...row, stock: '12' })),
    );
    expect(await stockOf(t.database.db, dupatta)).toBe(12);
    expect(resultOf(answer, dupatta.productId).stock).toEqual({ outcome: 'set', before: 5, after: 12, file: 12, exported: 5 });
  });

  it('refuses a stock edit made on an export older than the last sale, reports it, and still applies the row’s other columns', async () => {
    const owner = await signedInOwner(t);
    const saree = await sellableProduct(t, { variants: false, stock: 6 });
    const old = await exportCsv(owner.asid);
    await placedOrder(t, mail, { ...saree, quantity: 2 });

    const answer = await importCsv(
      owner.asid,
      rowsOf(old, [saree.productId], (row) => ({ ...row, stock: '20', price_rupees: '1299.00' })),
    );
    expect(await stockOf(t.database.db, saree)).toBe(4);
    expect(answer.stockConflicts).toBe(1);
    expect(resultOf(answer, saree.productId)).toMatchObject({
      changed: ['price_rupees'],
      stock: { outcome: 'conflict', before: 4, after: 4, file: 20, exported: 6 },
    });
    const details = await adminCall(t.app, 'GET', `/api/admin/product/getProductDetails/${saree.productId}`, { asid: owner.asid });
    expect(details.json<{ data: { product: AdminProduct } }>().data.product).toMatchObject({ productPrice: 129_900, productStock: 4 });
  });

  it('takes the stock of a file without exported_stock (made by hand) as it is, and says so', async () => {
    const owner = await signedInOwner(t);
    const kurti = await sellableProduct(t, { variants: false, stock: 9 });
    const rows = rowsOf(await exportCsv(owner.asid), [kurti.productId], ({ exported_stock: _dropped, ...row }) => ({ ...row, stock: '2' }));
    const answer = await importCsv(owner.asid, rows);
    expect(await stockOf(t.database.db, kurti)).toBe(2);
    expect(resultOf(answer, kurti.productId).stock).toEqual({ outcome: 'overwritten', before: 9, after: 2, file: 2, exported: null });
  });

  it('reports a new product’s stock and lists every row with its line', async () => {
    const owner = await signedInOwner(t);
    const kept = await sellableProduct(t, { variants: false, stock: 3 });
    const [row] = rowsOf(await exportCsv(owner.asid), [kept.productId]);
    const fresh = { ...row!, id: '', name: 'Chanderi Dupatta', stock: '4', exported_stock: '' };
    const answer = await importCsv(owner.asid, [row!, fresh]);
    expect(answer).toMatchObject({ created: 1, updated: 1, rows: 2, stockConflicts: 0 });
    expect(answer.results.map((result) => [result.line, result.action, result.stock.outcome])).toEqual([
      [2, 'updated', 'kept'],
      [3, 'created', 'new'],
    ]);
    expect(answer.results[1]).toMatchObject({ name: 'Chanderi Dupatta', stock: { before: null, after: 4, file: 4, exported: null } });
  });

  it('refuses an exported_stock that is not a whole number, writing nothing', async () => {
    const owner = await signedInOwner(t);
    const wrap = await sellableProduct(t, { variants: false, stock: 3 });
    const rows = rowsOf(await exportCsv(owner.asid), [wrap.productId], (row) => ({ ...row, stock: '8', exported_stock: 'three' }));
    const text = stringify(rows, { header: true });
    const response = await adminUpload(
      t.app,
      '/api/admin/product/importProducts',
      [{ bytes: Buffer.from(text), name: 'catalogue.csv', type: 'text/csv', field: 'file' }],
      { asid: owner.asid },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe(
      'Nothing was imported: 1 row has errors. Row 2: exported_stock must be a whole number, or empty',
    );
    expect(await stockOf(t.database.db, wrap)).toBe(3);
  });
});
