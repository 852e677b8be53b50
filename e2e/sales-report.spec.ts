import { expect, type Page } from '@playwright/test';
import { formatINR, istDay, rangePresets, type SalesRangeReport, type WeeklyReport } from '@shop/core';
import { test } from './support/test.js';

// Issue 26: the owner reads the sales of any range of days: a preset (last month) and dates of her own (the spec's
// sample week of March 2025, seeded by the demo shop), and a range the page refuses beside its field.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

async function signIn(page: Page) {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
  const login = await page.request.post('/api/admin/login', { data: { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
}

/** A date field by its label (a refused one's name goes on with why, as the filter fields' do). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** A figure's tile: its label and what is under it. */
const tile = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('..');

test('the owner reads last month and a range of her own on the sales page', async ({ page }) => {
  await signIn(page);
  // From the dashboard's sales, then the admin navigation (the menu drawer on a phone).
  await page.goto('/admin/dashboard');
  await page.getByRole('link', { name: 'Sales for any dates' }).click();
  await expect(page).toHaveURL(/\/admin\/sales$/);
  await expect(page.getByRole('heading', { name: 'Sales', exact: true, level: 1 })).toBeVisible();
  const ranges = page.getByRole('navigation', { name: 'Date ranges' });
  await expect(ranges.getByRole('link', { name: 'This month' })).toHaveAttribute('aria-current', 'page');
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Sales', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  if (await menu.isVisible()) await page.keyboard.press('Escape');

  // Last month, whole: the figures are the API's for the same days.
  const lastMonth = rangePresets(istDay(new Date())).find((preset) => preset.key === 'last-month')!;
  await ranges.getByRole('link', { name: 'Last month' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sales\\?from=${lastMonth.from}&to=${lastMonth.to}$`));
  await expect(ranges.getByRole('link', { name: 'Last month' })).toHaveAttribute('aria-current', 'page');
  await expect(ranges.getByRole('link', { name: 'This month' })).not.toHaveAttribute('aria-current', 'page');
  await expect(field(page, 'From')).toHaveValue(lastMonth.from);
  await expect(field(page, 'To')).toHaveValue(lastMonth.to);
  const answer = await page.request.get(`/api/admin/report/range?from=${lastMonth.from}&to=${lastMonth.to}`);
  expect(answer.ok()).toBe(true);
  const report = ((await answer.json()) as { data: SalesRangeReport }).data;
  expect(report.totalRevenue, 'the demo shop sold something last month').toBeGreaterThan(0);
  await expect(tile(page, 'Total Revenue')).toContainText(formatINR(report.totalRevenue));
  await expect(tile(page, 'Total Revenue')).toContainText(`${report.days.length} days`);
  await expect(tile(page, 'Online Orders')).toContainText(String(report.orders));
  await expect(tile(page, 'In-store Bills')).toContainText(String(report.bills));
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(report.topProducts.length + 1);

  // Dates of her own: the spec's sample week (its 153 pieces at catalogue prices, issue 40), both ends included.
  const sampleAnswer = await page.request.get('/api/admin/report/range?from=2025-03-10&to=2025-03-16');
  const sample = ((await sampleAnswer.json()) as { data: SalesRangeReport }).data;
  await field(page, 'From').fill('2025-03-10');
  await field(page, 'To').fill('2025-03-16');
  await page.getByRole('button', { name: 'Show sales' }).click();
  await expect(page).toHaveURL(/\/admin\/sales\?from=2025-03-10&to=2025-03-16$/);
  await expect(page.getByText('March 10-16, 2025')).toBeVisible();
  await expect(tile(page, 'Total Revenue')).toContainText(formatINR(sample.totalRevenue));
  await expect(tile(page, 'Total Revenue')).toContainText('7 days');
  await expect(tile(page, 'Units Sold')).toContainText('153');
  await expect(tile(page, 'In-store Bills')).toContainText('14');
  await expect(tile(page, 'Online Orders')).toContainText('0');
  await expect(tile(page, 'Average Sale')).toContainText(formatINR(sample.averageSale));
  await expect(ranges.locator('[aria-current]')).toHaveCount(0);
  await expect(page.getByRole('figure').filter({ hasText: 'Sales by category' })).toBeVisible();

  // The wrong way round: the message beside From, the days as typed, no error page.
  await field(page, 'From').fill('2025-03-16');
  await field(page, 'To').fill('2025-03-10');
  await page.getByRole('button', { name: 'Show sales' }).click();
  await expect(page).toHaveURL(/\/admin\/sales\?from=2025-03-16&to=2025-03-10$/);
  await expect(page.getByRole('form', { name: 'Choose dates' }).getByText('from must be on or before to (2025-03-10)')).toBeVisible();
  await expect(field(page, 'From')).toHaveValue('2025-03-16');
  await expect(page.getByRole('heading', { name: 'Sales', exact: true, level: 1 })).toBeVisible();
});

test('the weekly page shows the week of any day chosen', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/weeklySelling');
  await field(page, 'Week of').fill('2025-03-12');
  await page.getByRole('button', { name: 'Show week' }).click();
  await expect(page).toHaveURL(/\/admin\/weeklySelling\?weekOf=2025-03-12$/);
  await expect(page.getByText('March 10-16, 2025')).toBeVisible();
  await expect(field(page, 'Week of')).toHaveValue('2025-03-10');
  // The spec's 153 pieces at catalogue prices (issue 40): the revenue is the API's report of the week.
  const answer = await page.request.get('/api/admin/report/weekly?weekStart=2025-03-10');
  const week = ((await answer.json()) as { data: WeeklyReport }).data;
  await expect(tile(page, 'Total Revenue')).toContainText(formatINR(week.totalRevenue));
  // The week links go on from there.
  await page.getByRole('link', { name: 'Next week' }).click();
  await expect(page).toHaveURL(/\/admin\/weeklySelling\?weekStart=2025-03-17$/);
  await expect(page.getByText('March 17-23, 2025')).toBeVisible();
});
