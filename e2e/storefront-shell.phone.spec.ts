import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { maxiDressId, signedInShopper } from './support/shopper.js';

// The storefront on a phone only (the desktop project leaves *.phone.spec.ts out): the header's height at the top
// and scrolled, and the product page's first screen (issue 28, 'Phone').

// (The e2e project has no DOM types: the little of the document this needs, typed here.)
type Box = { top: number; bottom: number; left: number; right: number; width: number; height: number };
type Element = { closest(selector: string): Element | null; contains(other: Element | null): boolean; getBoundingClientRect(): Box };
type Doc = { elementFromPoint(x: number, y: number): Element | null; querySelector(selector: string): Element | null };
type Win = { document: Doc; innerWidth: number; innerHeight: number; scrollY: number; scrollBy(x: number, y: number): void };

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

/** The header's search field and account and cart controls: each on screen above `within` px, and what a tap there hits. */
async function expectHeaderControlsAtHand(page: Page, names: Array<string | RegExp>, within: number) {
  const account = page.getByRole('navigation', { name: 'Account' });
  const controls = [
    page.getByRole('combobox', { name: 'Search products' }),
    ...names.map((name) => account.getByRole('link', { name }).or(account.getByRole('button', { name }))),
  ];
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box, String(control)).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height).toBeLessThanOrEqual(within);
    const hit = await control.evaluate(
      (element, [x, y]) => {
        const found = (globalThis as unknown as Win).document.elementFromPoint(x!, y!);
        return (element as unknown as Element).contains(found);
      },
      [box!.x + box!.width / 2, box!.y + box!.height / 2],
    );
    expect(hit, `${String(control)} is tappable`).toBe(true);
  }
}

/** Scrolls down as a thumb does, until the header has folded (scrolling before hydration is not seen). */
async function scrollDownUntilFolded(page: Page) {
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 300);
      return headerBottom(page);
    })
    .toBeLessThanOrEqual(64);
}

test('on a phone the header is at most 120 px at the top and 64 px scrolled, with search, account and cart at hand', async ({ page }) => {
  for (const path of ['/', '/filter']) {
    await page.goto(path);
    expect(await headerBottom(page), `${path} at the top`).toBeLessThanOrEqual(120);
    await scrollDownUntilFolded(page);
    expect(await page.evaluate(() => (globalThis as unknown as Win).scrollY)).toBeGreaterThanOrEqual(300);
    await expectHeaderControlsAtHand(page, ['Login', /^Cart/], 64);
  }
  // Signed in, the header has a bell and the shopper's account too: they all stay on the one row.
  await signedInShopper(page.request, 'header.phone');
  await page.goto('/filter');
  expect(await headerBottom(page)).toBeLessThanOrEqual(120);
  await expectHeaderControlsAtHand(page, [/^Notifications/, 'My account, Meera', /^Cart/], 120);
  await scrollDownUntilFolded(page);
  await expectHeaderControlsAtHand(page, [/^Notifications/, 'My account, Meera', /^Cart/], 64);
  // Scrolling back up brings the promise strip and the sections back.
  await page.mouse.wheel(0, -200);
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Modern' })).toBeInViewport();
});

test('on a phone the product’s name and price are on the first screen', async ({ page }) => {
  await page.goto(`/product/${await maxiDressId(page.request)}`);
  const name = page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' });
  const price = page.locator('main p', { hasText: /^Price/ }).first();
  for (const shown of [name, price]) {
    const box = await shown.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  }
});

/**
 * For each suggestion the list shows without scrolling it, whether a tap at its middle lands on it (and not on what is
 * under the header's clipping).
 */
const suggestionsTappable = (page: Page) =>
  page.getByRole('listbox', { name: 'Suggestions' }).evaluate((list) => {
    const { document } = globalThis as unknown as Win;
    const shown = (list as unknown as Element).getBoundingClientRect();
    const options = [...(list as unknown as { querySelectorAll(selector: string): Iterable<Element> }).querySelectorAll('[role="option"]')];
    return options
      .map((option) => ({ option, box: option.getBoundingClientRect() }))
      .filter(({ box }) => box.top + box.height / 2 < shown.bottom)
      .map(({ option, box }) => option.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)));
  });

test('issue 38: on a phone the search suggestions hang below the header and can be tapped, at the top and scrolled', async ({ page }) => {
  const box = page.getByRole('combobox', { name: 'Search products' });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await page.goto('/');
  await box.fill('kurti');
  await expect(suggestions.getByRole('option').nth(2)).toBeVisible();
  // At the top of the page the header is 118 px: the list runs below it, every option under the thumb.
  const atTop = await suggestionsTappable(page);
  expect(atTop.length).toBeGreaterThanOrEqual(3);
  expect(atTop).not.toContain(false);
  await box.press('Escape');

  await scrollDownUntilFolded(page);
  await box.fill('saree');
  await expect(suggestions.getByRole('option').nth(2)).toBeVisible();
  const folded = await suggestionsTappable(page);
  expect(folded.length).toBeGreaterThanOrEqual(3);
  expect(folded).not.toContain(false);
  const option = suggestions.getByRole('option', { name: /Saree/ }).first();
  const name = (await option.locator('span').filter({ hasText: /Saree/ }).innerText()).trim();
  await option.tap();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
