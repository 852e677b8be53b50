import { expect } from '@playwright/test';
import { billableItem, signInOwner } from './support/counter.js';
import { said } from './support/no-script.js';
import { ownNetworkTest as test } from './support/test.js';

// The counter with the page's scripts blocked (issue 38, ADR 033): the bill is one form whose buttons post it to the
// page, and it carries the bill's Idempotency-Key from the moment it was rendered, so the same form posted twice
// makes one bill and takes the stock once.

test('bills with plain forms, and the same form posted again answers the same bill', async ({ page, baseURL }) => {
  await signInOwner(page);
  const item = await billableItem(page, 'bangles', 2);
  const customer = `No-script counter ${Date.now().toString(36)}`;

  await page.goto('/admin/billing');
  const bill = page.getByRole('form', { name: 'Bill' });
  // Enter in the search box presses Find: the scanned SKU goes on the bill.
  await bill.getByRole('combobox', { name: 'Scan a barcode or type a name or SKU' }).fill(item.sku!);
  await bill.getByRole('combobox', { name: 'Scan a barcode or type a name or SKU' }).press('Enter');
  await expect(bill.getByRole('spinbutton', { name: /^Quantity of / })).toHaveValue('1');

  await bill.getByRole('textbox', { name: 'Item not in the catalogue' }).fill('Fall and pico');
  await bill.getByRole('textbox', { name: 'Price (₹)' }).fill('150');
  await bill.getByRole('button', { name: 'Add item' }).click();
  await expect(bill.getByRole('cell', { name: 'Fall and pico Not in the catalogue · 9988 · GST 5%' })).toBeVisible();
  await bill.getByRole('textbox', { name: 'Customer name' }).fill(customer);
  await bill.getByRole('button', { name: 'Update totals' }).click();
  await expect(bill.getByRole('textbox', { name: 'Customer name' })).toHaveValue(customer);

  // The form as it is about to be posted, to post it again afterwards as a browser does on a reload.
  const fields = new URLSearchParams();
  for (const input of await bill.locator('input[name]:not([type=radio]), input[type=radio][name]:checked').all()) {
    fields.append((await input.getAttribute('name'))!, await input.inputValue());
  }
  fields.append('intent', 'save');
  expect(fields.getAll('line')).toHaveLength(2);
  expect(fields.get('idempotencyKey')).toMatch(/^[0-9a-f]{32}$/);
  const stockBefore = (await billableItem(page, item.sku!, 0)).stock;

  await bill.getByRole('button', { name: 'Save bill' }).click();
  await expect(page).toHaveURL(/\/admin\/bill\/[0-9a-f-]{36}$/);
  await expect(said(page, /^Bill INV\/\d\d-\d\d\/\d{5} saved$/)).toBeVisible();
  const billPage = new URL(page.url()).pathname;

  const again = await page.request.post('/admin/billing', {
    data: fields.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL! },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe(billPage);
  const listed = await page.request.get(`/api/admin/bill/getAllBills?customer=${encodeURIComponent(customer)}`);
  expect(((await listed.json()) as { data: { total: number } }).data.total).toBe(1);
  expect((await billableItem(page, item.sku!, 0)).stock).toBe(stockBefore - 1);
});

// Issue 40 without scripts: a line's discount, a flat ₹ discount, the round-off, a typed-in item's SAC and rate, a
// split whose cash part records what was handed over; then the bill history found by phone, bill number and mode.
test('discounts, round-off, a service line and a split with cash received, then found by phone, number and mode', async ({ page }) => {
  await signInOwner(page);
  const phone = `9${Date.now().toString().slice(-9)}`;
  await page.goto('/admin/billing');
  const bill = page.getByRole('form', { name: 'Bill' });
  await bill.getByRole('textbox', { name: 'Item not in the catalogue' }).fill('Silk saree (own weave)');
  await bill.getByRole('textbox', { name: 'Price (₹)' }).fill('2699');
  await bill.getByRole('textbox', { name: 'HSN/SAC' }).fill('5007');
  await bill.getByRole('button', { name: 'Add item' }).click();
  await bill.getByRole('textbox', { name: 'Item not in the catalogue' }).fill('Blouse stitching');
  await bill.getByRole('textbox', { name: 'Price (₹)' }).fill('800');
  await bill.getByRole('combobox', { name: 'GST rate' }).selectOption('18');
  await bill.getByRole('button', { name: 'Add item' }).click();
  await expect(bill.getByRole('cell', { name: 'Blouse stitching Not in the catalogue · 9988 · GST 18%' })).toBeVisible();

  await bill.getByRole('textbox', { name: 'Discount % on Silk saree (own weave)' }).fill('10');
  await bill.getByRole('textbox', { name: 'Discount (₹)' }).fill('100');
  await bill.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await bill
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Split' }) })
    .click();
  await bill.getByRole('button', { name: 'Update totals' }).click();
  // ₹2,429.10 + ₹800 − ₹100 = ₹3,129.10 → ₹3,129.00.
  await expect(bill.getByTestId('bill-round-off')).toHaveText('−₹0.10');
  await expect(bill.getByTestId('bill-total')).toHaveText('₹3,129.00');
  await bill.getByLabel('Cash (₹)', { exact: true }).fill('2000');
  await bill.getByLabel('UPI (₹)', { exact: true }).fill('1129');
  await bill.getByLabel('Cash received (₹)').fill('2500');
  await bill.getByRole('button', { name: 'Save bill' }).click();

  await expect(page).toHaveURL(/\/admin\/bill\/[0-9a-f-]{36}$/);
  const invoiceNumber = ((await said(page, /^Bill INV\//).textContent()) ?? '').match(/INV\/\d\d-\d\d\/\d{5}/)![0];
  await expect(page.getByText('Paid by Cash ₹2,000.00 (received ₹2,500.00, change ₹500.00) · UPI ₹1,129.00')).toBeVisible();
  await expect(page.getByText('Round-off')).toBeVisible();
  await expect(page.getByText(/HSN 9988 · GST 18%/)).toBeVisible();

  // The bill history's filters are a plain GET form.
  await page.goto('/admin/totalBills');
  const filters = page.getByRole('search', { name: 'Filter bills' });
  await filters.getByLabel('Phone').fill(phone.slice(-6));
  await filters.getByLabel('Paid by').selectOption('upi');
  await filters.getByRole('button', { name: 'Apply' }).click();
  const bills = page.getByRole('list', { name: 'Bills' }).getByRole('listitem').filter({ hasText: invoiceNumber });
  await expect(page.getByRole('list', { name: 'Bills' }).locator(':scope > li')).toHaveCount(1);
  await expect(bills).toHaveCount(1);
  await filters.getByLabel('Paid by').selectOption('card');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No matching bills found.')).toBeVisible();
  await page.goto(`/admin/totalBills?invoice=${encodeURIComponent(invoiceNumber.slice(-8))}&status=paid`);
  await expect(page.getByRole('list', { name: 'Bills' }).locator(':scope > li')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Bills' })).toContainText(invoiceNumber);
});

// Issue 43 without scripts: a business buyer's GSTIN and name, both or neither, on the bill and its tax invoice.
test('a business buyer’s GSTIN without its name comes back beside the field; with both, the bill and its invoice show them', async ({
  page,
}) => {
  await signInOwner(page);
  await page.goto('/admin/billing');
  const bill = page.getByRole('form', { name: 'Bill' });
  await bill.getByRole('textbox', { name: 'Item not in the catalogue' }).fill('Blouse alteration');
  await bill.getByRole('textbox', { name: 'Price (₹)' }).fill('300');
  await bill.getByRole('button', { name: 'Add item' }).click();
  await bill.locator('summary', { hasText: 'For business purchases' }).click();
  await bill.getByRole('textbox', { name: 'GSTIN', exact: true }).fill('29aagcb7383j1z4');
  await bill.getByRole('button', { name: 'Save bill' }).click();
  await expect(bill.getByText('Please enter the business name the GSTIN is registered under.')).toBeVisible();
  await expect(bill.getByRole('textbox', { name: 'GSTIN', exact: true })).toHaveValue('29aagcb7383j1z4');
  await bill.getByRole('textbox', { name: 'Business name', exact: true }).fill('Bindu Boutique');
  await bill.getByRole('button', { name: 'Save bill' }).click();

  await expect(page).toHaveURL(/\/admin\/bill\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('buyer-gstin')).toContainText('Bindu BoutiqueBuyer GSTIN 29AAGCB7383J1Z4 · Karnataka');
  await page.goto(`/admin/invoice/${new URL(page.url()).pathname.split('/').pop()}`);
  await expect(page.getByTestId('invoice-buyer-gstin')).toHaveText('Buyer GSTIN: 29AAGCB7383J1Z4 · Karnataka (29)');
  await expect(page.getByText('Place of supply: Karnataka (29)')).toBeVisible();
});
