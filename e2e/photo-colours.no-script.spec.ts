import { expect } from '@playwright/test';
import { said } from './support/no-script.js';
import { adminLogin } from './support/shop-api.js';
import { ownNetworkTest as test } from './support/test.js';

// Photos per colour (issue 28) with the page's scripts blocked (ADR 026): a photo's colour is a plain form with
// its own Save button, posted to the page's action; the page comes back with the message and the colour saved.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

test.beforeEach(async ({ context, baseURL }) => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
  const cookie = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseURL! }]);
});

test("the owner changes a photo's colour with a plain form", async ({ page }) => {
  const search = (await (await page.request.get('/api/user/product/search?q=Linen%20Co-ord%20Set')).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const product = search.data.products.find((item) => item.productName === 'Linen Co-ord Set');
  if (!product) throw new Error('no demo Linen Co-ord Set');
  await page.goto(`/admin/productView/${product._id}`);

  const select = page.getByLabel('Colour of photo 2', { exact: true });
  const colour = await select.inputValue();
  expect(colour).not.toBe('');
  await select.selectOption({ label: 'Every colour' });
  await page.getByRole('button', { name: 'Save colour of photo 2', exact: true }).click();
  await expect(said(page, 'Photo colour saved')).toBeVisible();
  await expect(select).toHaveValue('');

  await select.selectOption({ label: colour });
  await page.getByRole('button', { name: 'Save colour of photo 2', exact: true }).click();
  await expect(said(page, 'Photo colour saved')).toBeVisible();
  await expect(select).toHaveValue(colour);

  // The upload form asks which colour its photos show.
  await page.goto(`/admin/productView/${product._id}?upload`);
  await expect(page.getByLabel('Colour in these photos', { exact: true })).toHaveValue('');
});
