import { expect } from '@playwright/test';
import { toast } from './support/checkout.js';
import { ownerLogsIn } from './support/owner.js';
import { paidOrder } from './support/reviews.js';
import { adminLogin } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { test } from './support/test.js';

// Issue 42: the e2e shop runs the Shiprocket emulator (no SHIPROCKET_* set). The owner ships a paid order from its
// page (order, AWB, pickup, label), the courier's scans arrive through the tracking webhook, and the shopper's order
// follows them to delivered. Screenshots of the shipment block at each project's size.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

test('the owner ships a paid order from its page, and the shopper’s order follows the courier’s scans to delivered', async ({
  page,
  baseURL,
}, testInfo) => {
  // The phone and desktop runs buy different pieces, so they never race for the same stock.
  const words = testInfo.project.name === 'phone' ? 'Mul Cotton Printed Saree' : 'Block Print A-line Kurti';
  const email = await signedInShopper(page.request, 'parcel');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId } = await paidOrder(page.request, baseURL!, asid, email, words);

  await ownerLogsIn(page);
  await page.goto(`/admin/orders/${orderId}`);
  const shipment = page.getByRole('region', { name: 'Shipment' });
  await expect(shipment.getByText('Book the courier: the pickup is scheduled and the label is ready to print.')).toBeVisible();
  await shipment.getByRole('button', { name: 'Ship with courier' }).click();
  await expect(toast(page, 'Parcel booked: print the label')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Packed');
  await expect(shipment.getByRole('link', { name: 'Print label' })).toHaveAttribute(
    'href',
    /\/shiprocket-emulator\/labels\/shipping-label-.*\.pdf$/,
  );
  await expect(shipment.getByText("Awaiting pickup: the order moves to shipped at the courier's first scan.")).toBeVisible();
  const awb = (await shipment.locator('dd.font-mono').textContent())!.trim();
  expect(awb).toMatch(/^\d{10,}$/);
  await shipment.screenshot({ path: testInfo.outputPath(`shipment-booked-${testInfo.project.name}.png`) });

  for (const status of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered']) {
    const scanned = await page.request.post('/shiprocket-emulator/scan', { data: { awb, status } });
    expect(await scanned.json()).toEqual({ webhookStatus: 200 });
  }

  await page.goto(`/user/orders/${orderId}`);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Delivered');
  await expect(shipment.getByRole('list', { name: 'Courier scans' }).getByRole('listitem')).toHaveText([
    /^Delivered/,
    /^Out for delivery/,
    /^In transit/,
    /^Picked up/,
  ]);
  await shipment.screenshot({ path: testInfo.outputPath(`shipment-delivered-${testInfo.project.name}.png`) });
  await page.screenshot({ path: testInfo.outputPath(`order-page-${testInfo.project.name}.png`), fullPage: true });
});
