import { expect } from '@playwright/test';
import { signedInShopper } from './support/shopper.js';
import { said } from './support/no-script.js';
import { ownNetworkTest as test } from './support/test.js';

// Issue 28 without scripts: the form posts as it is; the server fills an empty district and state from the
// pincode, and still refuses a state the pincode is not in.

test('without scripts the server fills district and state from the pincode', async ({ page }) => {
  await signedInShopper(page.request, 'pincode.noscript');
  await page.goto('/user/addresses?edit=new');
  await page.getByLabel('Pincode', { exact: true }).fill('700016');
  await page.getByLabel('Name', { exact: true }).fill('Tara Bose');
  await page.getByLabel('Phone', { exact: true }).fill('9830012345');
  await page.getByLabel('Street', { exact: true }).fill('9, Park Street');
  await page.getByLabel('City', { exact: true }).fill('Kolkata');
  await page.getByLabel('State', { exact: true }).selectOption('Bihar');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Pincode 700016 is in West Bengal, not Bihar.').first()).toBeVisible();

  await page.getByLabel('State', { exact: true }).selectOption('');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(said(page, 'Address saved.')).toBeVisible();
  const saved = page.getByRole('listitem').filter({ hasText: 'Tara Bose' });
  // District Kolkata names the city: shown once (issue 40).
  await expect(saved).toContainText('Kolkata');
  await expect(saved).not.toContainText('Kolkata, Kolkata');
  await expect(saved).toContainText('West Bengal – 700016');
  // The district the server filled in, as the edit form shows it.
  await saved.getByRole('link', { name: 'Edit Tara Bose' }).click();
  await expect(page.getByLabel('District', { exact: true })).toHaveValue('Kolkata');
});
