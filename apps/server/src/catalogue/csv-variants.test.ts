import { CATALOGUE_CSV_COLUMNS, type AdminProduct, type CsvImportRow } from '@shop/core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../audit/tables.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { stockMovements } from '../inventory/tables.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, adminUpload, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';
import { variants } from './tables.js';

// Issue 26: the catalogue CSV carries variants (a row per live variant with its SKU, colour, size, extra prices
// and stock) and imports them back: changes a variant named by its SKU, adds one by colour and size, never
// removes one, and keeps the exported_stock rule per variant. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
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

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

async function exportCsv(asid: string): Promise<Csv> {
  const response = await adminCall(t.app, 'GET', '/api/admin/product/exportProducts', { asid });
  expect(response.statusCode).toBe(200);
  return parse<Record<string, string>>(response.body, { columns: true });
}

const rowsOf = (csv: Csv, productIds: readonly string[]) => csv.filter((row) => productIds.includes(row.id!)).map((row) => ({ ...row }));

const upload = (asid: string, rows: Csv, columns?: readonly string[]) =>
  adminUpload(
    t.app,
    '/api/admin/product/importProducts',
    [
      {
        bytes: Buffer.from(stringify(rows, { header: true, ...(columns ? { columns: [...columns] } : {}) })),
        name: 'catalogue.csv',
        type: 'text/csv',
        field: 'file',
      },
    ],
    { asid },
  );

async function importCsv(asid: string, rows: Csv, columns?: readonly string[]): Promise<ImportAnswer> {
  const response = await upload(asid, rows, columns);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ImportAnswer>(response);
}

const details = async (asid: string, productId: string) =>
  dataOf<{ product: AdminProduct }>(await adminCall(t.app, 'GET', `/api/admin/product/getProductDetails/${productId}`, { asid })).product;

const variantsOf = (productId: string) =>
  t.database.db.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.position), asc(variants.id));

const ledgerRows = async () => (await t.database.db.select({ n: count() }).from(stockMovements))[0]!.n;
const auditRows = async (entity: string) =>
  (await t.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, entity)))[0]!.n;

/** A kurta sold in Blue M (the fixture's variant) and Red / L (₹50 extra), with their stock. */
async function kurta(asid: string, stock: { blue: number; red: number }) {
  const made = await sellableProduct(t, { stock: stock.blue });
  const added = await adminCall(t.app, 'POST', '/api/admin/product/addVariant', {
    asid,
    body: {
      product: made.productId,
      variantName: 'Red / L',
      variantColor: 'Red',
      variantSize: 'L',
      variantColorPrice: 5_000,
      variantSizePrice: 0,
      quantity: stock.red,
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  const [blue, red] = await variantsOf(made.productId);
  return { productId: made.productId, blue: blue!, red: red! };
}

describe('catalogue CSV variants (issue 26)', () => {
  it('exports a row per variant with its SKU, colour, size, extra prices and stock, and imports its own export back changing nothing', async () => {
    const owner = await signedInOwner(t);
    const shirt = await kurta(owner.asid, { blue: 10, red: 6 });
    const shawl = await sellableProduct(t, { variants: false, stock: 4 });
    const csv = await exportCsv(owner.asid);
    expect(rowsOf(csv, [shirt.productId, shawl.productId])).toMatchObject([
      {
        stock: '10',
        exported_stock: '10',
        variant_sku: shirt.blue.sku,
        variant_color: 'Blue',
        variant_size: 'M',
        variant_color_price: '0.00',
        variant_size_price: '0.00',
      },
      {
        stock: '6',
        exported_stock: '6',
        variant_sku: shirt.red.sku,
        variant_color: 'Red',
        variant_size: 'L',
        variant_color_price: '50.00',
        variant_size_price: '0.00',
      },
      {
        stock: '4',
        exported_stock: '4',
        variant_sku: '',
        variant_color: '',
        variant_size: '',
        variant_color_price: '',
        variant_size_price: '',
      },
    ]);
    // No product with variants exports its own (ignored) stock any more.
    expect(csv.filter((row) => row.variant_sku === '').every((row) => row.variant_color === '')).toBe(true);

    const ledger = await ledgerRows();
    const variantAudits = await auditRows('variant');
    const productAudits = await auditRows('product');
    const before = await variantsOf(shirt.productId);
    const answer = await importCsv(owner.asid, csv);
    const products = new Set(csv.map((row) => row.id)).size;
    expect(answer).toMatchObject({ created: 0, updated: products, rows: csv.length, stockConflicts: 0 });
    expect(answer.results.every((row) => row.changed.length === 0 && row.stock.outcome === 'kept')).toBe(true);
    expect(answer.results.filter((row) => row.productId === shirt.productId).map((row) => row.variant)).toEqual([
      { variantId: shirt.blue.id, sku: shirt.blue.sku, color: 'Blue', size: 'M', action: 'updated' },
      { variantId: shirt.red.id, sku: shirt.red.sku, color: 'Red', size: 'L', action: 'updated' },
    ]);
    expect(answer.results.find((row) => row.productId === shawl.productId)!.variant).toBeNull();
    // Nothing moved: no ledger row, no variant audit entry, the variants as they were; one product entry each, as before.
    expect(await ledgerRows()).toBe(ledger);
    expect(await auditRows('variant')).toBe(variantAudits);
    expect(await auditRows('product')).toBe(productAudits + products);
    expect(await variantsOf(shirt.productId)).toEqual(before);
    expect(await exportCsv(owner.asid)).toEqual(csv);
  });

  it('keeps the exported_stock rule per variant: a sale since the export stays, an edit onto a sold variant is refused', async () => {
    const owner = await signedInOwner(t);
    const shirt = await kurta(owner.asid, { blue: 10, red: 6 });
    const old = rowsOf(await exportCsv(owner.asid), [shirt.productId]);
    await placedOrder(t, mail, { productId: shirt.productId, variantId: shirt.blue.id, quantity: 3 });
    const blue = { productId: shirt.productId, variantId: shirt.blue.id };
    const red = { productId: shirt.productId, variantId: shirt.red.id };
    expect(await stockOf(t.database.db, blue)).toBe(7);

    // The old file as it was: the three pieces sold since stay sold.
    const again = await importCsv(owner.asid, old);
    expect([await stockOf(t.database.db, blue), await stockOf(t.database.db, red)]).toEqual([7, 6]);
    expect(again.results.map((row) => row.stock)).toEqual([
      { outcome: 'kept', before: 7, after: 7, file: 10, exported: 10 },
      { outcome: 'kept', before: 6, after: 6, file: 6, exported: 6 },
    ]);

    // Stock edited on the old file: Blue's refused (it sold since), Red's written.
    const edited = old.map((row) => ({ ...row, stock: row.variant_sku === shirt.blue.sku ? '20' : '9' }));
    const answer = await importCsv(owner.asid, edited);
    expect([await stockOf(t.database.db, blue), await stockOf(t.database.db, red)]).toEqual([7, 9]);
    expect(answer.stockConflicts).toBe(1);
    expect(answer.results.map((row) => [row.variant?.sku, row.stock])).toEqual([
      [shirt.blue.sku, { outcome: 'conflict', before: 7, after: 7, file: 20, exported: 10 }],
      [shirt.red.sku, { outcome: 'set', before: 6, after: 9, file: 9, exported: 6 }],
    ]);
    const moved = (
      await t.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, shirt.red.id)).orderBy(asc(stockMovements.id))
    ).at(-1);
    expect(moved).toMatchObject({ change: 3, quantityAfter: 9, reason: 'csv_import', actor: `admin:${owner.admin._id}` });
    expect(moved!.importId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('adds a variant by colour and size (its SKU made by the server), edits one by its SKU, and makes a new product with variants', async () => {
    const owner = await signedInOwner(t);
    const shirt = await kurta(owner.asid, { blue: 5, red: 2 });
    // The storefront has the product cached; the import drops it.
    expect(
      dataOf<{ product: { variants: unknown[] } }>(await jsonCall(t.app, 'GET', `/api/user/product/getProductDetails/${shirt.productId}`))
        .product.variants,
    ).toHaveLength(2);
    const rows = rowsOf(await exportCsv(owner.asid), [shirt.productId]);
    const edited = rows.map((row) =>
      row.variant_sku === shirt.red.sku ? { ...row, variant_color: 'Maroon', variant_size_price: '20.00' } : row,
    );
    const green = {
      ...rows[0]!,
      variant_sku: '',
      variant_color: 'Green',
      variant_size: 'XL',
      variant_color_price: '75.50',
      variant_size_price: '',
      stock: '4',
      exported_stock: '',
    };
    const lehenga = {
      id: '',
      name: 'Import Lehenga',
      description: 'Made by the file.',
      category_slug: '',
      price_rupees: '2500',
      discount_percent: '0',
      status: 'active',
      fabric: '',
      tags: '',
      exported_stock: '',
      variant_sku: '',
      variant_color_price: '',
    };
    const answer = await importCsv(owner.asid, [
      ...edited,
      green,
      { ...lehenga, stock: '2', variant_color: 'Pink', variant_size: 'S', variant_size_price: '' },
      { ...lehenga, stock: '3', variant_color: 'Pink', variant_size: 'M', variant_size_price: '100' },
    ]);
    expect(answer).toMatchObject({ created: 1, updated: 1, rows: 5, stockConflicts: 0 });
    const [, redRow, greenRow, pinkS, pinkM] = answer.results;
    expect(redRow).toMatchObject({ changed: ['variant_color', 'variant_size_price'], variant: { sku: shirt.red.sku, action: 'updated' } });
    expect(greenRow).toMatchObject({
      action: 'updated',
      changed: [],
      variant: { color: 'Green', size: 'XL', action: 'created' },
      stock: { outcome: 'new', before: null, after: 4, file: 4, exported: null },
    });
    // As addVariant makes it: the product's slug, colour, size and a random tail.
    expect(greenRow!.variant!.sku).toMatch(/^TEST-PRODUCT-.+-GREEN-XL-[0-9A-F]{4}$/);

    expect((await details(owner.asid, shirt.productId)).variants).toMatchObject([
      { variantColor: 'Blue', variantSize: 'M', quantity: 5 },
      // Named by default ('Red / L'), so its name follows its colour.
      {
        variantName: 'Maroon / L',
        variantColor: 'Maroon',
        variantSize: 'L',
        variantColorPrice: 5_000,
        variantSizePrice: 2_000,
        quantity: 2,
      },
      {
        _id: greenRow!.variant!.variantId,
        variantName: 'Green / XL',
        variantColor: 'Green',
        variantSize: 'XL',
        variantColorPrice: 7_550,
        variantSizePrice: 0,
        quantity: 4,
        sku: greenRow!.variant!.sku,
      },
    ]);
    const opening = await t.database.db.select().from(stockMovements).where(eq(stockMovements.variantId, greenRow!.variant!.variantId));
    expect(opening).toMatchObject([{ change: 4, quantityAfter: 4, reason: 'csv_import' }]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'variant.import')).orderBy(asc(auditLog.id));
    expect(audits.filter((entry) => [shirt.red.id, greenRow!.variant!.variantId].includes(entry.entityId))).toMatchObject([
      {
        entityId: shirt.red.id,
        before: { variantColor: 'Red', variantSizePrice: 0 },
        after: { variantColor: 'Maroon', variantSizePrice: 2_000 },
      },
      { entityId: greenRow!.variant!.variantId, before: null, after: { variantColor: 'Green', quantity: 4 } },
    ]);
    const storefront = dataOf<{ product: { variants: Array<{ variantColor: string }> } }>(
      await jsonCall(t.app, 'GET', `/api/user/product/getProductDetails/${shirt.productId}`),
    );
    expect(storefront.product.variants.map((variant) => variant.variantColor).sort()).toEqual(['Blue', 'Green', 'Maroon']);

    // Rows without an id and with one name are one new product, its variants from colour and size.
    expect(pinkS!.productId).toBe(pinkM!.productId);
    expect([pinkS, pinkM].map((row) => [row!.action, row!.variant!.action, row!.stock.outcome])).toEqual([
      ['created', 'created', 'new'],
      ['created', 'created', 'new'],
    ]);
    expect(await details(owner.asid, pinkS!.productId)).toMatchObject({
      productName: 'Import Lehenga',
      productStock: 0,
      availableStock: 5,
      variants: [
        { variantColor: 'Pink', variantSize: 'S', variantSizePrice: 0, quantity: 2 },
        { variantColor: 'Pink', variantSize: 'M', variantSizePrice: 10_000, quantity: 3 },
      ],
    });

    // The new variants export with their SKUs, and that export imports back changing nothing.
    const ledger = await ledgerRows();
    const next = rowsOf(await exportCsv(owner.asid), [shirt.productId, pinkS!.productId]);
    expect(next.map((row) => row.variant_sku)).toEqual([
      shirt.blue.sku,
      shirt.red.sku,
      greenRow!.variant!.sku,
      pinkS!.variant!.sku,
      pinkM!.variant!.sku,
    ]);
    const back = await importCsv(owner.asid, next);
    expect(back.results.every((row) => row.changed.length === 0 && row.stock.outcome === 'kept' && row.variant?.action === 'updated')).toBe(
      true,
    );
    expect(await ledgerRows()).toBe(ledger);
  });

  it('leaves a variant the file does not mention as it is', async () => {
    const owner = await signedInOwner(t);
    const shirt = await kurta(owner.asid, { blue: 5, red: 2 });
    const rows = rowsOf(await exportCsv(owner.asid), [shirt.productId]).filter((row) => row.variant_sku === shirt.blue.sku);
    await importCsv(owner.asid, [{ ...rows[0]!, stock: '8' }]);
    expect((await variantsOf(shirt.productId)).map((variant) => [variant.sku, variant.quantity])).toEqual([
      [shirt.blue.sku, 8],
      [shirt.red.sku, 2],
    ]);
  });

  it('refuses bad variant rows naming each row and column, and writes nothing', async () => {
    const owner = await signedInOwner(t);
    const shirt = await kurta(owner.asid, { blue: 5, red: 2 });
    const other = await sellableProduct(t, { name: 'Other Kurti', stock: 1 });
    const [otherVariant] = await variantsOf(other.productId);
    const gone = await sellableProduct(t, { name: 'Gone Kurti', stock: 0 });
    const [goneVariant] = await variantsOf(gone.productId);
    await t.database.db.update(variants).set({ archivedAt: new Date() }).where(eq(variants.id, goneVariant!.id));
    const csv = await exportCsv(owner.asid);
    const [red] = rowsOf(csv, [shirt.productId])
      .filter((row) => row.variant_sku === shirt.red.sku)
      .map((row) => ({ ...row, price_rupees: '999.00' }));
    const [goneRow] = rowsOf(csv, [gone.productId]);
    const add = (color: string, size: string, extra: Record<string, string> = {}) => ({
      ...red!,
      variant_sku: '',
      variant_color: color,
      variant_size: size,
      stock: '1',
      exported_stock: '',
      ...extra,
    });
    const rows = [
      red!, // row 2: fine
      add('Yellow', 'S', { stock: '-1' }), // 3
      { ...red!, variant_sku: 'NO-SUCH-SKU' }, // 4
      add('blue', 'm'), // 5: the product's Blue M
      add('Green', 'XL'), // 6: fine
      add('Green', 'xl'), // 7
      { ...red!, variant_sku: otherVariant!.sku }, // 8
      add('White', 'S', { description: 'Another text.' }), // 9
      { ...add('Pink', 'S'), id: '', name: 'Brand New', variant_sku: 'ANY' }, // 10
      add('Black', ''), // 11
      add('Grey', 'M', { variant_color_price: 'abc' }), // 12
      { ...goneRow!, variant_sku: goneVariant!.sku }, // 13
    ];
    const ledger = await ledgerRows();
    const audits = [await auditRows('product'), await auditRows('variant')];
    const before = await variantsOf(shirt.productId);

    const response = await upload(owner.asid, rows);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.fields).toEqual({
      'row 3': 'stock must be a whole number',
      'row 4': "no variant has the variant_sku 'NO-SUCH-SKU'",
      'row 5': `variant_color and variant_size: the product already has a Blue / M variant (variant_sku '${shirt.blue.sku}')`,
      'row 7': 'variant_color and variant_size Green / xl are the same as on row 6',
      'row 8': `variant_sku '${otherVariant!.sku}' is a variant of another product (Other Kurti)`,
      'row 9': 'description not as on row 2 (the rows of one product repeat its columns alike)',
      'row 10': 'variant_sku must be empty on the rows of a new product (the import makes its SKUs)',
      'row 11': 'variant_color and variant_size are both needed to add a variant (or variant_sku to change one)',
      'row 12': 'variant_color_price must be an amount in rupees like 150 or 150.50, or empty',
      'row 13': `variant_sku '${goneVariant!.sku}' is a removed variant`,
    });
    expect(body.error).toBe(
      'Nothing was imported: 10 rows have errors. Row 3: stock must be a whole number. ' +
        "Row 4: no variant has the variant_sku 'NO-SUCH-SKU'. " +
        `Row 5: variant_color and variant_size: the product already has a Blue / M variant (variant_sku '${shirt.blue.sku}'). ` +
        'Row 7: variant_color and variant_size Green / xl are the same as on row 6. ' +
        `Row 8: variant_sku '${otherVariant!.sku}' is a variant of another product (Other Kurti) …`,
    );
    expect(await ledgerRows()).toBe(ledger);
    expect([await auditRows('product'), await auditRows('variant')]).toEqual(audits);
    expect(await variantsOf(shirt.productId)).toEqual(before);
    expect((await details(owner.asid, shirt.productId)).productPrice).toBe(50_000);
    const lookup = await adminCall(t.app, 'GET', '/api/admin/product/getAllProducts?q=brand%20new', { asid: owner.asid });
    expect(dataOf<{ total: number }>(lookup).total).toBe(0);
  });

  it('still imports older files: without the variant columns, and without exported_stock', async () => {
    const owner = await signedInOwner(t);
    const shirt = await kurta(owner.asid, { blue: 5, red: 2 });
    const [first] = rowsOf(await exportCsv(owner.asid), [shirt.productId]);
    // What the export wrote before issue 26: one row per product, a product with variants with its own stock (0).
    const older = CATALOGUE_CSV_COLUMNS.slice(0, CATALOGUE_CSV_COLUMNS.indexOf('exported_stock') + 1);
    const ledger = await ledgerRows();
    const answer = await importCsv(owner.asid, [{ ...first!, price_rupees: '650.00', stock: '0', exported_stock: '0' }], older);
    expect(answer.results).toMatchObject([
      { variant: null, changed: ['price_rupees'], stock: { outcome: 'kept', before: 0, after: 0, file: 0, exported: 0 } },
    ]);
    expect((await details(owner.asid, shirt.productId)).productPrice).toBe(65_000);
    expect((await variantsOf(shirt.productId)).map((variant) => variant.quantity)).toEqual([5, 2]);
    expect(await ledgerRows()).toBe(ledger);

    const oldest = older.filter((column) => column !== 'exported_stock');
    const shawl = await sellableProduct(t, { variants: false, stock: 9 });
    const [plain] = rowsOf(await exportCsv(owner.asid), [shawl.productId]);
    const hand = await importCsv(owner.asid, [{ ...plain!, stock: '3' }], oldest);
    expect(hand.results).toMatchObject([{ variant: null, stock: { outcome: 'overwritten', before: 9, after: 3, exported: null } }]);
    expect(await stockOf(t.database.db, shawl)).toBe(3);
  });
});
