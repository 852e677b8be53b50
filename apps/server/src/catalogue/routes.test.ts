import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../test/app.js';
import { nearestWords } from './queries.js';
import { products } from './tables.js';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import type { Category as CategoryView, ProductDetails, ProductPage } from '@shop/core';

const t = useTestApp();
let fixture: Awaited<ReturnType<typeof seedTestCatalogue>>;

const get = async (url: string) => {
  if (!fixture) fixture = await seedTestCatalogue(t.services);
  return t.app.inject({ method: 'GET', url });
};
const page = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ success: true; data: ProductPage }>().data;
};
const names = (result: ProductPage) => result.products.map((product) => product.productName);
const badRequest = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode).toBe(400);
  return response.json<ErrorEnvelope>().error;
};

describe('GET /api/user/product/categories', () => {
  it('lists every category with its count of active products', async () => {
    const response = await get('/api/user/product/categories');
    const { categories } = response.json<{ data: { categories: CategoryView[] } }>().data;
    const counts = Object.fromEntries(categories.map((category) => [category.slug, category.productCount]));
    expect(counts).toEqual({ sarees: 1, kurtis: 1, 'silk-sarees': 1, dresses: 2 });
    expect(categories.find((category) => category.slug === 'silk-sarees')?.parentId).toBe(fixture.categories.sarees);
  });
});

describe('GET /api/user/product/filter', () => {
  it('lists active products only, recommended order: in stock first, then newest', async () => {
    const result = await page('/api/user/product/filter');
    expect(result.total).toBe(5);
    expect(names(result)).toEqual([
      'Wrap Dress',
      'Chikankari Kurti',
      'Cotton Saree with Block Print',
      'Banarasi Silk Saree',
      'Tiered Maxi Dress',
    ]);
    expect(JSON.stringify(result)).not.toMatch(/Secret Draft|Archived Silk/);
  });

  it('answers the card fields with prices in paise', async () => {
    const result = await page('/api/user/product/filter?category=silk-sarees');
    expect(result.products[0]).toMatchObject({
      productName: 'Banarasi Silk Saree',
      productPrice: 899_900,
      productDiscount: 30,
      sellingPrice: 629_900,
      inStock: true,
      colors: ['Emerald', 'Maroon'],
      category: { categoryName: 'Silk sarees', slug: 'silk-sarees' },
    });
  });

  it('filters by category, a parent category including its children', async () => {
    expect(names(await page('/api/user/product/filter?category=sarees&sort=newest'))).toEqual([
      'Cotton Saree with Block Print',
      'Banarasi Silk Saree',
    ]);
    expect(names(await page('/api/user/product/filter?category=kurtis,dresses&sort=newest'))).toEqual([
      'Wrap Dress',
      'Tiered Maxi Dress',
      'Chikankari Kurti',
    ]);
  });

  it('filters by style', async () => {
    expect(names(await page('/api/user/product/filter?style=modern&sort=newest'))).toEqual(['Wrap Dress', 'Tiered Maxi Dress']);
    expect((await page('/api/user/product/filter?style=traditional')).total).toBe(3);
  });

  it('filters by size and colour, as repeated or comma-separated values', async () => {
    expect(names(await page('/api/user/product/filter?size=XL'))).toEqual(['Chikankari Kurti']);
    expect(names(await page('/api/user/product/filter?size=M&size=XL&sort=newest'))).toEqual(['Wrap Dress', 'Chikankari Kurti']);
    expect(names(await page('/api/user/product/filter?color=blue&sort=newest'))).toEqual(['Wrap Dress', 'Chikankari Kurti']);
  });

  it('filters on the selling price in paise, inclusive', async () => {
    // Selling prices in whole rupees: 6,299, 1,299, 1,199, 1,250, 629
    expect(names(await page('/api/user/product/filter?minPrice=119900&maxPrice=125000&sort=price_asc'))).toEqual([
      'Chikankari Kurti',
      'Tiered Maxi Dress',
    ]);
    expect(names(await page('/api/user/product/filter?maxPrice=100000&sort=price_asc'))).toEqual(['Wrap Dress']);
    // One paisa below a price leaves that product out.
    expect(names(await page('/api/user/product/filter?maxPrice=62899&sort=price_asc'))).toEqual([]);
  });

  it('filters by minimum discount and by stock', async () => {
    expect(names(await page('/api/user/product/filter?minDiscount=30&sort=discount'))).toEqual([
      'Tiered Maxi Dress',
      'Banarasi Silk Saree',
    ]);
    const inStock = await page('/api/user/product/filter?inStock=true');
    expect(names(inStock)).not.toContain('Tiered Maxi Dress');
    expect(inStock.total).toBe(4);
  });

  it('a size filter means available in that size: a sold-out size does not match, with or without inStock', async () => {
    // Chikankari Kurti and Tiered Maxi Dress have M, both sold out.
    expect(names(await page('/api/user/product/filter?size=M'))).toEqual(['Wrap Dress']);
    expect(names(await page('/api/user/product/filter?size=M&inStock=true'))).toEqual(['Wrap Dress']);
  });

  it('with inStock, a colour must itself be in stock', async () => {
    expect(names(await page('/api/user/product/filter?color=White'))).toEqual(['Chikankari Kurti']);
    expect(names(await page('/api/user/product/filter?color=Black&inStock=true'))).toEqual([]);
  });

  it('sorts by newest, price both ways and discount', async () => {
    expect(names(await page('/api/user/product/filter?sort=newest'))[0]).toBe('Wrap Dress');
    expect(names(await page('/api/user/product/filter?sort=price_asc'))).toEqual([
      'Wrap Dress',
      'Chikankari Kurti',
      'Tiered Maxi Dress',
      'Cotton Saree with Block Print',
      'Banarasi Silk Saree',
    ]);
    expect(names(await page('/api/user/product/filter?sort=price_desc'))[0]).toBe('Banarasi Silk Saree');
    expect(names(await page('/api/user/product/filter?sort=discount'))).toEqual([
      'Tiered Maxi Dress',
      'Banarasi Silk Saree',
      'Chikankari Kurti',
      'Wrap Dress',
      'Cotton Saree with Block Print',
    ]);
  });

  it('pages through results and reports the total past the last page', async () => {
    const first = await page('/api/user/product/filter?sort=newest&limit=2&page=1');
    const third = await page('/api/user/product/filter?sort=newest&limit=2&page=3');
    const beyond = await page('/api/user/product/filter?sort=newest&limit=2&page=4');
    expect([first.total, first.page, first.limit]).toEqual([5, 1, 2]);
    expect(names(first)).toEqual(['Wrap Dress', 'Tiered Maxi Dress']);
    expect(names(third)).toEqual(['Banarasi Silk Saree']);
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(5);
    expect((await page('/api/user/product/filter?limit=48')).products).toHaveLength(5);
    expect((await page('/api/user/product/filter?limit=1')).products).toHaveLength(1);
  });

  it('counts facets under the other active filters', async () => {
    const { facets } = await page('/api/user/product/filter?style=modern&color=Blue');
    // The colour facet ignores the colour filter itself: both modern dresses' colours are offered.
    expect(facets.colors).toEqual([
      { value: 'Black', count: 1 },
      { value: 'Blue', count: 1 },
    ]);
    // Other facets respect the colour filter: only the blue wrap dress remains.
    expect(facets.categories).toEqual([{ slug: 'dresses', name: 'Dresses', count: 1 }]);
    expect(facets.sizes).toEqual([{ value: 'M', count: 1 }]);
    expect(facets.priceBands.map((band) => band.count)).toEqual([1, 0, 0, 0, 0]);
  });

  it('orders size facets S, M, L, XL, lists only sizes in stock, and counts price bands on the selling price', async () => {
    const { facets } = await page('/api/user/product/filter');
    // L exists only on the Tiered Maxi Dress, sold out.
    expect(facets.sizes.map((size) => size.value)).toEqual(['S', 'M', 'XL', 'Free size']);
    expect(facets.priceBands).toEqual([
      { min: 0, max: 99_999, count: 1 },
      { min: 1_00_000, max: 1_99_999, count: 3 },
      { min: 2_00_000, max: 3_99_999, count: 0 },
      { min: 4_00_000, max: 5_99_999, count: 0 },
      { min: 6_00_000, max: null, count: 1 },
    ]);
  });

  it('returns an empty page, not an error, when nothing matches', async () => {
    const result = await page('/api/user/product/filter?category=dresses&size=XXL');
    expect(result).toMatchObject({ products: [], total: 0 });
  });

  it.each([
    ['limit=1000', 'limit: limit must be from 1 to 48'],
    ['limit=0', 'limit: limit must be from 1 to 48'],
    ['page=abc', 'page: page must be a whole number'],
    ['page=0', 'page: page must be from 1 to 10000'],
    ['minPrice=200000&maxPrice=100000', 'minPrice: minPrice must not be more than maxPrice'],
    ['minPrice=cheap', 'minPrice: minPrice must be a whole number of paise, like 99900 for ₹999'],
    ['minPrice=999.50', 'minPrice: minPrice must be a whole number of paise, like 99900 for ₹999'],
    ['minDiscount=95', 'minDiscount: minDiscount must be from 0 to 90'],
    ['sort=popular', 'sort: sort must be one of relevance, newest, price_asc, price_desc, discount'],
    ['style=boho', 'style: style must be traditional or modern'],
    ['inStock=maybe', 'inStock: inStock must be true or false'],
    [`q=${'a'.repeat(500)}`, 'q: q must be at most 100 characters'],
  ])('rejects %s with 400 naming the parameter', async (query, message) => {
    expect(await badRequest(`/api/user/product/filter?${query}`)).toBe(message);
  });
});

describe('GET /api/user/product/search', () => {
  const search = async (q: string, extra = '') => names(await page(`/api/user/product/search?q=${encodeURIComponent(q)}${extra}`));

  it('finds by name, category, fabric, tag and description words', async () => {
    expect(await search('banarasi')).toEqual(['Banarasi Silk Saree']);
    expect(await search('kurti')).toEqual(['Chikankari Kurti']);
    expect(await search('rayon')).toEqual(['Tiered Maxi Dress']);
    expect(await search('wedding')).toEqual(['Banarasi Silk Saree']);
    expect(await search('embroidery')).toEqual(['Chikankari Kurti']);
  });

  it('tolerates typos and Indian spelling variants', async () => {
    expect(await search('kurthi')).toEqual(['Chikankari Kurti']);
    expect(await search('chikenkari')).toEqual(['Chikankari Kurti']);
    expect(await search('sari')).toEqual(expect.arrayContaining(['Banarasi Silk Saree', 'Cotton Saree with Block Print']));
    expect(await search('banarsi')).toEqual(['Banarasi Silk Saree']);
  });

  it('searches a word as itself once a new product brings it into the catalogue', async () => {
    // Not a catalogue word yet: read as the nearest one.
    expect(await search('chikenkari')).toEqual(['Chikankari Kurti']);
    await sellableProduct(t, { name: 'Chikenkari Stole', variants: false });
    // Remembered spellings go with the change notice: the word now means the new product only.
    expect(await search('chikenkari')).toEqual(['Chikenkari Stole']);
  });

  it('ranks name matches above description matches', async () => {
    expect((await search('silk'))[0]).toBe('Banarasi Silk Saree');
  });

  it('needs every word, and falls back to any word when no product has them all', async () => {
    expect(await search('cotton saree')).toEqual(['Cotton Saree with Block Print']);
    expect(await search('maxi kurti')).toEqual(expect.arrayContaining(['Tiered Maxi Dress', 'Chikankari Kurti']));
  });

  it('combines the search with filters and keeps drafts invisible', async () => {
    expect(await search('saree', '&minPrice=500000')).toEqual(['Banarasi Silk Saree']);
    expect(await search('lehenga')).toEqual([]);
    expect(await search('archived')).toEqual([]);
  });

  it('answers an empty page for a query with nothing searchable', async () => {
    expect(await search('!!!')).toEqual([]);
  });

  it('leaves out pieces that only mention the word in their description when some are named by it', async () => {
    await get('/api/user/product/categories'); // the fixture first
    await sellableProduct(t, { name: 'Anarkali Gown', variants: false });
    const juttis = await sellableProduct(t, { name: 'Velvet Juttis', variants: false });
    await t.database.db
      .update(products)
      .set({ description: 'Wear them with an anarkali; mojari style toes.' })
      .where(eq(products.id, juttis.productId));
    // 'kurthi' style: the gown is named by the word, the juttis only mention it.
    expect(await search('anarkali')).toEqual(['Anarkali Gown']);
    // Nothing is named by it: the pieces that mention it are better than nothing.
    expect(await search('mojari')).toEqual(['Velvet Juttis']);
  });

  it('offers the nearest words and the biggest categories when nothing is found', async () => {
    const result = await page('/api/user/product/search?q=qwxzvq');
    expect(result.total).toBe(0);
    expect(result.suggestions?.categories.length).toBeGreaterThan(0);
    expect(Object.keys(result.suggestions?.categories[0] ?? {})).toEqual(['name', 'slug']);
    expect(await nearestWords(t.database.db, 'banrasi', 3)).toContain('banarasi');
    // A search with results carries no suggestions.
    expect((await page('/api/user/product/search?q=silk')).suggestions).toBeUndefined();
  });
});

describe('GET /api/user/product/suggest', () => {
  it('suggests products and categories for a half-typed word', async () => {
    const response = await get('/api/user/product/suggest?q=kur');
    const { data } = response.json<{ data: { products: Array<{ productName: string }>; categories: Array<{ slug: string }> } }>();
    expect(data.products.map((product) => product.productName)).toEqual(['Chikankari Kurti']);
    expect(data.categories.map((category) => category.slug)).toEqual(['kurtis']);
  });

  it('needs q', async () => {
    expect(await badRequest('/api/user/product/suggest')).toMatch(/^q: /);
  });
});

describe('GET /api/user/product/getProductDetails/:productId', () => {
  it('answers the product with variants, images and each variant price', async () => {
    await get('/api/user/product/categories');
    const response = await get(`/api/user/product/getProductDetails/${fixture.ids.chikankari}`);
    expect(response.statusCode).toBe(200);
    const { product } = response.json<{ data: { product: ProductDetails } }>().data;
    expect(product).toMatchObject({
      productName: 'Chikankari Kurti',
      productDescription: 'Lucknowi hand embroidery on soft cotton.',
      availableStock: 6,
    });
    expect(product.price).toEqual({ mrp: 149_900, selling: 119_900, saving: 30_000 });
    expect(product.variants.map((variant) => [variant.variantColor, variant.variantSize, variant.quantity, variant.price.selling])).toEqual(
      [
        ['Blue', 'XL', 2, 127_900],
        ['White', 'S', 4, 119_900],
        ['White', 'M', 0, 119_900],
      ],
    );
  });

  it('answers 404 for an unknown, malformed, draft or archived product', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', fixture.ids.draft, fixture.ids.archived]) {
      const response = await get(`/api/user/product/getProductDetails/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorEnvelope>()).toEqual({ success: false, error: 'Product not found' });
    }
  });
});

describe('stock kept by the database', () => {
  it('sums variant quantities, and follows the product stock when there are no variants', async () => {
    await get('/api/user/product/categories');
    const banarasi = await t.services.catalogue.getProductDetails(fixture.ids.banarasi);
    expect(banarasi.availableStock).toBe(3);
    const cotton = await t.services.catalogue.getProductDetails(fixture.ids.cottonSaree);
    expect(cotton.availableStock).toBe(5);
    expect(cotton.inStock).toBe(true);
  });
});

describe('cached answers', () => {
  it('answers a repeated listing from cache, and a catalogue change shows at once', async () => {
    const url = '/api/user/product/filter?category=kurtis&sort=newest';
    const first = await page(url);
    expect((await page(url)).total).toBe(first.total);
    await t.services.catalogueAdmin.createProduct({
      name: 'Mul Cotton Kurti',
      slug: 'mul-cotton-kurti',
      description: 'Soft mul cotton.',
      categoryId: fixture.categories.kurtis,
      pricePaise: 99_900,
      stock: 3,
    });
    const after = await page(url);
    expect(after.total).toBe(first.total + 1);
    expect(names(after)[0]).toBe('Mul Cotton Kurti');
  });

  it('answers a repeated URL with the same bytes and headers, and still refuses a bad one every time', async () => {
    const url = '/api/user/product/search?q=silk&size=M';
    const first = await get(url);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (const header of ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options', 'x-frame-options'])
      expect(again.headers[header], header).toBe(first.headers[header]);
    // Asked the other way round: a different URL, the same question and the same answer.
    expect((await get('/api/user/product/search?size=M&q=Silk')).body).toBe(first.body);
    for (let attempt = 0; attempt < 2; attempt++) expect(await badRequest('/api/user/product/filter?page=0')).toMatch(/^page: /);
  });

  it("shows a product's stock change in its repeated details answer at once", async () => {
    await get('/api/user/product/filter');
    const product = await sellableProduct(t, { stock: 5 });
    const url = `/api/user/product/getProductDetails/${product.productId}`;
    const details = async () => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ success: true; data: { product: ProductDetails } }>().data.product;
    };
    expect((await details()).variants[0]!.quantity).toBe(5);
    expect((await details()).variants[0]!.quantity).toBe(5);
    await t.services.adminProducts.updateVariant(
      { id: null, label: 'test', role: 'owner' as const },
      { productId: product.productId, variantId: product.variantId!, quantity: 2, variantColorPrice: 0, variantSizePrice: 0 },
    );
    expect((await details()).variants[0]!.quantity).toBe(2);
  });
});
