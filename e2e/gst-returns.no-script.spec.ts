import { expect } from '@playwright/test';
import { button } from './support/no-script.js';
import { ownerLogsIn } from './support/owner.js';
import { ownNetworkTest as test } from './support/test.js';

// GST returns (issue 43) from a phone whose scripts never arrive: the period is a GET form, the return the page.

test('without scripts the owner chooses a month and then a quarter, and reads each return', async ({ page }) => {
  await ownerLogsIn(page);
  await page.goto('/admin/gstReturns');
  const period = page.getByLabel('Period', { exact: true });
  const india = new Date(Date.now() + 330 * 60_000);
  const thisMonth = `${india.getUTCFullYear()}-${String(india.getUTCMonth() + 1).padStart(2, '0')}`;
  await period.selectOption(thisMonth);
  await button(page, 'Show return').click();
  await expect(page).toHaveURL(new RegExp(`\\?period=${thisMonth}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Summary by table' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV (zip)' })).toHaveAttribute(
    'href',
    `/api/admin/gst/gstr1.zip?period=${thisMonth}`,
  );

  // The quarter this month falls in (April–March financial year).
  const month = india.getUTCMonth() + 1;
  const quarter = month >= 4 ? `${india.getUTCFullYear()}-Q${Math.floor((month - 4) / 3) + 1}` : `${india.getUTCFullYear() - 1}-Q4`;
  await page.getByLabel('Period', { exact: true }).selectOption(quarter);
  await button(page, 'Show return').click();
  await expect(page).toHaveURL(new RegExp(`\\?period=${quarter}$`));
  await expect(page.getByText(/GSTR-1 of Q[1-4] \d{4}-\d\d \(/)).toBeVisible();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue(quarter);
});
