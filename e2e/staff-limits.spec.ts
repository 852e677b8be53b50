import { expect } from '@playwright/test';
import { signInOwner } from './support/counter.js';
import { test } from './support/test.js';

// Staff limits (issue 40): the owner invites a helper (Staff by default); the link's sign-up page has her address
// filled in; signed in, she sees the bill without a return form (the owner does returns) and no CSV exports.

test('an invited staff member signs up with her address filled in, and leaves returns and exports to the owner', async ({
  browser,
  page,
}, testInfo) => {
  await signInOwner(page);
  // A bill to look at, saved by the owner through the API.
  const saved = await page.request.post('/api/admin/bill/createBill', {
    data: { customerName: 'Staff Limits', items: [{ name: 'Alteration', price: 80_910, quantity: 1 }] },
  });
  expect(saved.ok()).toBe(true);
  const billId = ((await saved.json()) as { data: { bill: { _id: string } } }).data.bill._id;

  await page.goto('/admin/profile');
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('staff');
  const email = `helper.${testInfo.project.name}.${Date.now()}@example.in`;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send invite' }).click();
  const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();

  const helper = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await helper.goto(new URL(link).pathname + new URL(link).search);
  const address = helper.getByRole('textbox', { name: 'Email' });
  await expect(address).toHaveValue(email);
  await expect(address).toHaveAttribute('readonly', '');
  await helper.screenshot({ path: `/tmp/shots/staff/signup-${testInfo.project.name}.png`, fullPage: true });
  await helper.getByRole('textbox', { name: 'Full Name' }).fill('Ravi Helper');
  await helper.getByLabel('Password', { exact: true }).fill('helper-pass-123');
  await helper.getByLabel('Confirm Password').fill('helper-pass-123');
  await helper.getByRole('button', { name: 'Create Account' }).click();
  await expect(helper).toHaveURL(/\/admin\/login/);
  const login = await helper.request.post('/api/admin/login', { data: { adminEmail: email, adminPassword: 'helper-pass-123' } });
  expect(login.ok()).toBe(true);

  await helper.goto(`/admin/bill/${billId}`);
  await expect(helper.getByText('Returns at the counter are done by the owner.')).toBeVisible();
  await expect(helper.getByRole('button', { name: 'Issue credit note' })).toHaveCount(0);
  await helper.screenshot({ path: `/tmp/shots/staff/bill-${testInfo.project.name}.png`, fullPage: true });
  await helper.goto('/admin/totalBills');
  await expect(helper.getByRole('heading', { name: 'All Bills' })).toBeVisible();
  await expect(helper.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await helper.goto('/admin/products');
  await expect(helper.getByRole('heading', { name: 'Products' })).toBeVisible();
  await expect(helper.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await helper.screenshot({ path: `/tmp/shots/staff/products-${testInfo.project.name}.png` });
  await helper.close();

  // The owner still has both exports and the return form.
  await page.goto(`/admin/bill/${billId}`);
  await expect(page.getByRole('button', { name: 'Issue credit note' })).toBeVisible();
  await page.screenshot({ path: `/tmp/shots/staff/bill-owner-${testInfo.project.name}.png`, fullPage: true });
  await page.goto('/admin/totalBills');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
});
