import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { toast } from './support/checkout.js';
import { ownerLogsIn } from './support/owner.js';
import { deliveredOrder, paidOrder } from './support/reviews.js';
import { adminLogin, call, dataOf } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { test } from './support/test.js';

// Issue 42, continued, against the e2e shop's Shiprocket emulator: a failed delivery attempt (NDR) reaches the
// owner's order page, where she asks for a reattempt through a plain form, and the shopper's order page; an accepted
// return's courier pickup is booked and followed to its arrival at the shop. Screenshots at each project's size.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const SHOTS = process.env.SHOTS_DIR;

async function shot(target: Page | Locator, name: string, path: string) {
  const options = 'goto' in target ? { path, fullPage: true } : { path };
  await target.screenshot(options);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await target.screenshot({ ...options, path: `${SHOTS}/${name}` });
  }
}

const scan = async (page: Page, awb: string, status: string, reason?: string) => {
  const scanned = await page.request.post('/shiprocket-emulator/scan', { data: { awb, status, ...(reason ? { reason } : {}) } });
  expect(await scanned.json()).toEqual({ webhookStatus: 200 });
};

test('a failed delivery attempt reaches both order pages, and the owner asks for a reattempt from a form', async ({
  page,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const words = project === 'phone' ? 'Bandhani Dupatta' : 'Phulkari Dupatta';
  const email = await signedInShopper(page.request, 'ndr');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId } = await paidOrder(page.request, baseURL!, asid, email, words);

  await ownerLogsIn(page);
  await page.goto(`/admin/orders/${orderId}`);
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await shipment.getByRole('button', { name: 'Ship with courier' }).click();
  await expect(toast(page, 'Parcel booked: print the label')).toBeVisible();
  const awb = (await shipment.locator('dd.font-mono').textContent())!.trim();
  await scan(page, awb, 'picked_up');
  await scan(page, awb, 'undelivered', 'Customer not available at the door');

  await page.goto(`/admin/orders/${orderId}`);
  const attempts = page.getByRole('region', { name: 'Failed delivery attempt' });
  await expect(attempts.getByText('Attempt 1: Customer not available at the door')).toBeVisible();
  await shot(attempts, `ndr-admin-${project}.png`, testInfo.outputPath(`ndr-admin-${project}.png`));
  await attempts.getByLabel('Note for the courier').fill('Please call 98450 12345 before coming; blue gate next to the temple.');
  await attempts.getByRole('button', { name: 'Ask for a reattempt' }).click();
  await expect(toast(page, 'Reattempt asked for')).toBeVisible();
  await expect(attempts.getByText(/reattempt asked for/)).toBeVisible();
  await expect(attempts.getByRole('button', { name: 'Ask for a reattempt' })).toHaveCount(0);
  await expect(page.getByText('We asked the courier to try delivering again (after attempt 1): Please call 98450 12345')).toBeVisible();
  await shot(page, `ndr-admin-page-${project}.png`, testInfo.outputPath(`ndr-admin-page-${project}.png`));

  await page.goto(`/user/orders/${orderId}`);
  const notice = page.getByRole('status').filter({ hasText: 'The courier could not deliver your parcel' });
  await expect(notice).toContainText('attempt 1: Customer not available at the door');
  await expect(notice).toContainText('We have asked them to try again.');
  await shot(page, `ndr-shopper-${project}.png`, testInfo.outputPath(`ndr-shopper-${project}.png`));
});

test('an accepted return books the courier pickup, followed to its arrival at the shop', async ({ page, baseURL }, testInfo) => {
  const project = testInfo.project.name;
  const words = project === 'phone' ? 'Phulkari Dupatta' : 'Bandhani Dupatta';
  const email = await signedInShopper(page.request, 'pickup');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId } = await deliveredOrder(page.request, baseURL!, asid, email, words);
  const asked = await page.request.post(`/api/user/order/requestReturn/${orderId}`, { data: { reason: 'damaged', note: 'Torn border' } });
  expect(asked.ok()).toBe(true);
  dataOf(await call(baseURL!, 'POST', `/api/admin/order/approveReturn/${orderId}`, { cookie: asid }), 'approving the return');

  await page.goto(`/user/orders/${orderId}`);
  await expect(page.getByRole('status').filter({ hasText: 'A courier will collect your return from your address.' })).toBeVisible();
  await shot(page, `return-pickup-shopper-${project}.png`, testInfo.outputPath(`return-pickup-shopper-${project}.png`));

  await ownerLogsIn(page);
  await page.goto(`/admin/orders/${orderId}`);
  const pickup = page.getByRole('region', { name: 'Return pickup' });
  await expect(pickup.getByText(/^Pickup booked with /)).toBeVisible();
  const awb = (await pickup.locator('dd.font-mono').textContent())!.trim();
  await shot(pickup, `return-pickup-booked-${project}.png`, testInfo.outputPath(`return-pickup-booked-${project}.png`));

  await scan(page, awb, 'picked_up');
  await scan(page, awb, 'delivered');
  await page.goto(`/admin/orders/${orderId}`);
  await expect(pickup.getByText('Arrived at the shop: check the pieces and refund')).toBeVisible();
  // Receiving stays hers, piece by piece: the form is there, prompted by the arrival.
  await expect(page.getByRole('region', { name: 'Receive return' })).toBeVisible();
  await shot(page, `return-pickup-arrived-${project}.png`, testInfo.outputPath(`return-pickup-arrived-${project}.png`));
});
