import { CATALOGUE_CSV_COLUMNS, type AdminCategory, type AdminProduct } from '@shop/core';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { adminCall, adminUpload, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';
import { packageSizes } from './queries.js';

// Issue 42: a product's parcel (weight in grams, sides in cm) for the courier's booking: its own, else its
// category's default, which the owner edits on the categories page; the product form and the catalogue CSV carry it.
const t = useTestApp();

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;

let owner: SignedInAdminForTest;
let catalogue: Awaited<ReturnType<typeof seedTestCatalogue>>;

beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  catalogue = await seedTestCatalogue(t.services);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) => adminCall(t.app, method, url, { asid: owner.asid, body });
const product = async (productId: string) =>
  dataOf<{ product: AdminProduct }>(await call('GET', `/api/admin/product/getProductDetails/${productId}`)).product;

const KURTA = {
  productName: 'Parcel Kurta',
  productDescription: 'Cotton.',
  productPrice: 99_900,
  productDiscount: 0,
  productStock: 2,
};

describe('parcel sizes', () => {
  it("keeps a product's own weight and sides, blanks falling back to its category's default, which the owner edits", async () => {
    const created = await call('POST', '/api/admin/product/createProduct', {
      ...KURTA,
      category: catalogue.categories.kurtis,
      packageWeightGrams: 350,
      packageHeightCm: 3,
    });
    expect(created.statusCode, created.body).toBe(200);
    const made = dataOf<{ product: AdminProduct }>(created).product;
    expect(made).toMatchObject({
      packageWeightGrams: 350,
      packageLengthCm: null,
      packageBreadthCm: null,
      packageHeightCm: 3,
      categoryPackage: { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 5 },
    });

    const edited = await call('PUT', `/api/admin/category/updateCategory/${catalogue.categories.kurtis}`, {
      packageWeightGrams: 400,
      packageLengthCm: 32,
      packageBreadthCm: 26,
      packageHeightCm: 4,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<{ category: AdminCategory }>(edited).category).toMatchObject({
      categoryName: 'Kurtis',
      packageWeightGrams: 400,
      packageLengthCm: 32,
      packageBreadthCm: 26,
      packageHeightCm: 4,
    });
    expect((await product(made._id)).categoryPackage).toEqual({ weightGrams: 400, lengthCm: 32, breadthCm: 26, heightCm: 4 });
    // The courier's parcel: the product's own where set, the category's for the rest.
    expect((await packageSizes(t.database.db, [made._id])).get(made._id)).toEqual({
      weightGrams: 350,
      lengthCm: 32,
      breadthCm: 26,
      heightCm: 3,
    });

    // An update that omits them keeps them; null hands one back to the category.
    const update = { ...KURTA, category: catalogue.categories.kurtis };
    expect((await call('PUT', `/api/admin/product/updateProduct/${made._id}`, update)).statusCode).toBe(200);
    expect(await product(made._id)).toMatchObject({ packageWeightGrams: 350, packageHeightCm: 3 });
    const cleared = await call('PUT', `/api/admin/product/updateProduct/${made._id}`, { ...update, packageWeightGrams: null });
    expect(cleared.statusCode).toBe(200);
    expect(await product(made._id)).toMatchObject({ packageWeightGrams: null, packageHeightCm: 3 });
  });

  it('refuses a weight or side out of range with the field named, saving nothing', async () => {
    const refused = await call('POST', '/api/admin/product/createProduct', {
      ...KURTA,
      productName: 'Too heavy',
      packageWeightGrams: 50_001,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe('packageWeightGrams: Package weight (g) must be a whole number from 1 to 50000.');
    const category = await call('PUT', `/api/admin/category/updateCategory/${catalogue.categories.sarees}`, { packageLengthCm: 0 });
    expect(category.statusCode).toBe(400);
    expect(errorOf(category)).toBe('packageLengthCm: Package length (cm) must be a whole number from 1 to 300.');
  });

  it('exports the parcel columns (empty: the category’s) and imports them back; a file without them keeps them', async () => {
    const made = dataOf<{ product: AdminProduct }>(
      await call('POST', '/api/admin/product/createProduct', { ...KURTA, productName: 'CSV Kurta', packageWeightGrams: 250 }),
    ).product;
    const exported = await adminCall(t.app, 'GET', '/api/admin/product/exportProducts', { asid: owner.asid });
    const rows = parse<Record<string, string>>(exported.body, { columns: true });
    const row = rows.find((each) => each.id === made._id)!;
    expect(row).toMatchObject({ package_weight_grams: '250', package_length_cm: '', package_breadth_cm: '', package_height_cm: '' });

    const upload = (cells: Array<Record<string, string>>, columns: readonly string[]) =>
      adminUpload(
        t.app,
        '/api/admin/product/importProducts',
        [{ bytes: Buffer.from(stringify(cells, { header: true, columns: [...columns] })), name: 'c.csv', type: 'text/csv', field: 'file' }],
        { asid: owner.asid },
      );
    const changed = await upload([{ ...row, package_weight_grams: '', package_length_cm: '40' }], CATALOGUE_CSV_COLUMNS);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(dataOf<{ results: Array<{ changed: string[] }> }>(changed).results[0]!.changed).toEqual([
      'package_weight_grams',
      'package_length_cm',
    ]);
    expect(await product(made._id)).toMatchObject({ packageWeightGrams: null, packageLengthCm: 40 });

    // An export from before the columns existed leaves the parcel as it is.
    const older = CATALOGUE_CSV_COLUMNS.filter((column) => !column.startsWith('package_'));
    expect((await upload([{ ...row, package_length_cm: '99' }], older)).statusCode).toBe(200);
    expect(await product(made._id)).toMatchObject({ packageLengthCm: 40 });

    const bad = await upload([{ ...row, package_height_cm: '2.5' }], CATALOGUE_CSV_COLUMNS);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain("package_height_cm must be a whole number from 1 to 300, or empty for the category's");
    expect(await product(made._id)).toMatchObject({ packageHeightCm: null });
  });
});
