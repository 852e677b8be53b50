import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { toast } from './support/checkout.js';
import { signedInShopper } from './support/shopper.js';

// Browses the demo catalogue (apps/server/src/dev/demo): its products, prices and stock are fixed data.

async function openFilters(page: Page) {
  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  if (await filtersButton.isVisible()) {
    await filtersButton.click();
    return page.getByRole('dialog', { name: 'Filters' });
  }
  return page.getByRole('complementary', { name: 'Filters' });
}

async function closeFilters(page: Page) {
  const show = page.getByRole('button', { name: /^Show \d+ products?$/ });
  if (await show.isVisible()) await show.click();
}

test('a shopper filters by size and price, opens a product and sees the price follow colour and size', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Modern' }).click();
  await expect(page).toHaveURL(/\/filter\?style=modern$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Modern wear' })).toBeVisible();

  let filters = await openFilters(page);
  await filters.locator('label', { hasText: /^XL/ }).click();
  await expect(page).toHaveURL(/\/filter\?style=modern&size=XL$/); // the blank price fields stay out of the URL
  await closeFilters(page);
  // A size filter means 'available in that size': no sold-out card is listed.
  await expect(page.getByRole('main').getByText('Out of stock')).toHaveCount(0);
  filters = await openFilters(page);
  await filters.getByRole('link', { name: /₹1,000 – ₹1,999/ }).click();
  await expect(page).toHaveURL(/minPrice=1000&maxPrice=1999/);
  await closeFilters(page);

  const activeFilters = page.getByRole('list', { name: 'Active filters' });
  await expect(activeFilters.getByRole('link', { name: /Size XL/ })).toBeVisible();
  await expect(activeFilters.getByRole('link', { name: /₹1,000 – ₹1,999/ })).toBeVisible();

  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' })).toBeVisible();

  await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: /Navy/ }).click();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ }).click();
  const price = page.locator('main p', { hasText: /^Price/ }).first();
  // Whole-rupee selling prices: ₹1,899 at 40 % off is ₹1,139, not ₹1,139.40.
  await expect(price).toContainText(/₹1,139(?![.\d])/);
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^XL/ }).click();
  await expect(price).toContainText(/₹1,199(?![.\d])/);
  await expect(page).toHaveURL(/color=Navy&size=XL/);

  await page
    .getByRole('radiogroup', { name: 'Colour' })
    .getByRole('radio', { name: /Mustard/ })
    .click();
  await expect(page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: /Mustard/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

test('a signed-out shopper’s Add to Cart asks for a size, then keeps the piece in the browser cart', async ({ page }) => {
  await page.goto('/productSearch?q=maxi');
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a colour and size.' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { disabled: false }).first()).toBeFocused();
  const size = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { disabled: false }).first();
  await size.click();
  // The choice lives in the URL (a client navigation): wait until the page shows it before buying.
  await expect(size).toBeChecked();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('search tolerates typos and the header suggests as you type', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('kurthi');
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(suggestions).toContainText('Kurti');
  await box.press('Escape');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/productSearch\?q=kurthi$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('kurthi');
  await expect(page.getByRole('region', { name: 'Products' }).getByRole('link', { name: /Kurti/ }).first()).toBeVisible();

  // Opened on its own, the results page (its box filled in) asks for no suggestions until she is in the box.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/user/product/suggest')) asked.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('kurthi');
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await box.focus();
  await expect(suggestions.getByRole('option').first()).toBeVisible();
});

test('an empty result offers a way back', async ({ page }) => {
  await page.goto('/filter?style=modern&minPrice=8000&maxPrice=8100');
  await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible();
});

test('a search that finds nothing offers popular categories instead of empty filters', async ({ page }) => {
  await page.goto('/productSearch?q=qwxzvq');
  await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
  await expect(page.getByText('Popular categories')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
  const products = page.getByRole('region', { name: 'Products' });
  await products
    .getByRole('link')
    .filter({ hasText: /^(Sarees|Kurtis|Dresses|Lehengas|Accessories)$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/filter\?category=/);
  await expect(products.getByRole('article').first()).toBeVisible();
});

test('a product page works without JavaScript: name, price and Product JSON-LD in the HTML', async ({ request }) => {
  const listing = await request.get('/api/user/product/search?q=tiered%20maxi');
  const { data } = (await listing.json()) as { data: { products: Array<{ _id: string; productName: string }> } };
  const product = data.products.find((item) => item.productName === 'Tiered Maxi Dress');
  expect(product).toBeDefined();
  const response = await request.get(`/product/${product!._id}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<h1');
  expect(html).toContain('Tiered Maxi Dress');
  expect(html).toMatch(/₹1,139(?![.\d])/);
  const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(jsonLd).toBeDefined();
  expect(JSON.parse(jsonLd!)).toMatchObject({
    '@type': 'Product',
    name: 'Tiered Maxi Dress',
    offers: { '@type': 'Offer', priceCurrency: 'INR', price: '1139.00', availability: 'https://schema.org/InStock' },
  });
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/product\//);
});

test('the sitemap lists every active product', async ({ request }) => {
  const all = await request.get('/api/user/product/filter?limit=48');
  const { data } = (await all.json()) as { data: { total: number } };
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap.match(/\/product\/[0-9a-f-]{36}/g)).toHaveLength(data.total);
});

test('the landing page shows the collection beside its title on wide screens, and its two rows never repeat a piece', async ({ page }) => {
  await page.goto('/');
  const collage = page.getByRole('list', { name: 'From the collection' });
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await expect(collage.getByRole('link')).toHaveCount(3);
  } else {
    await expect(collage).toBeHidden();
  }
  const namesIn = (title: string) =>
    page
      .locator('section', { has: page.getByRole('heading', { level: 2, name: title }) })
      .getByRole('heading', { level: 3 })
      .allInnerTexts();
  const newArrivals = await namesIn('New arrivals');
  const bestDiscounts = await namesIn('Best discounts');
  expect(newArrivals.length).toBeGreaterThan(0);
  expect(bestDiscounts.length).toBeGreaterThan(0);
  expect(bestDiscounts.filter((name) => newArrivals.includes(name))).toEqual([]);
});

test('the product page tells when a piece reaches a pincode, and explains a wrong one', async ({ page }) => {
  await page.goto('/filter?style=modern');
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' })).toBeVisible();
  const pincode = page.getByLabel('Check delivery to your pincode');
  await pincode.fill('560011');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delivery by' })).toHaveText(
    /^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat), \d{1,2} [A-Z][a-z]{2} to 560011, Bangalore, Karnataka\.$/,
  );
  await pincode.fill('1234');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'pincode' })).toHaveText('Enter a 6-digit pincode, like 560011.');
  await expect(pincode).toHaveAttribute('aria-invalid', 'true');
});

test('on a phone, a bar with the price, the chosen size and Add to Cart follows the shopper down the product page', async ({ page }) => {
  await page.goto('/productSearch?q=maxi');
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' })).toBeVisible();
  const bar = page.locator('.sticky-buy-bar');
  await page.getByRole('heading', { name: 'You may also like' }).scrollIntoViewIfNeeded();
  if ((page.viewportSize()?.width ?? 0) >= 640) {
    await expect(bar).toBeHidden(); // wider screens keep the buttons beside the photos
    return;
  }
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Select a size');
  await bar.locator('button').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a colour and size.' })).toBeVisible();
  const size = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ });
  await size.click();
  await expect(size).toBeChecked();
  await page.getByRole('heading', { name: 'You may also like' }).scrollIntoViewIfNeeded();
  await expect(bar).toContainText('Size M');
  await expect(bar).toContainText('₹1,139');
  await bar.locator('button').click();
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
});

test('the size chart of a dress opens from the product page, in inches or centimetres, and closes with Escape', async ({ page }) => {
  await page.goto('/filter?style=modern');
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  await page.getByRole('button', { name: 'Size chart' }).click();
  const chart = page.getByRole('dialog', { name: 'Size chart: Dresses' });
  await expect(chart).toBeVisible();
  const medium = chart.getByRole('row', { name: /^M / });
  await expect(medium).toHaveText(/M\s*36\s*30\s*39\s*49/);
  await chart.getByRole('radio', { name: 'cm' }).click();
  await expect(medium).toHaveText(/M\s*91\.5\s*76\s*99\s*124\.5/);
  await page.keyboard.press('Escape');
  await expect(chart).toBeHidden();
  await expect(page.getByRole('button', { name: 'Size chart' })).toBeFocused();
});

test('the main photo opens full size (loaded only then) and closes with Escape or its close button', async ({ page }) => {
  await page.goto('/filter?style=modern');
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  const zoom = page.getByRole('button', { name: /^Zoom in: / });
  await zoom.click();
  const view = page.getByRole('dialog', { name: /full size$/ });
  await expect(view).toBeVisible();
  await expect(view.getByRole('img')).toHaveAttribute('src', /-1280\.webp$/);
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await zoom.click();
  // Its close button is not under the sticky header on wide screens (the view is rendered into <body>).
  await view.getByRole('button', { name: 'Close full-size photo' }).click();
  await expect(view).toBeHidden();
});

test('a signed-in shopper saves a piece with the heart on its page and takes it back with the heart on its card', async ({ page }) => {
  await signedInShopper(page.request, 'ira');
  await page.goto('/productSearch?q=peplum');
  await page.getByRole('link', { name: 'Peplum Cotton Top', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Peplum Cotton Top' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Wishlist', exact: true }).click();
  await expect(toast(page, 'Added to your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'In your wishlist', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/productSearch?q=peplum');
  const heart = page.getByRole('button', { name: 'In your wishlist: Peplum Cotton Top' });
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await heart.click();
  await expect(toast(page, 'Removed from your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Wishlist: Peplum Cotton Top' })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add to Wishlist: Peplum Cotton Top' })).toHaveAttribute('aria-pressed', 'false');
});
