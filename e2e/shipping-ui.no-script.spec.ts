import { expect } from '@playwright/test';
import { said } from './support/no-script.js';
import { paidOrder } from './support/reviews.js';
import { adminLogin, call, dataOf } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { ownNetworkTest as test } from './support/test.js';

// Issue 42 with the page's scripts blocked (ADR 026): the order page's courier picker and the orders list's Ship
// selected are plain HTML forms. The owner books one paid order with a courier picked from the list, and two more
// together, and gets the labels PDF and the manifest.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

test('the owner picks a courier and ships selected orders with plain forms', async ({ page, baseURL }) => {
  const email = await signedInShopper(page.request, 'noscript.ship');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const picked = await paidOrder(page.request, baseURL!, asid, email, 'lehenga');
  const together = [
    await paidOrder(page.request, baseURL!, asid, email, 'dupatta'),
    await paidOrder(page.request, baseURL!, asid, email, 'dupatta'),
  ];
  const numberOf = async (orderId: string) =>
    dataOf(
      await call<{ order: { orderNumber: string } }>(baseURL!, 'GET', `/api/admin/order/getOrderDetails/${orderId}`, { cookie: asid }),
      'the order',
    ).order.orderNumber;

  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The picker is a disclosure of radios; the chosen courier is posted with the book move.
  await page.goto(`/admin/orders/${picked.orderId}`);
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await shipment.locator('summary', { hasText: 'Pick another courier' }).click();
  await shipment.getByRole('radio', { name: /Blue Dart/ }).check();
  await shipment.getByRole('button', { name: 'Ship with this courier' }).click();
  await expect(said(page, 'Parcel booked: print the label')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Packed');
  await expect(page.getByRole('region', { name: 'Shipment' }).locator('dd').first()).toHaveText('Blue Dart');

  // Ship selected: the ticked boxes belong to the form above the list.
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  const orders = page.getByRole('list', { name: 'Orders' });
  for (const { orderId } of together) await orders.getByRole('checkbox', { name: `Select ${await numberOf(orderId)} to ship` }).check();
  await page.getByRole('button', { name: 'Ship selected' }).click();
  const done = page.getByRole('status').filter({ hasText: '2 orders booked with the courier' });
  await expect(done).toBeVisible();
  await expect(done.getByRole('link', { name: 'Labels PDF' })).toHaveAttribute('href', /shipping-label-bulk-.*\.pdf$/);
  await expect(done.getByRole('link', { name: 'Manifest' })).toHaveAttribute('href', /MANIFEST-.*\.pdf$/);

  // Nothing ticked: told, nothing booked.
  await page.goto('/admin/orders?status=paid');
  if (await page.getByRole('button', { name: 'Ship selected' }).isVisible()) {
    await page.getByRole('button', { name: 'Ship selected' }).click();
    await expect(page.getByText('Select at least one paid order.')).toBeVisible();
  }
});
