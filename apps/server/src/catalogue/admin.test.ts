import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, type AdminCategory, type AdminProduct, type AdminProductRow, type AuditEntry, type Bill } from '@shop/core';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, adminUpload, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';
import { placedOrder } from '../test/order-fixture.js';
import { selectRows } from '../db/database.js';
import { refreshKeywords } from './admin-products.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
let catalogue: Awaited<ReturnType<typeof seedTestCatalogue>>;
const images: Record<'png' | 'jpeg' | 'webp' | 'avif' | 'gif', Buffer> = {} as never;

beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  catalogue = await seedTestCatalogue(t.services);
  const picture = (colour: string) => sharp({ create: { width: 40, height: 60, channels: 3, background: colour } });
  images.png = await picture('#aa2244').png().toBuffer();
  images.jpeg = await picture('#22aa44').jpeg().toBuffer();
  images.webp = await picture('#2244aa').webp().toBuffer();
  images.avif = await picture('#aaaa22').avif().toBuffer();
  images.gif = await picture('#22aaaa').gif().toBuffer();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: owner.asid, body });
const product = async (productId: string) =>
  dataOf<{ product: AdminProduct }>(await call('GET', `/api/admin/product/getProductDetails/${productId}`)).product;
const audit = async (query: string) => dataOf<{ entries: AuditEntry[] }>(await call('GET', `/api/admin/audit?${query}`)).entries;
const storefront = (productId: string) => jsonCall(t.app, 'GET', `/api/user/product/getProductDetails/${productId}`);

const NEW_PRODUCT = {
  productName: 'Ikat Cotton Kurta',
  productDescription: 'Hand-dyed ikat on soft cotton.',
  productPrice: 189_900,
  productDiscount: 10,
  productStock: 6,
};

describe('products', () => {
  // Demo and test data made products their own way (the search words joined in JavaScript, colours in the order
  // given), beside the back-office's and the CSV import's; all three go through insertNewProduct now, and the
  // search words are refreshKeywords' wherever a product comes from.
  it('makes demo and test products as the back-office does: the same search words, stock in the ledger', async () => {
    const productId = await t.services.catalogueAdmin.createProduct({
      name: 'Zari Lehenga',
      slug: 'zari-lehenga-one-path',
      description: 'Heavy zari work.',
      categoryId: catalogue.categories.silk,
      pricePaise: 2_499_900,
      fabric: 'Silk',
      tags: ['wedding'],
      variants: [
        { variantName: 'Wine / M', variantColor: 'Wine', variantSize: 'M', quantity: 2, sku: 'ZL-ONE-WINE-M' },
        { variantName: 'Blue / M', variantColor: 'Blue', variantSize: 'M', quantity: 1, sku: 'ZL-ONE-BLUE-M' },
      ],
    });
    const keywords = async () =>
      (await selectRows<{ k: string }>(t.database.db, sql`select search_keywords as k from products where id = ${productId}`))[0]?.k;
    const made = await keywords();
    await t.database.db.transaction((tx) => refreshKeywords(tx, [productId]));
    expect(made).toBe(await keywords());
    expect(made).toBe('Silk sarees wedding Silk Blue Wine');
    const ledger = await selectRows(
      t.database.db,
      sql`select reason from stock_movements where product_id = ${productId} and reason = 'seed'`,
    );
    expect(ledger).toHaveLength(2);
  });

  it('creates a draft, saves every field of an update (stock included), archives, and the storefront follows at once', async () => {
    const created = await call('POST', '/api/admin/product/createProduct', { ...NEW_PRODUCT, category: catalogue.categories.kurtis });
    expect(created.statusCode).toBe(200);
    const made = dataOf<{ product: AdminProduct }>(created).product;
    expect(made).toMatchObject({
      productName: 'Ikat Cotton Kurta',
      slug: 'ikat-cotton-kurta',
      productPrice: 189_900,
      productDiscount: 10,
      sellingPrice: 170_900, // ₹1,709.10 → ₹1,709
      productStock: 6,
      availableStock: 6,
      status: 'draft',
      category: { _id: catalogue.categories.kurtis, categoryName: 'Kurtis' },
      productImages: [],
      variants: [],
    });
    expect((await storefront(made._id)).statusCode).toBe(404);

    const update = {
      productName: 'Ikat Kurta',
      productDescription: 'Now with pockets.',
      productPrice: 199_900,
      productDiscount: 20,
      productStock: 9,
      category: catalogue.categories.dresses,
      status: 'active',
    };
    const updated = await call('PUT', `/api/admin/product/updateProduct/${made._id}`, update);
    expect(updated.statusCode).toBe(200);
    expect(dataOf<{ product: AdminProduct }>(updated).product).toMatchObject({
      productName: 'Ikat Kurta',
      productDescription: 'Now with pockets.',
      productPrice: 199_900,
      productDiscount: 20,
      productStock: 9,
      availableStock: 9,
      status: 'active',
      category: { categoryName: 'Dresses' },
    });
    // Cached before the change, fresh right after it: the change notice emptied the storefront cache.
    expect(dataOf<{ product: { productName: string } }>(await storefront(made._id)).product.productName).toBe('Ikat Kurta');
    await call('PUT', `/api/admin/product/updateProduct/${made._id}`, { ...update, productName: 'Ikat Kurta Dress' });
    expect(dataOf<{ product: { productName: string } }>(await storefront(made._id)).product.productName).toBe('Ikat Kurta Dress');
    const search = await jsonCall(t.app, 'GET', '/api/user/product/search?q=ikat');
    expect(dataOf<{ products: Array<{ _id: string }> }>(search).products.map((item) => item._id)).toContain(made._id);

    const archived = await call('POST', `/api/admin/product/archiveProduct/${made._id}`);
    expect(dataOf<{ product: AdminProduct }>(archived).product.status).toBe('archived');
    expect((await storefront(made._id)).statusCode).toBe(404);

    const entries = await audit(`entity=product&entityId=${made._id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['product.archive', 'product.update', 'product.update', 'product.create']);
    expect(entries[2]).toMatchObject({
      actor: { _id: owner.admin._id, label: `Meera Kapoor <${owner.email}>` },
      before: { productName: 'Ikat Cotton Kurta', productStock: 6, status: 'draft', category: catalogue.categories.kurtis },
      after: { productName: 'Ikat Kurta', productStock: 9, status: 'active', category: catalogue.categories.dresses },
    });
  });

  it('applies a stock edit as a change when the form sends the stock it started from', async () => {
    const made = dataOf<{ product: AdminProduct }>(await call('POST', '/api/admin/product/createProduct', NEW_PRODUCT)).product;
    // A sale of 2 happens while the owner edits 6 → 10 on a form loaded at 6.
    await t.database.db.execute(sql`update products set stock = stock - 2 where id = ${made._id}`);
    const edited = await call('PUT', `/api/admin/product/updateProduct/${made._id}`, {
      ...NEW_PRODUCT,
      productStock: 10,
      previousStock: 6,
    });
    expect(dataOf<{ product: AdminProduct }>(edited).product.productStock).toBe(8);
    const tooFew = await call('PUT', `/api/admin/product/updateProduct/${made._id}`, { ...NEW_PRODUCT, productStock: 0, previousStock: 9 });
    expect([tooFew.statusCode, errorOf(tooFew)]).toEqual([409, 'The stock changed while you were editing (now 8). Reload and try again.']);
  });

  it('refuses invalid product payloads with the field named', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...NEW_PRODUCT, productName: '  ' }, 'productName: Product name is required.'],
      [{ ...NEW_PRODUCT, productPrice: 1499.5 }, 'productPrice: productPrice must be a whole number of paise'],
      [{ ...NEW_PRODUCT, productPrice: -1 }, 'productPrice: productPrice must not be negative'],
      [{ ...NEW_PRODUCT, productDiscount: 95 }, 'productDiscount: productDiscount must be from 0 to 90'],
      [{ ...NEW_PRODUCT, productStock: '5' }, 'productStock: productStock must be a whole number'],
      [{ ...NEW_PRODUCT, status: 'sold' }, 'status: status must be draft, active or archived'],
      [{ ...NEW_PRODUCT, category: 'kurtis' }, 'category: category must be an id'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/admin/product/createProduct', body);
      expect([response.statusCode, errorOf(response)]).toEqual([400, message]);
    }
    const unknownCategory = await call('POST', '/api/admin/product/createProduct', {
      ...NEW_PRODUCT,
      category: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknownCategory.statusCode, errorOf(unknownCategory)]).toEqual([404, 'Category not found']);
    const missing = await call('GET', '/api/admin/product/getProductDetails/00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, errorOf(missing)]).toEqual([404, 'Product not found']);
  });

  it("takes the product's own HSN code (4–8 digits) over its category's, and bills tax it by that code: a ₹8,099 silk saree under 5007 at 5 %", async () => {
    const created = await call('POST', '/api/admin/product/createProduct', {
      ...NEW_PRODUCT,
      productName: 'Kanjivaram Silk Saree',
      productPrice: 8_09_900,
      productDiscount: 0,
      category: catalogue.categories.kurtis,
      status: 'active',
      hsnCode: '5007',
    });
    expect(created.statusCode, created.body).toBe(200);
    const saree = dataOf<{ product: AdminProduct }>(created).product;
    expect(saree.hsnCode).toBe('5007');
    expect(saree.categoryHsnCode).toMatch(/^\d{4,8}$/);
    const bill = async () => {
      const response = await call('POST', '/api/admin/bill/createBill', { items: [{ productId: saree._id, quantity: 1 }] });
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<{ bill: Bill }>(response).bill.items[0]!;
    };
    expect(await bill()).toMatchObject({ hsnCode: '5007', gstRate: 5, taxableValue: 7_71_334 });

    // Cleared: the category's code (garments, chapter 62) and its rate, 18 % above ₹2,500 a piece.
    const cleared = await call('PUT', `/api/admin/product/updateProduct/${saree._id}`, {
      ...NEW_PRODUCT,
      productPrice: 8_09_900,
      productDiscount: 0,
      hsnCode: '',
    });
    expect(dataOf<{ product: AdminProduct }>(cleared).product.hsnCode).toBeNull();
    expect(await bill()).toMatchObject({ hsnCode: saree.categoryHsnCode, gstRate: 18 });
    // Omitted on an update: kept.
    await call('PUT', `/api/admin/product/updateProduct/${saree._id}`, { ...NEW_PRODUCT, hsnCode: '50072010' });
    expect((await product(saree._id)).hsnCode).toBe('50072010');
    await call('PUT', `/api/admin/product/updateProduct/${saree._id}`, NEW_PRODUCT);
    expect((await product(saree._id)).hsnCode).toBe('50072010');

    for (const hsnCode of ['500', '5007A', '123456789']) {
      const refused = await call('POST', '/api/admin/product/createProduct', { ...NEW_PRODUCT, hsnCode });
      expect([refused.statusCode, errorOf(refused)]).toEqual([400, 'hsnCode: HSN code must be 4 to 8 digits.']);
    }
  });

  it('lists every status with search, category, status, sort and paging, highlighting low stock', async () => {
    const all = dataOf<{ products: AdminProductRow[]; total: number }>(await call('GET', '/api/admin/product/getAllProducts?sort=name'));
    expect(all.total).toBeGreaterThanOrEqual(7);
    const names = all.products.map((row) => row.productName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const drafts = dataOf<{ products: AdminProductRow[] }>(await call('GET', '/api/admin/product/getAllProducts?status=draft')).products;
    expect(drafts.every((row) => row.status === 'draft')).toBe(true);
    expect(drafts.map((row) => row.productName)).toContain('Secret Draft Lehenga');
    const bySku = dataOf<{ products: AdminProductRow[] }>(await call('GET', '/api/admin/product/getAllProducts?q=T-CHI-BLU')).products;
    expect(bySku.map((row) => row.productName)).toEqual(['Chikankari Kurti']);
    expect(bySku[0]).toMatchObject({ variantCount: 3, availableStock: 6, lowStock: true, category: { categoryName: 'Kurtis' } });
    const kurtis = dataOf<{ products: AdminProductRow[] }>(
      await call('GET', `/api/admin/product/getAllProducts?category=${catalogue.categories.kurtis}&sort=price_asc`),
    ).products;
    expect(kurtis.every((row) => row.category?._id === catalogue.categories.kurtis)).toBe(true);
    const beyond = dataOf<{ products: AdminProductRow[]; total: number }>(await call('GET', '/api/admin/product/getAllProducts?page=99'));
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(all.total);
    const bad = await call('GET', '/api/admin/product/getAllProducts?sort=cheapest');
    expect(bad.statusCode).toBe(400);
  });
});

describe('variants', () => {
  const SPEC_PAYLOAD = {
    admin: 'someone-else-entirely',
    variantName: 'Red M',
    variantDescription: 'Festive red',
    variantColor: 'Red',
    variantSize: 'M',
    variantColorPrice: 5_000,
    variantSizePrice: 0,
    quantity: 4,
  };

  it('adds a variant from the spec payload (admin from the session), edits it in place, and refuses a second Red M', async () => {
    const made = dataOf<{ product: AdminProduct }>(
      await call('POST', '/api/admin/product/createProduct', { ...NEW_PRODUCT, status: 'active' }),
    ).product;
    const added = await call('POST', '/api/admin/product/addVariant', { ...SPEC_PAYLOAD, product: made._id });
    expect(added.statusCode).toBe(200);
    const { product: withVariant, variantId } = dataOf<{ product: AdminProduct; variantId: string }>(added);
    expect(withVariant.variants).toEqual([
      {
        _id: variantId,
        variantName: 'Red M',
        variantDescription: 'Festive red',
        variantColor: 'Red',
        variantSize: 'M',
        variantColorPrice: 5_000,
        variantSizePrice: 0,
        quantity: 4,
        sku: withVariant.variants[0]!.sku,
        lowStock: false,
      },
    ]);
    expect(withVariant.variants[0]!.sku).toMatch(/^IKAT-COTTON-KURT-RED-M-[0-9A-F]{4}$/);
    // With variants, what can be sold is their quantities, not the product's own stock.
    expect(withVariant).toMatchObject({ productStock: 6, availableStock: 4 });
    const [entry] = await audit(`entity=variant&entityId=${variantId}`);
    expect(entry).toMatchObject({ action: 'variant.create', actor: { _id: owner.admin._id }, after: { variantColor: 'Red', quantity: 4 } });
    expect(JSON.stringify(entry)).not.toContain('someone-else-entirely');

    const twin = await call('POST', '/api/admin/product/addVariant', { ...SPEC_PAYLOAD, variantColor: 'red', product: made._id });
    expect([twin.statusCode, errorOf(twin)]).toEqual([409, 'This product already has a red M variant.']);

    const edited = await call('PUT', '/api/admin/product/updateVariant', {
      productId: made._id,
      variantId,
      quantity: 2,
      variantColorPrice: 7_500,
      variantSizePrice: 1_000,
    });
    expect(dataOf<{ product: AdminProduct }>(edited).product.variants[0]).toMatchObject({
      quantity: 2,
      variantColorPrice: 7_500,
      variantSizePrice: 1_000,
      lowStock: true,
    });
    const shown = dataOf<{ product: { variants: Array<{ price: { mrp: number } }> } }>(await storefront(made._id)).product;
    expect(shown.variants[0]!.price.mrp).toBe(189_900 + 7_500 + 1_000);
  });

  it('refuses invalid variant payloads with the field named', async () => {
    const productId = catalogue.ids.wrap;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...SPEC_PAYLOAD, product: productId, variantColor: '' }, 'variantColor: Colour is required.'],
      [{ ...SPEC_PAYLOAD, product: productId, variantSize: undefined }, 'variantSize: Size is required.'],
      [{ ...SPEC_PAYLOAD, product: productId, variantName: ' ' }, 'variantName: Variant name is required.'],
      [
        { ...SPEC_PAYLOAD, product: productId, variantColorPrice: 12.5 },
        'variantColorPrice: variantColorPrice must be a whole number of paise',
      ],
      [{ ...SPEC_PAYLOAD, product: productId, variantSizePrice: -100 }, 'variantSizePrice: variantSizePrice must not be negative'],
      [{ ...SPEC_PAYLOAD, product: productId, quantity: 1.5 }, 'quantity: quantity must be a whole number'],
      [{ ...SPEC_PAYLOAD, product: productId, quantity: -1 }, 'quantity: quantity must not be negative'],
      [{ ...SPEC_PAYLOAD, product: 'wrap-dress' }, 'product: product must be an id'],
      [{ ...SPEC_PAYLOAD, product: productId, variantColor: 'x'.repeat(41) }, 'variantColor: variantColor: at most 40 characters'],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', '/api/admin/product/addVariant', body);
      expect([response.statusCode, errorOf(response)]).toEqual([400, message]);
    }
    const unknown = await call('POST', '/api/admin/product/addVariant', {
      ...SPEC_PAYLOAD,
      product: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknown.statusCode, errorOf(unknown)]).toEqual([404, 'Product not found']);
    const wrongProduct = await call('DELETE', '/api/admin/product/removeVariant', {
      productId: catalogue.ids.maxi,
      variantId: (await product(productId)).variants[0]!._id,
    });
    expect([wrongProduct.statusCode, errorOf(wrongProduct)]).toEqual([404, 'Variant not found']);
  });

  it('deletes a variant nobody ordered, and archives one with orders: out of the storefront, history kept, Red M addable again', async () => {
    const made = dataOf<{ product: AdminProduct }>(
      await call('POST', '/api/admin/product/createProduct', { ...NEW_PRODUCT, status: 'active' }),
    ).product;
    const add = async (body: object) =>
      dataOf<{ variantId: string }>(await call('POST', '/api/admin/product/addVariant', { ...SPEC_PAYLOAD, product: made._id, ...body }))
        .variantId;
    const unordered = await add({ variantName: 'Blue S', variantColor: 'Blue', variantSize: 'S' });
    const ordered = await add({});
    await placedOrder(t, mail, { productId: made._id, variantId: ordered, quantity: 1 });

    const first = await call('DELETE', '/api/admin/product/removeVariant', { productId: made._id, variantId: unordered });
    expect(dataOf<{ removed: string }>(first).removed).toBe('deleted');
    const second = await call('DELETE', '/api/admin/product/removeVariant', { productId: made._id, variantId: ordered });
    expect(dataOf<{ removed: string; product: AdminProduct }>(second)).toMatchObject({
      removed: 'archived',
      product: { variants: [], availableStock: 0 },
    });
    const again = await call('DELETE', '/api/admin/product/removeVariant', { productId: made._id, variantId: ordered });
    expect([again.statusCode, errorOf(again)]).toEqual([404, 'Variant not found']);

    const shown = dataOf<{ product: { variants: unknown[]; colors: string[] } }>(await storefront(made._id)).product;
    expect(shown.variants).toEqual([]);
    expect(shown.colors).toEqual([]);
    const filtered = dataOf<{ products: Array<{ _id: string }> }>(
      await jsonCall(t.app, 'GET', '/api/user/product/filter?color=Red&size=M'),
    );
    expect(filtered.products.map((item) => item._id)).not.toContain(made._id);

    expect(await add({})).not.toBe(ordered);
    expect((await audit(`entity=variant&entityId=${ordered}`)).map((entry) => entry.action)).toEqual(['variant.archive', 'variant.create']);
    expect((await audit(`entity=variant&entityId=${unordered}`))[0]).toMatchObject({
      action: 'variant.delete',
      after: null,
      before: { variantColor: 'Blue' },
    });
  });
});

describe('photos', () => {
  const upload = (productId: string, files: Parameters<typeof adminUpload>[2]) =>
    adminUpload(t.app, `/api/admin/product/addProductPhotos/${productId}`, files, { asid: owner.asid });
  const filesOf = (key: string) => IMAGE_WIDTHS.map((width) => path.join(t.mediaDir, `${key}-${width}.webp`));

  it('writes a rendition a photo is missing (a width added after its upload) from its largest one', async () => {
    const made = dataOf<{ product: AdminProduct }>(
      await call('POST', '/api/admin/product/createProduct', { ...NEW_PRODUCT, status: 'active' }),
    ).product;
    const uploaded = dataOf<{ product: AdminProduct }>(
      await upload(made._id, [{ bytes: await sharp(images.jpeg).tint('#654321').jpeg().toBuffer(), name: 'late.jpg', type: 'image/jpeg' }]),
    ).product.productImages[0]!;
    const missing = path.join(t.mediaDir, `${uploaded.public_id}-960.webp`);
    rmSync(missing);
    expect(await t.services.adminProducts.addMissingRenditions()).toBe(1);
    expect((await sharp(missing).metadata()).width).toBe(960);
    // Nothing is missing any more: nothing is written again.
    expect(await t.services.adminProducts.addMissingRenditions()).toBe(0);
  });

  it('gives a photo that has AVIF renditions a new width in AVIF too, so the srcset pages offer is whole', async () => {
    const made = dataOf<{ product: AdminProduct }>(
      await call('POST', '/api/admin/product/createProduct', { ...NEW_PRODUCT, status: 'active' }),
    ).product;
    const uploaded = dataOf<{ product: AdminProduct }>(
      await upload(made._id, [{ bytes: await sharp(images.jpeg).tint('#336655').jpeg().toBuffer(), name: 'avif.jpg', type: 'image/jpeg' }]),
    ).product.productImages[0]!;
    expect(await t.services.media.addAvif(uploaded.public_id)).toBe(true);
    // As if 480 w had been added to IMAGE_WIDTHS after this photo was encoded.
    const width = IMAGE_WIDTHS.find((each) => each === 480)!;
    const [webp, avif] = (['webp', 'avif'] as const).map((format) => path.join(t.mediaDir, `${uploaded.public_id}-${width}.${format}`));
    rmSync(webp!);
    rmSync(avif!);
    expect(await t.services.adminProducts.addMissingRenditions()).toBe(2);
    expect((await sharp(webp).metadata()).width).toBe(width);
    expect([(await sharp(avif).metadata()).compression, (await sharp(avif).metadata()).width]).toEqual(['av1', width]);
    expect(await t.services.adminProducts.addMissingRenditions()).toBe(0);
  });

  it('stores JPEG, PNG, WebP and AVIF by content in the WebP widths, reorders, chooses the cover and deletes with the files', async () => {
    const made = dataOf<{ product: AdminProduct }>(
      await call('POST', '/api/admin/product/createProduct', { ...NEW_PRODUCT, status: 'active' }),
    ).product;
    const response = await upload(made._id, [
      { bytes: images.png, name: 'front.png', type: 'image/png' },
      { bytes: images.jpeg, name: 'back.jpg', type: 'image/jpeg' },
      { bytes: images.webp, name: 'side.webp', type: 'image/webp' },
      { bytes: images.avif, name: 'detail.avif', type: 'image/avif' },
      // A PNG with a wrong name and declared type is still a PNG.
      { bytes: await sharp(images.png).flop().tint('#123456').png().toBuffer(), name: 'snapshot.txt', type: 'text/plain' },
    ]);
    expect(response.statusCode).toBe(200);
    const photos = dataOf<{ product: AdminProduct }>(response).product.productImages;
    expect(photos).toHaveLength(5);
    for (const photo of photos) {
      expect(photo.public_id).toMatch(new RegExp(`^${made._id}/[a-f0-9]{20}$`));
      expect(photo.secure_url).toBe(`/media/${photo.public_id}-640.webp`);
      for (const file of filesOf(photo.public_id)) expect(existsSync(file)).toBe(true);
    }
    // The same photo again is not added twice.
    const repeat = await upload(made._id, [{ bytes: images.png, name: 'front.png', type: 'image/png' }]);
    expect(dataOf<{ product: AdminProduct }>(repeat).product.productImages).toHaveLength(5);

    const keys = photos.map((photo) => photo.public_id);
    const reordered = await call('PUT', `/api/admin/product/reorderProductPhotos/${made._id}`, { order: [...keys].reverse() });
    expect(dataOf<{ product: AdminProduct }>(reordered).product.productImages.map((photo) => photo.public_id)).toEqual([...keys].reverse());
    const partial = await call('PUT', `/api/admin/product/reorderProductPhotos/${made._id}`, { order: keys.slice(1) });
    expect([partial.statusCode, errorOf(partial)]).toEqual([400, 'order must list every photo of the product once.']);
    const cover = await call('PUT', `/api/admin/product/setCoverPhoto/${made._id}`, { public_id: keys[2] });
    expect(dataOf<{ product: AdminProduct }>(cover).product.productImages.map((photo) => photo.public_id)).toEqual([
      keys[2],
      keys[4],
      keys[3],
      keys[1],
      keys[0],
    ]);
    const card = dataOf<{ product: { image: { public_id: string } } }>(await storefront(made._id)).product.image;
    expect(card.public_id).toBe(keys[2]);

    const removed = await call('DELETE', '/api/admin/product/deleteProductPhotos', { productId: made._id, public_id: keys[2] });
    const afterDelete = dataOf<{ product: AdminProduct }>(removed).product;
    expect(afterDelete.productImages.map((photo) => photo.public_id)).toEqual([keys[4], keys[3], keys[1], keys[0]]);
    // Undoable for a day: listed as deleted, its files kept.
    expect(afterDelete.deletedImages.map(({ public_id, secure_url }) => ({ public_id, secure_url }))).toEqual([
      { public_id: keys[2], secure_url: `/media/${keys[2]}-640.webp` },
    ]);
    expect(Date.parse(afterDelete.deletedImages[0]!.deletedAt)).toBeGreaterThan(Date.now() - 60_000);
    for (const file of filesOf(keys[2]!)) expect(existsSync(file)).toBe(true);
    const gone = await call('DELETE', '/api/admin/product/deleteProductPhotos', { productId: made._id, public_id: keys[2] });
    expect([gone.statusCode, errorOf(gone)]).toEqual([404, 'Photo not found']);
    const restored = await call('POST', '/api/admin/product/restoreProductPhoto', { productId: made._id, public_id: keys[2] });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = dataOf<{ product: AdminProduct }>(restored).product;
    // The same photo, back at its place: the cover again.
    expect(back.productImages.map((photo) => photo.public_id)).toEqual([keys[2], keys[4], keys[3], keys[1], keys[0]]);
    expect(back.deletedImages).toEqual([]);
    expect(dataOf<{ product: { image: { public_id: string } } }>(await storefront(made._id)).product.image.public_id).toBe(keys[2]);

    // After a day it can no longer be restored, and the next delete purges its files.
    await call('DELETE', '/api/admin/product/deleteProductPhotos', { productId: made._id, public_id: keys[2] });
    await t.database.db.execute(
      sql`update deleted_product_images set deleted_at = deleted_at - interval '25 hours' where storage_key = ${keys[2]!}`,
    );
    expect((await product(made._id)).deletedImages).toEqual([]);
    const late = await call('POST', '/api/admin/product/restoreProductPhoto', { productId: made._id, public_id: keys[2] });
    expect([late.statusCode, errorOf(late)]).toEqual([404, 'This photo can no longer be restored.']);
    await call('DELETE', '/api/admin/product/deleteProductPhotos', { productId: made._id, public_id: keys[0] });
    for (const file of filesOf(keys[2]!)) expect(existsSync(file)).toBe(false);
    for (const file of filesOf(keys[0]!)) expect(existsSync(file)).toBe(true);
    const actions = (await audit(`entity=photo&entityId=${made._id}`)).map((entry) => entry.action);
    expect(actions).toEqual([
      'photo.delete',
      'photo.delete',
      'photo.restore',
      'photo.delete',
      'photo.cover',
      'photo.reorder',
      ...Array<string>(5).fill('photo.add'),
    ]);
  });

  it('refuses a text file named .png, GIF, an 11 MB image, 11 files and no files, storing nothing', async () => {
    const made = dataOf<{ product: AdminProduct }>(await call('POST', '/api/admin/product/createProduct', NEW_PRODUCT)).product;
    const cases: Array<[Parameters<typeof adminUpload>[2], string]> = [
      [[{ bytes: Buffer.from('definitely not a picture'), name: 'photo.png', type: 'image/png' }], 'Only image files can be uploaded'],
      [
        [
          { bytes: images.jpeg, name: 'good.jpg', type: 'image/jpeg' },
          { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'logo.svg', type: 'image/svg+xml' },
        ],
        'Only image files can be uploaded',
      ],
      [[{ bytes: images.gif, name: 'anim.gif', type: 'image/gif' }], 'Only image files can be uploaded'],
      [
        [{ bytes: Buffer.concat([images.png, Buffer.alloc(11 * 1024 * 1024)]), name: 'huge.png', type: 'image/png' }],
        'Each image must be at most 10 MB.',
      ],
      [
        Array.from({ length: 11 }, (_, index) => ({ bytes: images.webp, name: `p${index}.webp`, type: 'image/webp' })),
        'At most 10 images can be uploaded at once.',
      ],
      [[{ bytes: images.png, name: 'other-field.png', type: 'image/png', field: 'photos' }], 'No files selected.'],
    ];
    for (const [files, message] of cases) {
      const response = await upload(made._id, files);
      expect([response.statusCode, errorOf(response)]).toEqual([400, message]);
    }
    expect((await product(made._id)).productImages).toEqual([]);
    const json = await call('POST', `/api/admin/product/addProductPhotos/${made._id}`, { productImages: [] });
    expect([json.statusCode, errorOf(json)]).toEqual([400, 'Send the files as multipart/form-data in the field productImages.']);
    const unknown = await upload('00000000-0000-4000-8000-000000000000', [{ bytes: images.png, name: 'a.png', type: 'image/png' }]);
    expect([unknown.statusCode, errorOf(unknown)]).toEqual([404, 'Product not found']);
  });
});

describe('catalogue CSV', () => {
  const importCsv = (text: string) =>
    adminUpload(
      t.app,
      '/api/admin/product/importProducts',
      [{ bytes: Buffer.from(text), name: 'catalogue.csv', type: 'text/csv', field: 'file' }],
      {
        asid: owner.asid,
      },
    );

  it('exports the catalogue to the owner only: staff get 403 (issue 40)', async () => {
    const staff = await signedInStaff(t, owner);
    const refused = await adminCall(t.app, 'GET', '/api/admin/product/exportProducts', { asid: staff.asid });
    expect([refused.statusCode, errorOf(refused)]).toEqual([403, 'Only the shop owner can do this.']);
  });

  it('exports every product and imports it back: updates by id, creates rows without one, one audit entry each', async () => {
    const exported = await call('GET', '/api/admin/product/exportProducts');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,name,description,category_slug,price_rupees,discount_percent,stock,status,fabric,tags,exported_stock,' +
        'variant_sku,variant_color,variant_size,variant_color_price,variant_size_price,' +
        'package_weight_grams,package_length_cm,package_breadth_cm,package_height_cm',
    );
    // A row per variant, with the variant's stock; a product without variants has one row.
    const banarasi = lines.filter((line) => line.startsWith(catalogue.ids.banarasi));
    const columns = `${catalogue.ids.banarasi},Banarasi Silk Saree,"Handwoven silk with a zari border, for weddings.",silk-sarees,8999.00,30`;
    expect(banarasi).toEqual([
      `${columns},3,active,Silk,"wedding, zari",3,T-BAN-MAR,Maroon,Free size,0.00,0.00,,,,`,
      `${columns},0,active,Silk,"wedding, zari",0,T-BAN-EME,Emerald,Free size,150.00,0.00,,,,`,
    ]);
    expect(lines.find((line) => line.startsWith(catalogue.ids.cottonSaree))).toMatch(/,5,active,Cotton,daily,5,,,,,,,,,$/);
    const changed = banarasi.map((line) => line.replace('8999.00,30', '9499.50,25'));
    const text = [lines[0], ...changed, ',Mulmul Dupatta,Light as air.,,799,0,12,draft,Mulmul,"summer, light",,,,,,,,,,'].join('\n');
    const response = await importCsv(text);
    expect(response.statusCode).toBe(200);
    expect(dataOf<{ created: number; updated: number; rows: number }>(response)).toMatchObject({ created: 1, updated: 1, rows: 3 });
    expect(await product(catalogue.ids.banarasi)).toMatchObject({ productPrice: 949_950, productDiscount: 25, tags: ['wedding', 'zari'] });
    const found = dataOf<{ products: AdminProductRow[] }>(await call('GET', '/api/admin/product/getAllProducts?q=mulmul')).products;
    expect(found[0]).toMatchObject({
      productName: 'Mulmul Dupatta',
      productPrice: 79_900,
      productStock: 12,
      status: 'draft',
      category: null,
    });
    const [entry] = await audit(`entity=product&entityId=${catalogue.ids.banarasi}`);
    expect(entry).toMatchObject({ action: 'product.import', before: { productPrice: 899_900 }, after: { productPrice: 949_950 } });
  });

  it('writes nothing when any row is bad, and names every bad row by its line', async () => {
    const before = dataOf<{ total: number }>(await call('GET', '/api/admin/product/getAllProducts')).total;
    const header = 'id,name,description,category_slug,price_rupees,discount_percent,stock,status,fabric,tags';
    const text = [
      header,
      ',Good Row,Fine.,kurtis,999,0,3,active,,',
      ',Bad Price,Oops.,kurtis,"999,5",0,3,active,,',
      ',No Such Category,Oops.,shoes,999,0,3,active,,',
      `${catalogue.ids.wrap},Wrap Dress,Changed.,dresses,699,95,-1,active,,`,
      '00000000-0000-4000-8000-000000000000,Ghost,Gone.,,1,0,0,active,,',
    ].join('\n');
    const response = await importCsv(text);
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.error).toBe(
      'Nothing was imported: 4 rows have errors. Row 3: price_rupees must be an amount in rupees like 1499 or 1499.50. ' +
        "Row 4: no category with the slug 'shoes'. Row 5: discount_percent must be at most 90; stock must be a whole number. " +
        'Row 6: no product with this id (leave id empty for a new product)',
    );
    expect(Object.keys(body.fields ?? {})).toEqual(['row 3', 'row 4', 'row 5', 'row 6']);
    expect(dataOf<{ total: number }>(await call('GET', '/api/admin/product/getAllProducts')).total).toBe(before);
    expect((await product(catalogue.ids.wrap)).productDescription).toBe('A wrap dress in crepe.');

    const columns = await importCsv('name,price\nX,1');
    expect(errorOf(columns)).toBe(
      'Nothing was imported: the first line must name the columns id, name, description, category_slug, price_rupees, discount_percent, stock, status, fabric, tags, exported_stock, variant_sku, variant_color, variant_size, variant_color_price, variant_size_price, package_weight_grams, package_length_cm, package_breadth_cm, package_height_cm (missing: id, description, category_slug, price_rupees, discount_percent, stock, status) (unknown: price).',
    );
    const ragged = await importCsv(`${header}\n,A,B`);
    expect(errorOf(ragged)).toMatch(/^Nothing was imported: the file is not valid CSV \(Invalid Record Length/);
  });

  // The import read prices with a regex of its own (7 digits, no ₹ or grouping), so a product at the largest price
  // the back-office takes (₹1 crore) could not go back in, nor a price as a spreadsheet formats it.
  it('reads prices as the back-office reads them: ₹ and grouping as a spreadsheet writes them, up to the largest price', async () => {
    const header =
      'id,name,description,category_slug,price_rupees,discount_percent,stock,status,fabric,tags,variant_color,variant_size,variant_color_price';
    const top = await importCsv(
      [
        header,
        ',Bridal Lehenga,Hand embroidered.,,"₹1,00,00,000.00",0,1,draft,,,,,',
        ',Grouped Kurta,Cotton.,,"₹ 1,499.50",0,1,draft,,,Red,M,"1,000"',
      ].join('\n'),
    );
    expect(top.statusCode).toBe(200);
    const found = dataOf<{ products: AdminProductRow[] }>(await call('GET', '/api/admin/product/getAllProducts?q=bridal')).products;
    expect(found[0]).toMatchObject({ productName: 'Bridal Lehenga', productPrice: 1_000_000_000 });
    const kurta = dataOf<{ products: AdminProductRow[] }>(await call('GET', '/api/admin/product/getAllProducts?q=grouped')).products[0]!;
    expect(kurta.productPrice).toBe(149_950);
    expect((await product(kurta._id)).variants[0]).toMatchObject({ variantColorPrice: 100_000 });

    const over = await importCsv([header, ',Too Dear,X.,,10000000.01,0,1,draft,,,,,', ',Twelve,X.,,"12,5",0,1,draft,,,,,'].join('\n'));
    expect(errorOf(over)).toBe(
      'Nothing was imported: 2 rows have errors. Row 2: price_rupees is too large. Row 3: price_rupees must be an amount in rupees like 1499 or 1499.50',
    );
  });
});

describe('categories', () => {
  it('lists with counts, creates, renames (search follows), sets style and HSN, and deletes only when empty', async () => {
    const created = await call('POST', '/api/admin/category/createCategory', {
      categoryName: 'Anarkali Suits',
      style: 'traditional',
      hsnCode: '6204',
    });
    expect(created.statusCode).toBe(200);
    const anarkali = dataOf<{ category: AdminCategory }>(created).category;
    expect(anarkali).toMatchObject({
      categoryName: 'Anarkali Suits',
      slug: 'anarkali-suits',
      style: 'traditional',
      hsnCode: '6204',
      productCount: 0,
      childCount: 0,
    });
    const item = dataOf<{ product: AdminProduct }>(
      await call('POST', '/api/admin/product/createProduct', {
        ...NEW_PRODUCT,
        productName: 'Flared Suit',
        status: 'active',
        category: anarkali._id,
      }),
    ).product;

    const renamed = await call('PUT', `/api/admin/category/updateCategory/${anarkali._id}`, {
      categoryName: 'Gharara Sets',
      style: 'modern',
      hsnCode: '620442',
    });
    expect(dataOf<{ category: AdminCategory }>(renamed).category).toMatchObject({
      categoryName: 'Gharara Sets',
      slug: 'anarkali-suits',
      style: 'modern',
      hsnCode: '620442',
      productCount: 1,
    });
    const search = dataOf<{ products: Array<{ _id: string }> }>(await jsonCall(t.app, 'GET', '/api/user/product/search?q=gharara'));
    expect(search.products.map((row) => row._id)).toContain(item._id);

    const list = dataOf<{ categories: AdminCategory[] }>(await call('GET', '/api/admin/category/getAllCategories')).categories;
    expect(list.find((category) => category._id === catalogue.categories.sarees)).toMatchObject({ productCount: 2, childCount: 1 });

    const busy = await call('DELETE', `/api/admin/category/deleteCategory/${anarkali._id}`);
    expect([busy.statusCode, errorOf(busy)]).toEqual([409, 'Only an empty category can be deleted: it has 1 product.']);
    const parent = await call('DELETE', `/api/admin/category/deleteCategory/${catalogue.categories.sarees}`);
    expect(parent.statusCode).toBe(409);
    await call('PUT', `/api/admin/product/updateProduct/${item._id}`, { ...NEW_PRODUCT, category: null });
    expect((await call('DELETE', `/api/admin/category/deleteCategory/${anarkali._id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/category/deleteCategory/${anarkali._id}`)).statusCode).toBe(404);
    expect((await audit(`entity=category&entityId=${anarkali._id}`)).map((entry) => entry.action)).toEqual([
      'category.delete',
      'category.update',
      'category.create',
    ]);

    const badHsn = await call('POST', '/api/admin/category/createCategory', { categoryName: 'X', style: 'modern', hsnCode: '12' });
    expect([badHsn.statusCode, errorOf(badHsn)]).toEqual([400, 'hsnCode: HSN code must be 4, 6 or 8 digits.']);
    const nested = await call('POST', '/api/admin/category/createCategory', {
      categoryName: 'Too Deep',
      style: 'traditional',
      hsnCode: '5007',
      parentId: catalogue.categories.silk,
    });
    expect([nested.statusCode, errorOf(nested)]).toEqual([400, 'A category can only be inside a top-level category.']);
  });

  // Regression: a second 'Sarees' was accepted and both showed in the dropdowns.
  it('refuses a name another category has, whatever its case, on create and on rename (409)', async () => {
    const twin = await call('POST', '/api/admin/category/createCategory', {
      categoryName: 'sAREES',
      style: 'traditional',
      hsnCode: '5007',
    });
    expect([twin.statusCode, errorOf(twin)]).toEqual([409, "A category named 'Sarees' already exists."]);
    expect(twin.json<ErrorEnvelope>().fields).toEqual({ categoryName: 'already used by another category' });

    const chikankari = dataOf<{ category: AdminCategory }>(
      await call('POST', '/api/admin/category/createCategory', { categoryName: 'Chikankari', style: 'traditional', hsnCode: '6204' }),
    ).category;
    const renamed = await call('PUT', `/api/admin/category/updateCategory/${chikankari._id}`, { categoryName: 'KURTIS' });
    expect([renamed.statusCode, errorOf(renamed)]).toEqual([409, "A category named 'Kurtis' already exists."]);
    // Its own name in another case is a rename, not a twin.
    const recased = await call('PUT', `/api/admin/category/updateCategory/${chikankari._id}`, { categoryName: 'CHIKANKARI' });
    expect(dataOf<{ category: AdminCategory }>(recased).category.categoryName).toBe('CHIKANKARI');
    const names = dataOf<{ categories: AdminCategory[] }>(await call('GET', '/api/admin/category/getAllCategories')).categories.map((c) =>
      c.categoryName.toLowerCase(),
    );
    expect(new Set(names).size).toBe(names.length);
  });
});
