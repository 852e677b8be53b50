import { expect } from '@playwright/test';
import { button, field, said } from './support/no-script.js';
import { maxiDressId } from './support/shopper.js';
import { ownNetworkTest as test } from './support/test.js';

// Issue 28: the product page's delivery check without scripts is a GET form on the product's own URL; the page
// comes back with the answer, the colour and size still chosen.

test('without scripts a known pincode gives a delivery day and an unknown one is said not to exist', async ({ page }) => {
  const productId = await maxiDressId(page.request);
  await page.goto(`/product/${productId}?color=Navy&size=M`);

  await field(page, 'Check delivery to your pincode').fill('560001');
  await button(page, 'Check').click();
  await expect(page).toHaveURL(/[?&]pincode=560001/);
  const url = new URL(page.url());
  expect(url.searchParams.get('color')).toBe('Navy');
  expect(url.searchParams.get('size')).toBe('M');
  await expect(said(page, 'Delivery by')).toHaveText(/^Delivery by \w{3}, \d{1,2} \w{3} to 560001, Bangalore, Karnataka\.$/);
  await expect(field(page, 'Check delivery to your pincode')).toHaveValue('560001');

  await field(page, 'Check delivery to your pincode').fill('999999');
  await button(page, 'Check').click();
  await expect(page).toHaveURL(/[?&]pincode=999999/);
  await expect(said(page, '999999')).toHaveText('We could not find pincode 999999, so we cannot promise a delivery day. Please check it.');
  expect(new URL(page.url()).searchParams.getAll('pincode')).toEqual(['999999']);
});
