import { expect } from '@playwright/test';
import { toast } from './support/checkout.js';
import { deliveredOrder, photoFixture } from './support/reviews.js';
import { adminLogin, call, dataOf } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { test } from './support/test.js';

// Returns per item (issue 28): a shopper sends back a piece of a delivered order with a reason, a note and a photo;
// the owner receives it and refunds it, and her order says where the money goes and by when.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
test.beforeAll(() => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
});

test('a shopper returns one piece with a photo; once refunded her order says where the money goes and offers a credit note', async ({
  page,
  baseURL,
}, testInfo) => {
  // The phone and desktop runs buy different pieces, so they never race for the same stock.
  const words = testInfo.project.name === 'phone' ? 'Ikat Handloom Cotton Saree' : 'Chanderi Cotton Silk Saree';
  const email = await signedInShopper(page.request, 'returner');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId, productName } = await deliveredOrder(page.request, baseURL!, asid, email, words);

  await page.goto(`/user/orders/${orderId}`);
  await expect(page.getByText(/^Delivered on /)).toBeVisible();
  await expect(page.getByText(/^(Expected delivery:|Delivery by )/)).toHaveCount(0);
  // Delhivery is a courier we know: the tracking number opens its tracking page.
  await expect(page.getByRole('link', { name: /^DLV\d+/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.delhivery\.com\/track-v2\/package\/DLV\d+$/,
  );

  await page.getByRole('button', { name: 'Request return', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a return' });
  const item = dialog.getByRole('checkbox', { name: new RegExp(`^${productName}`) });
  await expect(item).toBeChecked();
  // Sent without a reason, the form says so in words beside the reason.
  await dialog.getByRole('button', { name: 'Request return', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Please choose why you are returning the items.' })).toBeVisible();

  // Only the reasons the return policy names (issue 38).
  await expect(dialog.getByLabel('What went wrong?').locator('option')).toHaveText([
    'Choose a reason',
    'Damaged',
    'Defective',
    'Wrong item',
    'Missing item',
  ]);
  await dialog.getByLabel('What went wrong?').selectOption({ label: 'Defective' });
  await dialog.getByLabel('Tell us more').fill('The blouse piece is torn at the seam.');
  await dialog.getByLabel('Photos', { exact: true }).setInputFiles(await photoFixture(page));
  await dialog.getByRole('button', { name: 'Request return', exact: true }).click();
  await expect(toast(page, 'Return requested. We will get back to you within 2 business days.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The piece is named with its colour and size, and its line is marked (issue 38).
  await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^1 × ${productName}( \\(.+\\))? · Defective$`) })).toBeVisible();
  await expect(page.getByText('Returning', { exact: true })).toBeVisible();

  // The owner has the parcel back and refunds it; the emulator confirms the refund at once.
  const detail = dataOf<{ order: { returnItems: Array<{ itemId: string; quantity: number }>; returnPhotos: string[] } }>(
    await call(baseURL!, 'GET', `/api/admin/order/getOrderDetails/${orderId}`, { cookie: asid }),
    'order details',
  );
  expect(detail.order.returnItems).toEqual([expect.objectContaining({ quantity: 1 })]);
  // The photo she sent reaches the back-office, and opens.
  expect(detail.order.returnPhotos).toHaveLength(1);
  expect((await page.request.get(detail.order.returnPhotos[0]!)).headers()['content-type']).toMatch(/^image\//);
  dataOf(await call(baseURL!, 'POST', `/api/admin/order/approveReturn/${orderId}`, { cookie: asid }), 'approving the return');
  // The pieces are checked on arrival before the refund (issue 40).
  const items = detail.order.returnItems.map((line) => ({ itemId: line.itemId, quantity: line.quantity, restock: true }));
  dataOf(
    await call(baseURL!, 'POST', `/api/admin/order/receiveReturn/${orderId}`, { cookie: asid, body: { items } }),
    'receiving the return',
  );
  dataOf(await call(baseURL!, 'POST', `/api/admin/order/refundOrder/${orderId}`, { cookie: asid }), 'refunding');

  await page.reload();
  await expect(
    page.getByRole('status').filter({ hasText: /goes back to your UPI account, typically within 2–7 working days \(by / }),
  ).toBeVisible();
  // Every piece came back: the credit note is her paper (a partial refund keeps the receipt beside it).
  await expect(page.getByRole('link', { name: 'Print Credit Note', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Print Receipt', exact: true })).toHaveCount(0);
  await page.goto(`/invoice/order/${orderId}?credit=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Note', exact: true })).toBeVisible();
  await expect(page.getByText(/^Against invoice No\./)).toBeVisible();
});
