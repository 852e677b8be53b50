import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { istDay } from '@shop/core';
import { toast } from './support/checkout.js';
import { billableItem, type BrowserWindow, signInOwner } from './support/counter.js';
import { test } from './support/test.js';

// Returns and voids at the counter (issue 26): the owner bills two pieces of an item, finds the bill in All Bills,
// takes one piece back with the refund by UPI, sees the credit note on the bill and prints it; then bills again
// and voids that same-day bill, which All Bills marks Void. The credit-note register lists the note, with its CSV.

/** Saves a bill at the counter for `customer` (scanned SKUs or one free-text line); answers its invoice number. */
async function billAtCounter(page: Page, customer: string, lines: { skus?: string[]; freeText?: { name: string; rupees: string } }) {
  await page.goto('/admin/billing');
  const search = page.getByRole('combobox', { name: 'Scan a barcode or type a name or SKU' });
  await expect(search).toBeFocused();
  for (const sku of lines.skus ?? []) {
    await page.keyboard.type(sku);
    await page.keyboard.press('Enter');
    await expect(search).toHaveValue('');
  }
  if (lines.freeText) {
    await page.getByRole('textbox', { name: 'Item not in the catalogue' }).fill(lines.freeText.name);
    await page.getByRole('textbox', { name: 'Price (₹)' }).fill(lines.freeText.rupees);
    await page.getByRole('textbox', { name: 'Price (₹)' }).press('Enter');
  }
  await page.getByRole('textbox', { name: 'Customer name' }).fill(customer);
  await page.getByRole('button', { name: 'Save bill' }).click();
  await expect(page.getByRole('heading', { name: 'Bill saved' })).toBeVisible();
  const invoiceNumber = (await page.getByTestId('invoice-number').textContent()) ?? '';
  expect(invoiceNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{5}$/);
  return invoiceNumber;
}

/** All Bills filtered to today's bills of `customer`: its one card. */
async function billCard(page: Page, customer: string) {
  const today = istDay(new Date());
  await page.goto(`/admin/totalBills?customer=${encodeURIComponent(customer)}&from=${today}&to=${today}`);
  const bills = page.getByRole('list', { name: 'Bills' }).getByRole('listitem').filter({ hasText: customer });
  await expect(bills).toHaveCount(1);
  return bills.first();
}

/** Puts a toast away (on a phone it sits over the page's lower buttons). */
async function dismiss(page: Page, text: string | RegExp) {
  await toast(page, text).getByRole('button', { name: 'close' }).click();
  await expect(toast(page, text)).toHaveCount(0);
}

test('the owner takes a piece back with a credit note, prints it, and voids a bill of the same day', async ({ page }, testInfo) => {
  await signInOwner(page);
  const item = await billableItem(page, testInfo.project.name === 'phone' ? 'saree' : 'kurti', 3);
  const customer = `Returns ${testInfo.project.name} ${Date.now()}`;

  // Two pieces of one item.
  const invoiceNumber = await billAtCounter(page, customer, { skus: [item.sku!, item.sku!] });

  // From All Bills to the bill's own page.
  const card = await billCard(page, customer);
  await expect(card).toContainText(invoiceNumber);
  await card.getByRole('link', { name: /^Returns & void/ }).click();
  await expect(page).toHaveURL(/\/admin\/bill\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: invoiceNumber })).toBeVisible();
  await expect(page.getByText(customer).first()).toBeVisible();
  await expect(page.getByText('Paid by Cash').first()).toBeVisible();
  // Nothing returned yet, and the bill is today's: the owner may void it.
  await expect(page.getByRole('button', { name: 'Void bill' })).toBeVisible();

  // One piece back, refunded by UPI.
  const form = page.getByRole('region', { name: 'Return items' });
  const quantity = form.getByRole('spinbutton', { name: `Return quantity of ${item.name}` });
  await expect(quantity).toHaveValue('0');
  await quantity.fill('1');
  // The refund modes are radio buttons drawn as a segmented control: a tap lands on the label.
  await form
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'UPI' }) })
    .click();
  await expect(form.getByRole('radio', { name: 'UPI' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Reason for the return' }).fill('Too long; the customer tried it at home');
  await form.getByRole('button', { name: 'Issue credit note' }).click();

  const issued = /Credit note (CN\/\d\d-\d\d\/\d{5}) issued\./;
  await expect(toast(page, issued)).toBeVisible();
  const creditNoteNumber = issued.exec((await toast(page, issued).textContent()) ?? '')?.[1] ?? '';
  expect(creditNoteNumber).toMatch(/^CN\/\d\d-\d\d\/\d{5}$/);
  await dismiss(page, issued);

  // The note is listed on the bill; the line shows the piece returned and the one left; a bill with a return is not voided.
  const notes = page.getByRole('list', { name: 'Credit notes of this bill' }).getByRole('listitem');
  await expect(notes).toHaveCount(1);
  await expect(notes.first()).toContainText(creditNoteNumber);
  const row = page.getByRole('region', { name: 'Items', exact: true }).getByRole('row').filter({ hasText: item.name });
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(form.getByText(`1 of 2 left to return`)).toBeVisible();
  await expect(form.getByRole('spinbutton', { name: `Return quantity of ${item.name}` })).toHaveValue('0');
  await expect(page.getByRole('button', { name: 'Void bill' })).toHaveCount(0);

  // Its printable page, in the invoice's 800×600 window, which prints.
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: `Print credit note ${creditNoteNumber}` }).click(),
  ]);
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { level: 1, name: 'Credit note' })).toBeVisible();
  await expect(popup.getByText(creditNoteNumber)).toBeVisible();
  await expect(popup.getByText(/^Against invoice INV\/\d\d-\d\d\/\d{5} dated /)).toContainText(invoiceNumber);
  await expect(popup.getByText(/GSTIN/).first()).toBeVisible();
  await expect(popup.getByRole('columnheader', { name: 'Taxable value' }).first()).toBeVisible();
  await expect(popup.getByRole('columnheader', { name: 'CGST' })).toBeVisible();
  await expect(popup.getByText('Refunded by UPI')).toBeVisible();
  await expect(popup.getByText('Too long; the customer tried it at home')).toBeVisible();
  await expect.poll(() => popup.evaluate(() => (globalThis as unknown as BrowserWindow).printed)).toBeGreaterThan(0);
  await popup.screenshot({ path: testInfo.outputPath('credit-note.png'), fullPage: true });
  await popup.close();

  // All Bills lists the note under the bill and the piece returned.
  const returnedCard = await billCard(page, customer);
  await expect(returnedCard).toContainText(creditNoteNumber);
  await expect(returnedCard).toContainText('1 returned');

  // Issue 43: the credit-note register lists the note (this month by default), and the owner downloads its CSV.
  await page.goto('/admin/creditNotes');
  await expect(page.getByRole('heading', { level: 1, name: 'Credit Notes' })).toBeVisible();
  const register = page.getByRole('region', { name: 'Credit notes' });
  const noteRow = register.getByRole('row').filter({ hasText: creditNoteNumber });
  await expect(noteRow).toContainText(invoiceNumber);
  await expect(noteRow).toContainText(customer);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('credit-notes.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFcreditNoteNumber,date,channel,againstInvoice,buyer,')).toBe(true);
  expect(csv).toContain(`${creditNoteNumber},${istDay(new Date())} `);

  // A second bill the same day, voided by the owner with a reason.
  const secondCustomer = `Void ${testInfo.project.name} ${Date.now()}`;
  const secondInvoice = await billAtCounter(page, secondCustomer, {
    freeText: { name: `Fall and pico ${testInfo.project.name}`, rupees: '250' },
  });
  await (await billCard(page, secondCustomer)).getByRole('link', { name: /^Returns & void/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: secondInvoice })).toBeVisible();
  await page.getByRole('button', { name: 'Void bill' }).click();
  const dialog = page.getByRole('dialog', { name: `Void bill ${secondInvoice}?` });
  await dialog.getByRole('textbox', { name: 'Reason for voiding' }).fill('Keyed in twice');
  await dialog.getByRole('button', { name: 'Void bill' }).click();
  await expect(toast(page, 'Bill voided.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'This bill is void' })).toBeVisible();
  await expect(page.getByText('Reason: Keyed in twice')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Void');
  await expect(page.getByRole('button', { name: 'Void bill' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Return items' })).toHaveCount(0);

  const voidCard = await billCard(page, secondCustomer);
  await expect(voidCard).toContainText('Void');
  await expect(voidCard.getByRole('link', { name: /^Open bill/ })).toBeVisible();
});
