import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';
import { said } from './support/no-script.js';
import { adminLogin } from './support/shop-api.js';

// The back-office catalogue with the page's scripts blocked (ADR 026): every change is a plain HTML form post and
// every dialog a section of the page opened by a link. An admin creates a product, edits its name and price,
// adds a variant, changes its stock and reads the stock history, uploads a photo, archives the product after
// confirming, and adds a category.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

/** The message an action left for the page it redirected to: a status line in the server's HTML. */

test.beforeAll(() => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
});

// Signed in through the API's login (its session cookie); the login page's own form is the admin-orders journey's.
test.beforeEach(async ({ context, baseURL }) => {
  const cookie = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseURL! }]);
});

test('an admin edits a product, its variant stock and photos, and reads the stock history, with plain forms', async ({ page }) => {
  const name = `Kalamkari Kurta ${randomUUID().slice(0, 6)}`;
  const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 250 } });

  // A catalogue CSV with a bad row imports nothing and says which row is wrong, in the page.
  await page.goto('/admin/products');
  const csv = [
    'id,name,description,category_slug,price_rupees,discount_percent,stock,status,fabric,tags',
    ',Bad Kurta,Oops,,lots,0,3,draft,,',
  ];
  await page.getByLabel('Import CSV').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const refused = page.getByRole('region', { name: 'Nothing was imported' });
  await expect(refused.getByRole('listitem')).toContainText('row 2');

  // 'New product' is a link to the page with its form; a refused form comes back with the message and what was typed.
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\?new=1$/);
  const create = page.getByRole('region', { name: 'New product' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Description').fill('Hand-painted cotton, natural dyes.');
  await create.getByLabel('Price (₹)').fill('twelve hundred');
  await create.getByRole('button', { name: 'Create product' }).click();
  await expect(create.getByText('Enter the price in rupees, e.g. 1299.00')).toBeVisible();
  await expect(create.getByLabel('Name')).toHaveValue(name);
  await create.getByLabel('Price (₹)').fill('1200');
  await create.getByRole('button', { name: 'Create product' }).click();
  await expect(page).toHaveURL(/\/admin\/productView\//);
  await expect(said(page, 'Product created')).toBeVisible();

  // Edit the name and the price.
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByLabel('Name').fill(`${name} (new)`);
  await details.getByLabel('Price (₹)').fill('1349.50');
  await details.getByRole('button', { name: 'Update Product' }).click();
  await expect(said(page, 'Product updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${name} (new)`);
  await expect(details.getByLabel('Price (₹)')).toHaveValue('1349.50');

  // A variant: 'Add Variant' is a link to the page with its form.
  await page.getByRole('link', { name: 'Add Variant' }).click();
  const variant = page.getByRole('region', { name: 'Add Variant' });
  await variant.getByRole('combobox', { name: 'Colour', exact: true }).selectOption('Other');
  await variant.getByLabel('Colour price (₹)').fill('0');
  await variant.getByRole('combobox', { name: 'Size', exact: true }).selectOption('M');
  await variant.getByLabel('Size price (₹)').fill('50');
  await variant.getByLabel('Quantity').fill('5');
  await variant.getByRole('button', { name: 'Add Variant' }).click();
  await expect(variant.getByText('Please fill in all required fields')).toBeVisible();
  await variant.getByLabel('Custom colour').fill('Indigo');
  await variant.getByRole('button', { name: 'Add Variant' }).click();
  await expect(said(page, 'Variant added successfully')).toBeVisible();
  const variants = page.getByRole('list', { name: 'Variants' });
  await expect(variants).toContainText('Indigo / M');

  // Its stock: 5 → 8, then its history says who, why and what it left.
  await variants.getByLabel('Quantity').fill('8');
  await variants.getByRole('button', { name: 'Save variant' }).click();
  await expect(said(page, 'Variant updated successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Stock history of Indigo / M' }).click();
  await expect(page).toHaveURL(/[?&]history=/);
  const history = page.getByRole('region', { name: 'Stock history · Indigo / M' });
  const changes = history.getByRole('list', { name: /^Stock changes of Indigo \/ M/ }).getByRole('listitem');
  await expect(changes).toHaveCount(2);
  await expect(changes.nth(0)).toContainText('+3');
  await expect(changes.nth(0)).toContainText('8');
  await expect(changes.nth(0)).toContainText('Edited');
  await expect(changes.nth(0)).toContainText('Demo Owner');
  await expect(changes.nth(1)).toContainText('+5');
  await history.getByRole('link', { name: 'Close' }).click();
  await expect(history).toBeHidden();

  // A photo, uploaded as a multipart form.
  await page.getByRole('link', { name: 'Upload Images' }).click();
  const upload = page.getByRole('region', { name: 'Upload Images' });
  await upload.getByLabel('Select Images').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: photo });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(said(page, 'Images uploaded')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(1);

  // Deleting it asks first (in place, without scripts) and can be undone (issue 26).
  const photos = page.getByRole('list', { name: 'Photos', exact: true });
  await photos.getByRole('listitem').first().hover();
  await photos.locator('summary', { hasText: 'Delete photo 1' }).click();
  await page.getByRole('group', { name: 'Delete photo 1 (the cover)?' }).getByRole('button', { name: 'Delete photo' }).click();
  await expect(said(page, 'Image removed successfully')).toBeVisible();
  await expect(page.getByText('No images available')).toBeVisible();
  await page.getByRole('list', { name: 'Deleted photos' }).getByRole('button', { name: 'Restore' }).click();
  await expect(said(page, 'Photo restored')).toBeVisible();
  await expect(photos.getByRole('listitem')).toHaveCount(1);

  // Archive it from the list: the question opens in place (a disclosure) and its form posts.
  await page.goto(`/admin/products?q=${encodeURIComponent(`${name} (new)`)}`);
  const row = page.getByRole('list', { name: 'Products' }).getByRole('listitem').filter({ hasText: name });
  await row.locator('summary', { hasText: 'Archive' }).click();
  await row
    .getByRole('group', { name: /^Archive .+\?$/ })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(said(page, 'Product archived')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' })).toContainText('Archived');
});

test('an admin adds a category with a plain form', async ({ page }) => {
  const categoryName = `Kalamkari ${randomUUID().slice(0, 6)}`;
  await page.goto('/admin/categories');
  await page.getByRole('link', { name: 'New category' }).click();
  const form = page.getByRole('region', { name: 'New category' });
  await form.getByLabel('Category name').fill(categoryName);
  await form.getByLabel('HSN code').fill('62');
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(form.getByText('HSN code must be 4, 6 or 8 digits.')).toBeVisible();
  await form.getByLabel('HSN code').fill('6204');
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(said(page, 'Category created')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Categories' })).toContainText(categoryName);
});
