import { expect, type Page } from '@playwright/test';

// Paying through the pages: cart → checkout → payment → the Razorpay emulator's sheet.

/** A toast (react-toastify's region), not the other alerts on the page. */
export const toast = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('alert')
    .filter({ hasText: text });

/** Cart → checkout (address already chosen) → payment; answers the 'Pay ₹…' button. */
export async function checkoutFromCart(page: Page) {
  await page.goto('/user/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('button', { name: 'DELIVER HERE' }).click();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Payment Method' })).toBeVisible();
  return page.getByRole('button', { name: /^Pay ₹/ });
}

/** Pays on the emulator's sheet as Razorpay's test mode does (method, Pay, Success); answers the order's id. */
export async function payOnSheet(page: Page): Promise<string> {
  const sheet = page.getByRole('dialog', { name: 'Saanjh Boutique' });
  await sheet.getByRole('button', { name: /^Pay ₹/ }).click();
  await sheet.getByRole('button', { name: 'Success' }).click();
  await expect(page).toHaveURL(/\/paymentSuccess\?orderId=/);
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}
