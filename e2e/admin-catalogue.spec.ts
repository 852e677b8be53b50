import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { hydrating, test } from './support/test.js';
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from './support/chromium.js';
import { checkoutFromCart, payOnSheet, toast } from './support/checkout.js';
import { ownerLogsIn } from './support/owner.js';
import { signedInShopper } from './support/shopper.js';

// The owner runs the catalogue and the orders from the back-office (issue 10): a new product with a variant
// of a custom colour and photos (one uploaded, one from Chromium's fake camera) shows on the storefront; a
// shopper buys it, the owner packs and ships it, and the shopper reads 'Shipped' in My Orders.

// Chromium's fake camera and an auto-accepted camera prompt, for this file only.
test.use({
  launchOptions: {
    executablePath: TEST_BROWSER_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera'],
});

test('the owner creates a product with a custom-colour variant and photos, a shopper buys it and sees it shipped', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Peacock Mulmul Kurta ${randomUUID().slice(0, 6)}`;
  await ownerLogsIn(page);

  // A catalogue CSV with a bad row imports nothing and says which row is wrong.
  await page.goto('/admin/products');
  const csv = [
    'id,name,description,category_slug,price_rupees,discount_percent,stock,status,fabric,tags',
    ',Good Kurta,Fine,,999.00,0,3,draft,,',
    ',Bad Kurta,Oops,,lots,0,3,draft,,',
  ].join('\n');
  await page.getByLabel('Import CSV').setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const refused = page.getByRole('dialog', { name: 'Nothing was imported' });
  await expect(refused.getByRole('listitem')).toHaveCount(1);
  await expect(refused.getByRole('listitem')).toContainText('row 3');
  await refused.getByRole('button', { name: 'Close' }).click();
  await page.goto('/admin/products?q=Good%20Kurta');
  await expect(page.getByText('No products match these filters.')).toBeVisible();

  // A new, active product.
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'New product' }).click();
  const create = page.getByRole('dialog', { name: 'New product' });
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Description').fill('Soft mulmul cotton with a peacock-green yoke.');
  await create.getByLabel('Category').selectOption({ index: 1 });
  await create.getByLabel('Status').selectOption('active');
  await create.getByLabel('Price (₹)').fill('1499.50');
  await create.getByLabel('Discount (%)').fill('10');
  await create.getByRole('button', { name: 'Create product' }).click();
  // The product opens in its own page (under load the navigation can take a while).
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/admin\/productView\//);
  const productId = page.url().split('/').pop()!;
  await expect(page.getByText('No images available')).toBeVisible();
  await expect(page.getByText('No variants available.')).toBeVisible();

  // A variant with colour 'Other': the custom text is required.
  await page.getByRole('button', { name: 'Add Variant' }).click();
  const variant = page.getByRole('dialog', { name: 'Add Variant' });
  await variant.getByRole('combobox', { name: 'Colour', exact: true }).selectOption('Other');
  await variant.getByLabel('Colour price (₹)').fill('0');
  await variant.getByRole('combobox', { name: 'Size', exact: true }).selectOption('M');
  await variant.getByLabel('Size price (₹)').fill('50.00');
  await variant.getByLabel('Quantity').fill('5');
  await variant.getByRole('button', { name: 'Add Variant' }).click();
  await expect(variant.getByText('Please fill in all required fields')).toBeVisible();
  await variant.getByLabel('Custom colour').fill('Peacock Green');
  await variant.getByRole('button', { name: 'Add Variant' }).click();
  // The save can take seconds on a busy machine; the toast shows once it is answered.
  await expect(toast(page, 'Variant added successfully')).toBeVisible({ timeout: 20_000 });
  await expect(variant).toBeHidden();
  await expect(page.getByRole('list', { name: 'Variants' })).toContainText('Peacock Green');

  // Photos: one chosen from disk, one taken with the fake camera, uploaded together.
  const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 400 } });
  await page.getByRole('button', { name: 'Upload Images' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Images' });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByText('No files selected.')).toBeVisible();
  await upload.getByLabel('Select Images').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: photo });
  await upload.getByRole('button', { name: 'Capture Photo' }).click();
  await expect(upload.getByLabel('Camera', { exact: true })).toBeVisible();
  await upload.getByRole('button', { name: 'Take Snapshot' }).click();
  await expect(toast(page, 'Photo captured!')).toBeVisible();
  await expect(upload.getByRole('list', { name: 'Selected images' }).getByRole('listitem')).toHaveCount(2);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  // Two photos, each encoded in six widths: longer than a click on a busy two-core machine.
  await expect(upload).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(2);

  // Deleting a photo asks first, naming it; the delete can be undone (issue 26).
  // exact: 'Deleted photos' is a list too.
  const photos = page.getByRole('list', { name: 'Photos', exact: true });
  await photos.getByRole('listitem').nth(1).hover();
  await page.getByRole('button', { name: 'Delete photo 2' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete photo 2?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete photo' }).click();
  await expect(toast(page, 'Image removed successfully')).toBeVisible();
  await expect(photos.getByRole('listitem')).toHaveCount(1);
  const deleted = page.getByRole('list', { name: 'Deleted photos' });
  await expect(deleted.getByRole('listitem')).toHaveCount(1);
  await deleted.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Photo restored')).toBeVisible();
  await expect(photos.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Deleted photos' })).toBeHidden();

  // The storefront shows it at once.
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Colour' })).toContainText('Peacock Green');

  // A shopper (her own browser) buys one piece and pays.
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = hydrating(await shopperContext.newPage());
  await signedInShopper(shopper.request, 'kavya');
  const details = (await (await shopper.request.get(`/api/user/product/getProductDetails/${productId}`)).json()) as {
    data: { product: { variants: Array<{ _id: string }> } };
  };
  const variantId = details.data.product.variants[0]!._id;
  expect((await shopper.request.post('/api/user/product/addToCart', { data: { productId, variantId, quantity: 1 } })).ok()).toBe(true);
  const address = {
    name: 'Kavya Rao',
    phone: '9845012345',
    street: '4, Church Street',
    city: 'Bengaluru',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560001',
  };
  expect((await shopper.request.post('/api/user/profile/addAddress', { data: address })).ok()).toBe(true);
  await (await checkoutFromCart(shopper)).click();
  const orderId = await payOnSheet(shopper);

  // The owner packs and ships it.
  await page.goto(`/admin/orders?status=paid`);
  await page.getByRole('list', { name: 'Orders' }).locator(`a[href="/admin/orders/${orderId}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: /^ORD-/ })).toContainText('Paid');
  await page.getByRole('button', { name: 'Mark packed' }).click();
  await expect(toast(page, 'Order marked packed')).toBeVisible();
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  const ship = page.getByRole('dialog', { name: 'Mark shipped' });
  await ship.getByLabel('Courier').fill('Delhivery');
  await ship.getByLabel('Tracking number').fill('DLV123456789');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, 'Order marked shipped')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^ORD-/ })).toContainText('Shipped');
  await expect(page.getByRole('region', { name: 'Customer and address' })).toContainText('Shipped with Delhivery, tracking DLV123456789');

  // The packing slip is all that prints.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Items' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('heading', { level: 1, name: 'Packing slip' })).toBeHidden();

  // The shopper reads it in My Orders.
  await shopper.goto('/user/orders');
  await expect(shopper.getByRole('list', { name: 'Orders' }).locator(`a[href="/user/orders/${orderId}"]`)).toContainText('Shipped');
  await shopperContext.close();
});
