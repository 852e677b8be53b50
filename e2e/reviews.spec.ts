import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { toast } from './support/checkout.js';
import { deliveredOrder, photoFixture } from './support/reviews.js';
import { adminLogin } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { test } from './support/test.js';

// Reviews from real buyers (issue 28): a shopper whose order was delivered reviews the piece from her order's
// page and finds it on the product page with its stars; the owner hides it with a reason and it is gone.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
test.beforeAll(() => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
});

test('a shopper reviews a piece she received with a photo and sees both on the product page; the owner hides it with a reason and shows it again', async ({
  page,
  baseURL,
}, testInfo) => {
  // The phone and desktop runs buy different pieces, so they never race for the same stock or reviews.
  const words = testInfo.project.name === 'phone' ? 'lehenga' : 'Khadi Cotton Kurti';
  const email = await signedInShopper(page.request, 'reviewer');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId, productId, productName } = await deliveredOrder(page.request, baseURL!, asid, email, words);
  const title = `Soft and true to size ${randomUUID().slice(0, 6)}`;

  // Her delivered order offers a review of each piece.
  await page.goto(`/user/orders/${orderId}`);
  await page.getByRole('link', { name: new RegExp(`^Write a review: ${productName}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await expect(page.getByRole('link', { name: productName, exact: true })).toBeVisible();

  // Sent without stars, the form says so beside them.
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page
    .getByRole('textbox', { name: 'Your review', exact: true })
    .fill('The cotton breathes in the heat and the print has not faded after three washes.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('group', { name: /Your rating/ }).getByRole('alert')).toHaveText('Please choose 1 to 5 stars.');

  // The stars are a radio group: the arrow keys move from 3 to 4 stars.
  // A tap on the third star (its label; the radio itself is drawn as the star).
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '3 stars' }) })
    .click();
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  // A photo of what she received.
  await page.getByLabel('Add up to three photos').setInputFiles(await photoFixture(page));
  await page.getByRole('button', { name: 'Submit review' }).click();

  // Back on the product page, at its reviews, with the thanks.
  await expect(page).toHaveURL(new RegExp(`/product/${productId}#reviews$`));
  await expect(toast(page, 'Thank you for your review.')).toBeVisible();
  const reviews = page.getByRole('region', { name: /^Reviews/ });
  const mine = reviews.getByRole('article', { name: title });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(mine).toContainText('Verified purchase');
  await expect(mine).toContainText('Meera I.');
  // Her photo as a small thumbnail that opens larger over the page, from the keyboard too.
  const thumbnail = mine.getByRole('link', { name: "Photo 1 from Meera I.'s review", exact: true });
  await expect(thumbnail).toBeVisible();
  // The thumbnail's rendition is there (a broken image has no natural width).
  await thumbnail.scrollIntoViewIfNeeded();
  await expect
    .poll(() => thumbnail.getByRole('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
  await thumbnail.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: "Photo 1 from Meera I.'s review" });
  await expect(viewer.getByRole('img')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close photo' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(reviews.getByRole('link', { name: 'Edit your review' })).toBeVisible();
  // The product's JSON-LD carries its stars for search engines.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
    aggregateRating?: { reviewCount: number; bestRating: number };
  };
  expect(jsonLd.aggregateRating).toMatchObject({ bestRating: 5 });
  expect(jsonLd.aggregateRating!.reviewCount).toBeGreaterThanOrEqual(1);

  // The owner hides it with a reason, from the back-office's reviews.
  expect((await page.request.post('/api/admin/login', { data: { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD } })).ok()).toBe(
    true,
  );
  await page.goto('/admin/reviews?status=visible');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const row = page.getByRole('article', { name: title });
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
  await expect(dialog).toContainText(`“${title}”`);
  await dialog.getByLabel('Reason').fill('It names another shop.');
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(toast(page, 'Review hidden. The shopper has been told why.')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await page.getByRole('link', { name: 'Hidden', exact: true }).click();
  const hiddenRow = page.getByRole('article', { name: title });
  await expect(hiddenRow).toContainText('Hidden: It names another shop.');
  await expect(hiddenRow.getByRole('img', { name: "Photo 1 from Meera I.'s review", exact: true })).toBeVisible();

  // Gone from the product page.
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 2, name: /^Reviews/ })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  // The owner shows it again: back on the product page, with its photo.
  await page.goto('/admin/reviews?status=hidden');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Unhide' }).click();
  await expect(toast(page, 'Review shown again.')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('article', { name: title }).getByRole('link', { name: "Photo 1 from Meera I.'s review" })).toBeVisible();
});
