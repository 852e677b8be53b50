import { expect } from '@playwright/test';
import { toast } from './support/checkout.js';
import { ownerLogsIn } from './support/owner.js';
import { deliveredOrder } from './support/reviews.js';
import { adminLogin, call, dataOf } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { test } from './support/test.js';

// Issue 40: the owner receives an approved return on the order page (each piece back on sale or written off), then
// refunds it through a dialog that shows the amount and where it goes, and may lower it; a void bill prints VOID.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const SHOTS = process.env.SHOTS_DIR;

test('the owner receives a return, then refunds part of it from a dialog that asks first', async ({ page, baseURL }, testInfo) => {
  const words = testInfo.project.name === 'phone' ? 'Ikat Handloom Cotton Saree' : 'Chanderi Cotton Silk Saree';
  const email = await signedInShopper(page.request, 'receipt');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId } = await deliveredOrder(page.request, baseURL!, asid, email, words);
  const asked = await page.request.post(`/api/user/order/requestReturn/${orderId}`, { data: { reason: 'damaged', note: 'Torn pallu' } });
  expect(asked.ok()).toBe(true);
  dataOf(await call(baseURL!, 'POST', `/api/admin/order/approveReturn/${orderId}`, { cookie: asid }), 'approving the return');

  await page.context().clearCookies();
  await ownerLogsIn(page);
  await page.goto(`/admin/orders/${orderId}`);
  const receive = page.getByRole('region', { name: 'Receive return' });
  await expect(receive).toBeVisible();
  // No refund before the pieces are checked.
  await expect(page.getByRole('group', { name: 'Order actions' })).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/receive-return-${testInfo.project.name}.png`, fullPage: true });
  await expect(receive.getByLabel('Back on sale')).toHaveValue('1');
  await receive.getByRole('button', { name: 'Receive return' }).click();
  await expect(toast(page, 'Return received')).toBeVisible();
  await expect(page.getByText(/^Received: /)).toBeVisible();

  // Refund asks first: a labelled dialog with the amount and where it goes; Escape closes it.
  const refund = page.getByRole('button', { name: 'Refund', exact: true });
  await refund.click();
  const dialog = page.getByRole('dialog', { name: /^Refund ₹/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/UPI: back to the shopper's UPI account, through Razorpay/)).toBeVisible();
  const amount = dialog.getByLabel('Amount (₹)');
  const full = await amount.inputValue();
  expect(Number(full)).toBeGreaterThan(100);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(refund).toBeFocused();
  await refund.click();
  await expect(dialog).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/refund-dialog-${testInfo.project.name}.png` });
  // Above what is refundable: refused naming the amount, nothing sent.
  await amount.fill(String(Number(full) + 1));
  await dialog.getByRole('button', { name: 'Send refund' }).click();
  await expect(toast(page, /Refund at most ₹/)).toBeVisible();
  await amount.fill('100');
  await dialog.getByRole('button', { name: 'Send refund' }).click();
  await expect(toast(page, 'Refund started')).toBeVisible();
  const order = dataOf<{ order: { refundedAmount: number } }>(
    await call(baseURL!, 'GET', `/api/admin/order/getOrderDetails/${orderId}`, { cookie: asid }),
    'the order',
  ).order;
  expect(order.refundedAmount).toBe(10_000);
});

test('a void bill reprints with VOID across it, when and why', async ({ page, baseURL }, testInfo) => {
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { bill } = dataOf<{ bill: { _id: string } }>(
    await call(baseURL!, 'POST', '/api/admin/bill/createBill', {
      cookie: asid,
      body: { customerName: 'Asha Rao', items: [{ name: 'Blouse stitching', price: 229_900, quantity: 1 }] },
    }),
    'a bill',
  );
  dataOf(
    await call(baseURL!, 'POST', `/api/admin/bill/voidBill/${bill._id}`, { cookie: asid, body: { reason: 'Keyed in twice' } }),
    'voiding',
  );
  await ownerLogsIn(page);
  await page.goto(`/admin/invoice/${bill._id}`);
  await expect(page.getByText('VOID', { exact: true })).toBeVisible();
  await expect(page.getByText(/^VOID: this bill was voided on \d+ \w+ \d{4}, /)).toBeVisible();
  await expect(page.getByText('Reason: Keyed in twice')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/void-invoice-${testInfo.project.name}.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('VOID', { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/void-invoice-print-${testInfo.project.name}.png`, fullPage: true });
});
