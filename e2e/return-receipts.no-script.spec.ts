import { expect } from '@playwright/test';
import { said } from './support/no-script.js';
import { deliveredOrder } from './support/reviews.js';
import { adminLogin, call, dataOf } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { ownNetworkTest as test } from './support/test.js';

// Issue 40 with the page's scripts blocked: the Receive return form and the refund's confirmation (a disclosure
// with the amount) are plain HTML form posts.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

test('the owner receives a return and refunds part of it with plain forms', async ({ page, baseURL }) => {
  const email = await signedInShopper(page.request, 'receipt.noscript');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId } = await deliveredOrder(page.request, baseURL!, asid, email, 'Kurta');
  const asked = await page.request.post(`/api/user/order/requestReturn/${orderId}`, { data: { reason: 'damaged' } });
  expect(asked.ok()).toBe(true);
  dataOf(await call(baseURL!, 'POST', `/api/admin/order/approveReturn/${orderId}`, { cookie: asid }), 'approving the return');

  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/orders/${orderId}`);

  const receive = page.getByRole('region', { name: 'Receive return' });
  await receive.getByLabel('Back on sale').fill('0');
  await receive.getByLabel('Damaged, written off').fill('1');
  await receive.getByRole('button', { name: 'Receive return' }).click();
  await expect(said(page, 'Return received')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Return', exact: true })).toContainText('1 written off');

  await page.locator('summary', { hasText: 'Refund' }).click();
  const confirm = page.getByRole('group', { name: /^Refund ₹/ });
  await expect(confirm).toContainText('Refundable');
  await confirm.getByLabel('Amount (₹)').fill('50');
  await confirm.getByRole('button', { name: 'Send refund' }).click();
  await expect(said(page, 'Refund started')).toBeVisible();
  const order = dataOf<{ order: { refundedAmount: number } }>(
    await call(baseURL!, 'GET', `/api/admin/order/getOrderDetails/${orderId}`, { cookie: asid }),
    'the order',
  ).order;
  expect(order.refundedAmount).toBe(5_000);
});
