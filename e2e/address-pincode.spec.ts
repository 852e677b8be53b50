import { expect } from '@playwright/test';
import { toast } from './support/checkout.js';
import { signedInShopper } from './support/shopper.js';
import { test } from './support/test.js';

// Issue 28: a shopper types her pincode first and the address form fills district and state from India Post's
// directory (and an empty City, issue 38), offering its post offices for the city field; a state the pincode is not in is refused by its field.

test('a shopper adds an address by typing its pincode; district and state fill themselves', async ({ page }) => {
  await signedInShopper(page.request, 'pincode.asha');
  await page.goto('/user/addresses');
  await page.getByRole('link', { name: 'Add a new address' }).click();
  const form = page.getByRole('form', { name: 'Add a new address' });

  // The pincode comes first; six digits look it up.
  const pincode = form.getByLabel('Pincode', { exact: true });
  await expect(form.getByRole('textbox').first()).toHaveAttribute('name', 'pincode');
  await pincode.pressSequentially('560001');
  await expect(form.getByLabel('District', { exact: true })).toHaveValue('Bangalore');
  await expect(form.getByLabel('State', { exact: true })).toHaveValue('Karnataka');
  await expect(form.getByRole('status').filter({ hasText: '560001' })).toHaveText('560001 is in Bangalore, Karnataka.');
  // Issue 38: the empty City is filled too (with the district); the post offices are its suggestions.
  const city = form.getByLabel('City', { exact: true });
  await expect(city).toHaveValue('Bangalore');
  await expect(city).toHaveAttribute('list', 'address-localities');
  await expect(form.locator('#address-localities option[value="Vidhana Soudha"]')).toHaveCount(1);

  await form.getByLabel('Name', { exact: true }).fill('Asha Rao');
  await form.getByLabel('Phone', { exact: true }).fill('9876543210');
  await form.getByLabel('Street', { exact: true }).fill('12, MG Road');
  await form.getByLabel('Landmark (optional)').fill('Opposite the metro station');
  await city.fill('Vidhana Soudha');
  // Keyboard only: the type is a radio pair.
  await form.getByRole('radio', { name: 'Work' }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('radio', { name: 'Work' })).toBeChecked();

  // A state the pincode is not in is refused beside the field.
  await form.getByLabel('State', { exact: true }).selectOption('Kerala');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Pincode 560001 is in Karnataka, not Kerala.').first()).toBeVisible();
  await expect(page.getByLabel('State', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('State', { exact: true }).selectOption('Karnataka');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(toast(page, 'Address saved.')).toBeVisible();
  const saved = page.getByRole('listitem').filter({ hasText: 'Asha Rao' });
  await expect(saved).toContainText('Near Opposite the metro station');
  await expect(saved).toContainText('Vidhana Soudha, Bangalore');
  await expect(saved).toContainText('Karnataka – 560001');
  await expect(saved).toContainText('Work');
});

test('an unknown pincode is told so, on the address form and on the product page', async ({ page }) => {
  await signedInShopper(page.request, 'pincode.unknown');
  await page.goto('/user/addresses?edit=new');
  await page.getByLabel('Pincode', { exact: true }).pressSequentially('999999');
  await expect(page.getByText('We could not find pincode 999999. Please check it.')).toBeVisible();
  await expect(page.getByLabel('Pincode', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  const lookup = await page.request.get('/api/user/pincode/682011');
  expect(await lookup.json()).toMatchObject({ success: true, data: { pincode: '682011', district: 'Ernakulam', state: 'Kerala' } });

  await page.goto('/productSearch?q=tiered+maxi');
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  const check = page.getByLabel('Check delivery to your pincode');
  await check.fill('999999');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '999999' })).toHaveText(
    'We could not find pincode 999999, so we cannot promise a delivery day. Please check it.',
  );
  await check.fill('682011');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  // Issue 38: the check names the pincode's district and state.
  await expect(page.getByRole('status').filter({ hasText: 'Delivery by' })).toContainText('to 682011, Ernakulam, Kerala.');
});
