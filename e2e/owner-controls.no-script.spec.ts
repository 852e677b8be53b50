import { expect } from '@playwright/test';
import { button, said } from './support/no-script.js';
import { ownerLogsIn } from './support/owner.js';
import { ownNetworkTest as test } from './support/test.js';

// The owner's controls on the Settings page (issue 40, items 4 and 12) from a phone whose scripts never arrive: a
// refusal beside its field, a save the dashboard follows. The demo shop is shared: the controls go back to the defaults.

test("the owner sets staff returns and the low-stock threshold without scripts; the dashboard's running low follows", async ({ page }) => {
  await ownerLogsIn(page);
  await page.goto('/admin/settings');
  const section = page.getByRole('region', { name: "Owner's controls" });
  const amount = section.getByRole('textbox', { name: 'Staff may do counter returns up to ₹', exact: true });
  const sameDay = section.getByRole('checkbox', { name: 'Only on the day of the bill' });
  const threshold = section.getByRole('spinbutton', { name: 'Running low at (pieces)', exact: true });
  // The defaults: the owner does all returns, 3 pieces run low.
  await expect(amount).toHaveValue('0');
  await expect(sameDay).toBeChecked();
  await expect(threshold).toHaveValue('3');

  await amount.fill('-500');
  await button(page, 'Save settings').click();
  await expect(page.locator('#staffReturnMax-error')).toHaveText('The amount cannot be negative; 0 means the owner does all returns.');
  await expect(amount).toHaveValue('-500');

  await amount.fill('1,500');
  await sameDay.uncheck();
  await threshold.fill('4');
  await button(page, 'Save settings').click();
  await expect(said(page, 'Settings saved.')).toBeVisible();
  await expect(amount).toHaveValue('1500');
  await expect(sameDay).not.toBeChecked();
  await expect(threshold).toHaveValue('4');

  await page.goto('/admin/dashboard');
  await expect(page.getByText('Variants with 1 to 4 pieces left')).toBeVisible();

  await page.goto('/admin/settings');
  await amount.fill('0');
  await sameDay.check();
  await threshold.fill('3');
  await button(page, 'Save settings').click();
  await expect(said(page, 'Settings saved.')).toBeVisible();
  await expect(threshold).toHaveValue('3');
});
