import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { toast } from './support/checkout.js';
import { signedInShopper } from './support/shopper.js';

// The storefront's header on a phone, the product page's first screen and choices, the focus after a navigation and
// the toasts (issue 28, 'Phone' and 'Accessibility').

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 640;

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

/** The demo's Tiered Maxi Dress: colours Mustard and Navy, sizes S–XXL, a size chart. */
async function maxiDressId(request: APIRequestContext) {
  const search = (await (await request.get('/api/user/product/search?q=maxi')).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === 'Tiered Maxi Dress');
  if (!card) throw new Error('no demo Tiered Maxi Dress');
  return card._id;
}

test('on a phone the header is at most 120 px at the top and 64 px scrolled, with search, account and cart at hand', async ({ page }) => {
  test.skip(!isPhone(page), 'the phone header');
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

test('on a phone the product’s name and price are on the first screen', async ({ page }) => {
  test.skip(!isPhone(page), 'the phone’s first screen');
  await page.goto(`/product/${await maxiDressId(page.request)}`);
  const name = page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' });
  const price = page.locator('main p', { hasText: /^Price/ }).first();
  for (const shown of [name, price]) {
    const box = await shown.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  }
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
