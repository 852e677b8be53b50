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
  await expect(bill.getByRole('cell', { name: 'Fall and pico Free-text item' })).toBeVisible();
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
