import { expect, type Page } from '@playwright/test';

/** The demo owner (global-setup reads her password from the shop's log) logs in to the back-office in `page`. */
export async function ownerLogsIn(page: Page) {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('global-setup found no demo owner in the shop log');
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/admin\/login/);
}
