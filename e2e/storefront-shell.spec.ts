import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { toast } from './support/checkout.js';
import { maxiDressId, signedInShopper } from './support/shopper.js';

// The storefront's section links, the product page's choices, the focus after a navigation and
// the toasts (issue 28, 'Phone' and 'Accessibility').

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

test('on a phone the section links fade at the edge they run past; wider screens show them all', async ({ page }) => {
  await page.goto('/');
  const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('list');
  const look = () =>
    sections.evaluate((list) => {
      const element = list as unknown as { scrollWidth: number; clientWidth: number };
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): { maskImage: string } }).getComputedStyle(list);
      return { overflows: element.scrollWidth > element.clientWidth, mask: style.maskImage };
    });
  const seen = await look();
  if (!isPhone(page)) {
    expect(seen.overflows).toBe(false);
    return;
  }
  expect(seen.overflows).toBe(true);
  // A gradient to transparent at the right edge (its length animated by the row's own scrolling).
  expect(seen.mask).toMatch(/linear-gradient\(to right, (rgba\(0, 0, 0, 0\)|transparent).*(rgba\(0, 0, 0, 0\)|transparent)\)$/);
  expect(seen.mask).toMatch(/calc\(100% - 40px\)|calc\(-40px \+ 100%\)/);
});

test('Size chart sits beside the Size legend, clear of every size, XXL too', async ({ page }) => {
  await page.goto(`/product/${await maxiDressId(page.request)}`);
  const chart = await page.getByRole('button', { name: 'Size chart' }).boundingBox();
  const sizes = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio');
  await expect(sizes.filter({ hasText: 'XXL' })).toBeVisible();
  for (const size of await sizes.all()) {
    const box = (await size.boundingBox())!;
    const apart =
      box.x >= chart!.x + chart!.width ||
      box.x + box.width <= chart!.x ||
      box.y >= chart!.y + chart!.height ||
      box.y + box.height <= chart!.y;
    expect(apart, `${await size.textContent()} clear of Size chart`).toBe(true);
  }
});

test('the colour and size radios are one Tab stop each and move with the arrow keys', async ({ page }) => {
  await page.goto(`/product/${await maxiDressId(page.request)}?color=Mustard`);
  const colours = page.getByRole('radiogroup', { name: 'Colour' });
  const mustard = colours.getByRole('radio', { name: /Mustard/ });
  const navy = colours.getByRole('radio', { name: /Navy/ });
  await expect(mustard).toHaveAttribute('tabindex', '0');
  await expect(navy).toHaveAttribute('tabindex', '-1');
  await mustard.focus();
  await page.keyboard.press('ArrowRight');
  await expect(navy).toBeFocused();
  await expect(navy).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/color=Navy/);
  await page.keyboard.press('ArrowLeft');
  await expect(mustard).toBeFocused();
  await expect(mustard).toHaveAttribute('aria-checked', 'true');

  // Tab leaves the colours for the sizes: one stop, on the first size available, until one is chosen.
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  const first = sizes.getByRole('radio', { disabled: false }).first();
  await expect(first).toHaveAttribute('tabindex', '0');
  await first.focus();
  const firstName = (await first.textContent())!.trim();
  await page.keyboard.press('ArrowRight');
  const second = sizes.getByRole('radio', { disabled: false }).nth(1);
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-checked', 'true');
  await expect(first).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('End');
  await expect(sizes.getByRole('radio', { name: /^XXL/ })).toBeFocused();
  await expect(sizes.getByRole('radio', { name: /^XXL/ })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight'); // round to the first available again
  await expect(sizes.getByRole('radio', { name: new RegExp(`^${firstName}`) })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`size=${firstName}`));
});

test('after a navigation inside the shop the focus is on the new page’s heading, not on the first load', async ({ page }) => {
  await page.goto('/');
  const focusedHeading = () =>
    page.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string } | null } }).document
        .activeElement;
      return active?.tagName === 'H1' ? active.textContent : null;
    });
  expect(await focusedHeading()).toBeNull();
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await sections.getByRole('link', { name: 'Modern' }).click();
  await expect(page).toHaveURL(/\/filter\?style=modern$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  // A product from the listing: its name.
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' })).toBeFocused();
  // A choice on the page (a new query on the same page) leaves the focus on the choice.
  const navy = page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: /Navy/ });
  await navy.click();
  await expect(navy).toHaveAttribute('aria-checked', 'true');
  await expect(navy).toBeFocused();
  // So do the listing's filters.
  await sections.getByRole('link', { name: 'Traditional' }).click();
  await expect(page).toHaveURL(/\/filter\?style=traditional$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const modern = sections.getByRole('link', { name: 'Modern' });
  await modern.click();
  await expect(page).toHaveURL(/\/filter\?style=modern$/);
  await expect(modern).toBeFocused();
});

test('one toast at a time: a success replaces the error before it', async ({ page }) => {
  await signedInShopper(page.request, 'toast.one');
  await page.goto(`/product/${await maxiDressId(page.request)}?color=Navy`);
  const toasts = page.getByRole('region', { name: /^Notifications/ }).getByRole('alert');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(toast(page, 'Please choose a colour and size.')).toBeVisible();
  const size = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ });
  await size.click();
  await expect(size).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(toast(page, 'Added to your cart.')).toBeVisible();
  await expect(toast(page, 'Please choose a colour and size.')).toHaveCount(0);
  await expect(toasts).toHaveCount(1);
});
