import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { button, said } from './support/no-script.js';
import { deliveredOrder, photoFixture } from './support/reviews.js';
import { adminLogin } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { ownNetworkTest as test } from './support/test.js';

// A review with a photo from a phone whose scripts never arrive (issue 28, ADR 026): the review page is a real
// multipart form posted to its action; the product page shows the photo as a link to it; an edit takes it off.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

test('writes a review with a photo and takes the photo off again, without scripts', async ({ page, baseURL }) => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
  const email = await signedInShopper(page.request, 'photo-reviewer');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { productId } = await deliveredOrder(page.request, baseURL!, asid, email, 'Kota Doria Dupatta');
  const title = `Sheer and light ${randomUUID().slice(0, 6)}`;
  const photoName = "Photo 1 from Meera I.'s review";

  await page.goto(`/user/reviews/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '5 stars' }) })
    .click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page
    .getByRole('textbox', { name: 'Your review', exact: true })
    .fill('The weave lets the breeze through; the photo shows the real colour.');
  await page.getByLabel('Add up to three photos').setInputFiles(await photoFixture(page));
  await button(page, 'Submit review').click();

  await expect(page).toHaveURL(new RegExp(`/product/${productId}#reviews$`));
  await expect(said(page, 'Thank you for your review.')).toBeVisible();
  const mine = page.getByRole('article', { name: title });
  const thumbnail = mine.getByRole('link', { name: photoName, exact: true });
  await expect(thumbnail).toBeVisible();
  // Without scripts the thumbnail is a link to the photo itself.
  const href = await thumbnail.getAttribute('href');
  expect(href).toMatch(/\/media\/review-.+\.webp$/);
  expect((await page.request.get(href!)).headers()['content-type']).toBe('image/webp');

  // Her edit: the photo shows with a box to take it off; ticked and saved, it is gone.
  await page.goto(`/user/reviews/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit your review' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('img')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Remove photo 1' }).check();
  await button(page, 'Save changes').click();
  await expect(said(page, 'Your review is updated.')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(page.getByRole('article', { name: title }).getByRole('link', { name: photoName })).toHaveCount(0);
  expect((await page.request.get(href!)).status()).toBe(404);
});
