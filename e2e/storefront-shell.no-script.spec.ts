import { expect, type Page } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';
import { signedInShopper } from './support/shopper.js';

// The phone header without scripts (issue 28): it never folds, so it stays at most 120 px, sticky at the top, with the
// search field, the account and the cart on screen; the product's name and price are on the first screen.

// (The e2e project has no DOM types: the little of the document this needs, typed here.)
type Win = {
  innerWidth: number;
  scrollY: number;
  document: { elementFromPoint(x: number, y: number): { closest(selector: string): unknown } | null };
};

/** How far down the header paints: the lowest row of pixels where a tap lands on it, across the screen's width. */
const headerBottom = (page: Page) =>
  page.evaluate(() => {
    const { document, innerWidth } = globalThis as unknown as Win;
    let bottom = 0;
    for (const x of [8, Math.floor(innerWidth / 2), innerWidth - 8]) {
      for (let y = 0; y < 300; y++) if (document.elementFromPoint(x, y)?.closest('header')) bottom = Math.max(bottom, y + 1);
    }
    return bottom;
  });

test('without scripts the phone header stays at most 120 px, scrolled too, and its search works', async ({ page }) => {
  await signedInShopper(page.request, 'noscript.header');
  await page.goto('/filter');
  expect(await headerBottom(page)).toBeLessThanOrEqual(120);
  await page.mouse.wheel(0, 1200);
  await expect.poll(() => page.evaluate(() => (globalThis as unknown as Win).scrollY)).toBeGreaterThan(600);
  expect(await headerBottom(page)).toBeLessThanOrEqual(120);
  const account = page.getByRole('navigation', { name: 'Account' });
  for (const control of [
    page.getByRole('combobox', { name: 'Search products' }),
    account.getByRole('link', { name: /^Notifications/ }),
    account.getByRole('link', { name: 'My account, Meera' }),
    account.getByRole('link', { name: /^Cart/ }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(120);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.getByRole('combobox', { name: 'Search products' }).fill('kurti');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/productSearch\?q=kurti$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('kurti');
});

test('without scripts the product’s name and price are on the phone’s first screen', async ({ page }) => {
  await page.goto('/productSearch?q=maxi');
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  const name = page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' });
  const price = page.locator('main p', { hasText: /^Price/ }).first();
  for (const shown of [name, price]) {
    const box = (await shown.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  }
  // The sizes are links, each a stop of its own before the scripts (no arrow keys without them).
  await expect(page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ })).not.toHaveAttribute('tabindex', '-1');
});
