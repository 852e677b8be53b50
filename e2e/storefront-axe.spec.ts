import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { seriousAxeViolations, type KnownViolation } from './support/axe.js';
import { test } from './support/test.js';
import { signedInShopper } from './support/shopper.js';

// axe-core on the pages a shopper sees, at the phone's and the desktop's size (issue 28): no serious or critical
// violation. WCAG 2.x A and AA rules and axe's best practices, plus label-content-name-mismatch (WCAG 2.5.3, an
// experimental rule axe leaves off by default): a control's name starts from the words it shows.

/** Violations known and owned elsewhere: `rule` at `target` (axe's CSS selector), each with who owns it. */
const KNOWN: KnownViolation[] = [
  {
    // Outside the header work: the filter panel's price bands with no product (features/catalogue/listing-view.tsx) are
    // greyed to text-muted/60, under 4.5:1 on ivory, yet still links, so axe counts them as text that must be legible.
    rule: 'color-contrast',
    target: /\.pointer-events-none\.text-muted\\\/60/,
    why: 'empty price band in the /filter facets (listing-view.tsx)',
  },
];

const seriousViolations = (page: Page) => seriousAxeViolations(page, KNOWN);

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The login and sign-up cards fade in over a second (the spec's page transition): axe reads colours as they are
  // drawn, so mid-fade text fails contrast. CI once caught /login's sign-up link so.
  await page.evaluate(async () => {
    type Running = { animationName?: string; finished: Promise<unknown> };
    const doc = (globalThis as unknown as { document: { getAnimations(): Running[] } }).document;
    const fading = doc.getAnimations().filter((animation) => animation.animationName === 'page-in');
    await Promise.all(fading.map((animation) => animation.finished.catch(() => undefined)));
  });
  expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
}

/** The demo's Tiered Maxi Dress: colours, sizes S–XXL and a size chart. */
async function maxiDress(request: APIRequestContext) {
  const search = (await (await request.get('/api/user/product/search?q=maxi')).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === 'Tiered Maxi Dress');
  if (!card) throw new Error('no demo Tiered Maxi Dress');
  return card._id;
}

test('a signed-out shopper’s pages have no serious or critical accessibility violations', async ({ page }) => {
  const productId = await maxiDress(page.request);
  for (const path of [
    '/',
    '/filter',
    '/filter?style=modern',
    `/product/${productId}`,
    '/productSearch?q=kurti',
    '/login',
    '/signup',
    '/contact',
  ]) {
    await expectNoSeriousViolations(page, path);
  }
});

test('a signed-in shopper’s pages (cart, account) have no serious or critical accessibility violations', async ({ page }) => {
  await signedInShopper(page.request, 'axe.shopper');
  const productId = await maxiDress(page.request);
  const details = (await (await page.request.get(`/api/user/product/getProductDetails/${productId}`)).json()) as {
    data: { product: { variants: Array<{ _id: string; quantity: number }> } };
  };
  const variant = details.data.product.variants.find((item) => item.quantity > 1);
  expect(variant).toBeTruthy();
  expect((await page.request.post('/api/user/product/addToCart', { data: { productId, variantId: variant!._id, quantity: 1 } })).ok()).toBe(
    true,
  );
  for (const path of [
    '/',
    `/product/${productId}`,
    '/user/cart',
    '/user/orders',
    '/user/profile',
    '/user/addresses',
    '/user/wishlist',
    '/user/notifications',
  ]) {
    await expectNoSeriousViolations(page, path);
  }
});
