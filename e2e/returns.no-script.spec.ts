import { expect } from '@playwright/test';
import { button, said } from './support/no-script.js';
import { deliveredOrder, photoFixture } from './support/reviews.js';
import { adminLogin, call, dataOf } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { ownNetworkTest as test } from './support/test.js';

// A return with a photo from a phone whose scripts never arrive (issue 28, ADR 026): 'Request return' is a native
// disclosure holding a real multipart form posted to the order page's action; a refusal comes back open with its
// message beside the field, and the accepted request reaches the back-office with the photo.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

test('requests a return of one piece with a reason and a photo, without scripts', async ({ page, baseURL }) => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
  const email = await signedInShopper(page.request, 'plain-returner');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId, productName } = await deliveredOrder(page.request, baseURL!, asid, email, 'Kalamkari Cotton Dupatta');

  await page.goto(`/user/orders/${orderId}`);
  await page.locator('summary', { hasText: 'Request return' }).click();
  const form = page.locator('details[open] form');
  await expect(form.getByRole('heading', { name: 'Request a return' })).toBeVisible();
  await expect(form.getByRole('checkbox', { name: new RegExp(`^${productName}`) })).toBeChecked();

  // Sent without a reason: the page comes back with the form open and the message beside the reason.
  await button(page, 'Request return').last().click();
  await expect(
    page.locator('details[open] form').getByRole('alert').filter({ hasText: 'Please choose why you are returning the items.' }),
  ).toBeVisible();

  const again = page.locator('details[open] form');
  await again.getByLabel('What went wrong?').selectOption({ label: 'Damaged' });
  await again.getByLabel('Tell us more').fill('A pulled thread on the sleeve.');
  await again.getByLabel('Photos', { exact: true }).setInputFiles(await photoFixture(page));
  await again.getByRole('button', { name: 'Request return', exact: true }).click();

  await expect(said(page, 'Return requested. We will get back to you within 2 business days.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^1 × ${productName}( \\(.+\\))? · Damaged$`) })).toBeVisible();
  const detail = dataOf<{ order: { status: string; returnPhotos: string[] } }>(
    await call(baseURL!, 'GET', `/api/admin/order/getOrderDetails/${orderId}`, { cookie: asid }),
    'order details',
  );
  expect(detail.order.status).toBe('return_requested');
  expect(detail.order.returnPhotos).toHaveLength(1);
});
