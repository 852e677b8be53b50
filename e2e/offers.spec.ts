import { expect } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';

// Issue 28, offers are true: the landing page's offer promises 'N% off or more' and opens a listing where every
// card shows at least that discount.

test("the landing page's offer opens a listing where every piece carries the discount it promises", async ({ page }) => {
  await page.goto('/');
  const offer = page.getByRole('complementary', { name: 'Offer', exact: true }).getByRole('link');
  const promise = /Every piece (\d{1,2})% off or more/.exec(await offer.innerText());
  expect(promise, 'the offer bar names its discount').not.toBeNull();
  const promised = Number(promise![1]);

  await offer.click();
  await expect(page).toHaveURL(new RegExp(`/filter\\?(.+&)?minDiscount=${promised}(&|$)`));
  // The URL changes before the listing replaces the landing page's cards: wait for the listing's own filter chips.
  await expect(page.getByRole('list', { name: 'Active filters' })).toBeVisible();
  const cards = page.getByRole('main').locator('article');
  await expect(cards.first()).toBeVisible();
  const texts = await cards.allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    const discount = /(\d{1,2})% off/.exec(text);
    expect(discount, text).not.toBeNull();
    expect(Number(discount![1]), text).toBeGreaterThanOrEqual(promised);
  }
});
