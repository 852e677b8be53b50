import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { button, said } from './support/no-script.js';
import { ownerLogsIn } from './support/owner.js';
import { ownNetworkTest as test } from './support/test.js';

/** A text field by its accessible name (a required one's label ends in a '*' screen readers skip). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

// The Settings page from a phone whose scripts never arrive (issue 39, ADR 026): a plain multipart form posted to
// the page's action; a refusal comes back with each message beside its field, a save with its message on the page.
// The demo shop is shared: only the social handle changes, and goes back.

test('the owner saves the shop settings without scripts; a wrong check character is told beside the GSTIN', async ({ page }) => {
  await ownerLogsIn(page);
  await page.goto('/admin/settings');
  const original = await field(page, 'GSTIN').inputValue();
  const originalHandle = await field(page, 'Social handle').inputValue();

  // One character typed wrong: the check character no longer matches.
  const typo = `${original.slice(0, 8)}${original.charAt(9)}${original.charAt(8)}${original.slice(10)}`;
  expect(typo).not.toBe(original);
  await field(page, 'GSTIN').fill(typo);
  await field(page, 'Shop name').fill('');
  await button(page, 'Save settings').click();
  await expect(page.locator('#name-error')).toHaveText('Shop name is required.');
  await expect(field(page, 'GSTIN')).toHaveValue(typo);

  await field(page, 'Shop name').fill('Saanjh Boutique');
  await button(page, 'Save settings').click();
  await expect(page.locator('#gstin-error')).toContainText('check character');

  await field(page, 'GSTIN').fill(original);
  await field(page, 'Social handle').fill('@saanjh.plain');
  await button(page, 'Save settings').click();
  await expect(said(page, 'Settings saved.')).toBeVisible();
  await expect(field(page, 'Social handle')).toHaveValue('@saanjh.plain');

  await field(page, 'Social handle').fill(originalHandle);
  await button(page, 'Save settings').click();
  await expect(said(page, 'Settings saved.')).toBeVisible();
});
