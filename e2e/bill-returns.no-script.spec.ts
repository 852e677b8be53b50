import { expect, type Page } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';
import { said } from './support/no-script.js';

// A bill's return and void with the page's scripts blocked (ADR 026): the return form and the void's disclosure are
// plain HTML posts; a refusal shows beside its field, a success on the bill page after the redirect.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

/** A bill of `pieces` free-text pieces saved through the JSON API (quicker here than the counter's own form); answers its id and number. */
async function savedBill(page: Page, customerName: string, pieces: number) {
  const answer = await page.request.post('/api/admin/bill/createBill', {
    data: { customerName, items: [{ name: `Pleating ${customerName}`, price: 30_000, quantity: pieces }] },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { bill: { _id: string; invoiceNumber: string } } }).data.bill;
}

test.beforeAll(() => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
});

test('returns a piece and voids a bill with plain forms', async ({ page }) => {
  const login = await page.request.post('/api/admin/login', { data: { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  const stamp = Date.now().toString(36);
  const bill = await savedBill(page, `No-script returns ${stamp}`, 3);

  await page.goto(`/admin/bill/${bill._id}`);
  await expect(page.getByRole('heading', { level: 1, name: bill.invoiceNumber })).toBeVisible();
  const form = page.getByRole('region', { name: 'Return items' });
  const quantity = form.getByRole('spinbutton', { name: /^Return quantity of Pleating/ });

  // No reason: refused beside the field, with the quantity and the refund mode as chosen.
  await quantity.fill('2');
  await form.getByText('Card', { exact: true }).click();
  await form.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(form.getByText('Please give a reason for the return.')).toBeVisible();
  await expect(quantity).toHaveValue('2');
  await expect(form.getByRole('radio', { name: 'Card' })).toBeChecked();

  await form.getByRole('textbox', { name: 'Reason for the return' }).fill('Two pleats too many');
  await form.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(said(page, /^Credit note CN\/\d\d-\d\d\/\d{5} issued\.$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Credit notes of this bill' }).getByRole('listitem')).toHaveCount(1);
  await expect(form.getByText('1 of 3 left to return')).toBeVisible();

  // A second bill of today, voided through the disclosure.
  const second = await savedBill(page, `No-script void ${stamp}`, 1);
  await page.goto(`/admin/bill/${second._id}`);
  await page.locator('summary', { hasText: 'Void bill' }).click();
  const question = page.getByRole('group', { name: `Void bill ${second.invoiceNumber}?` });
  await question.getByRole('textbox', { name: 'Reason for voiding' }).fill('Customer changed her mind at the till');
  await question.getByRole('button', { name: 'Void bill' }).click();
  await expect(said(page, 'Bill voided.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This bill is void' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Return items' })).toHaveCount(0);
});
