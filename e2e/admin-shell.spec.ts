import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { hydrating, test } from './support/test.js';
import { PASSWORD as SHOPPER_PASSWORD, signUp, uniqueEmail } from './support/shopper.js';
import { removeDataDir, startShop, type ShopProcess } from './support/shop-process.js';
import { toast } from './support/checkout.js';

// A shop of its own: its first owner is made with `npm run admin:create` (the built CLI) before it starts.
const CLI = path.resolve(import.meta.dirname, '../apps/server/dist/cli/admin-create.js');
const OWNER = { email: 'meera.owner@example.in', name: 'Meera Kapoor', password: 'back office 2026' };
const STAFF_PASSWORD = 'counter staff 2026';

let shop: ShopProcess;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-admin-'));
  const created = spawnSync(process.execPath, [CLI, '--email', OWNER.email, '--name', OWNER.name], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_PASSWORD: OWNER.password },
    encoding: 'utf8',
  });
  expect(created.status, created.stderr).toBe(0);
  shop = await startShop({ dataDir, env: { SEED_DEMO: '0' } });
  api = await playwrightRequest.newContext({ baseURL: shop.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await shop?.stop();
  if (shop) removeDataDir(shop.dataDir);
});

async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: shop.url, viewport: test.info().project.use.viewport ?? undefined });
  return hydrating(await context.newPage());
}

/** Follows a back-office link: from the sidebar on a wide screen, from the menu drawer on a phone. */
async function openAdminLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true }).click();
}

async function logInAsAdmin(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Each admin page names itself and the shop, for a browser with many tabs.
  await expect(page).toHaveTitle('Dashboard · Admin Panel | Saanjh Boutique');
}

test('the back-office: guard, owner and staff, invites, categories, blocking a shopper, the audit log and logout', async ({ browser }) => {
  test.setTimeout(120_000);
  // Nobody signed in: an admin page goes to the admin login, which says the server's words when it refuses.
  const visitor = await newPage(browser);
  await visitor.goto('/admin/products');
  await expect(visitor).toHaveURL(/\/admin\/login\?redirectUrl=%2Fadmin%2Fproducts$/);
  await expect(visitor.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await visitor.getByLabel('Email', { exact: true }).fill(OWNER.email);
  await visitor.getByLabel('Password', { exact: true }).fill('not the password');
  await visitor.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(visitor.getByText(/wrong|incorrect|invalid/i).first()).toBeVisible();

  // A signed-in shopper is nobody here either.
  const shopperEmail = uniqueEmail('shopper');
  await signUp(api, shopperEmail, { firstName: 'Lakshmi', lastName: 'Menon' });
  const shopper = await newPage(browser);
  expect(
    (await shopper.request.post('/api/user/auth/loginUsingPassword', { data: { email: shopperEmail, password: SHOPPER_PASSWORD } })).ok(),
  ).toBe(true);
  await shopper.goto('/admin');
  await expect(shopper).toHaveURL(/\/admin\/login/);

  // The owner logs in and lands where she was going.
  const owner = visitor;
  await owner.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await owner.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(owner).toHaveURL(/\/admin\/products$/);
  await expect(owner.getByRole('heading', { name: 'Products' })).toBeVisible();
  await openAdminLink(owner, 'Dashboard');
  await expect(owner.getByRole('heading', { name: 'Hello, Meera' })).toBeVisible();
  await expect(owner.getByRole('link', { name: /Orders to pack/ })).toBeVisible();

  // She invites a staff member; the link is shown (and e-mailed).
  const staffEmail = uniqueEmail('staff');
  await openAdminLink(owner, 'Profile');
  await owner.getByRole('textbox', { name: 'Email', exact: true }).fill(staffEmail);
  await owner.getByLabel('Role').selectOption('staff');
  await owner.getByRole('button', { name: 'Send invite' }).click();
  await expect(toast(owner, 'Invite created')).toBeVisible();
  const link = await owner.getByLabel('Invite link').inputValue();
  expect(link).toMatch(/\/admin\/signup\?token=/);

  // The staff member signs up from the link, then logs in.
  const staff = await newPage(browser);
  await staff.goto(new URL(link).pathname + new URL(link).search);
  await staff.getByLabel('Full Name').fill('Ravi Kumar');
  // The invite's address is filled in and read-only (issue 40).
  await expect(staff.getByLabel('Email', { exact: true })).toHaveValue(staffEmail);
  await staff.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await staff.getByLabel('Confirm Password').fill('something else entirely');
  await staff.getByRole('button', { name: 'Create Account' }).click();
  await expect(staff.getByText('Passwords do not match')).toBeVisible();
  await staff.getByLabel('Confirm Password').fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(staff, 'Admin Signup Successful')).toBeVisible();
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await logInAsAdmin(staff, staffEmail, STAFF_PASSWORD);

  // Staff see no owner-only things: no audit or settings link, no invites, those pages refuse in the API's words.
  const menu = staff.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await expect(staff.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(staff.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await staff.goto('/admin/profile');
  await expect(staff.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(staff.getByText('Staff', { exact: true }).first()).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Invite an admin' })).toHaveCount(0);
  await staff.goto('/admin/audit');
  await expect(staff.getByRole('heading', { name: 'Owner only' })).toBeVisible();
  // The shop's own details too (issue 39).
  await staff.goto('/admin/settings');
  await expect(staff.getByRole('heading', { name: 'Owner only' })).toBeVisible();

  // The owner creates a category and renames it.
  await openAdminLink(owner, 'Categories');
  await owner.getByRole('button', { name: 'New category' }).click();
  const form = owner.getByRole('dialog', { name: 'New category' });
  await form.getByRole('textbox', { name: 'Category name' }).fill('Banarasi Sarees');
  await form.getByRole('textbox', { name: 'HSN code' }).fill('5007');
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(toast(owner, 'Category created')).toBeVisible();
  await owner.getByRole('button', { name: 'Edit Banarasi Sarees' }).click();
  const edit = owner.getByRole('dialog', { name: 'Edit Banarasi Sarees' });
  await edit.getByRole('textbox', { name: 'Category name' }).fill('Banarasi Silk Sarees');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(owner, 'Category updated')).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Edit Banarasi Silk Sarees' })).toBeVisible();

  // She blocks the shopper, who then cannot log in.
  await openAdminLink(owner, 'Users');
  await owner.getByRole('searchbox', { name: 'Search' }).fill(shopperEmail);
  await owner.getByRole('button', { name: 'Apply' }).click();
  await expect(owner.getByRole('link', { name: /Lakshmi Menon/ })).toBeVisible();
  await owner.getByRole('button', { name: 'Block', exact: true }).click();
  await owner.getByRole('dialog', { name: 'Block Lakshmi Menon?' }).getByRole('button', { name: 'Block shopper' }).click();
  await expect(toast(owner, 'Shopper blocked')).toBeVisible();
  await expect(owner.getByText('Blocked', { exact: true }).filter({ visible: true })).toBeVisible();
  const refused = await api.post('/api/user/auth/loginUsingPassword', { data: { email: shopperEmail, password: SHOPPER_PASSWORD } });
  expect(refused.ok()).toBe(false);

  // The audit log shows all of it.
  await openAdminLink(owner, 'Audit log');
  for (const action of ['invite.create', 'category.create', 'category.update', 'user.block']) {
    await expect(owner.getByText(action, { exact: true }).first()).toBeVisible();
  }
  await expect(owner.getByText('Banarasi Silk Sarees').first()).toBeVisible();
  await owner.getByLabel('Kind').selectOption('category');
  await owner.getByRole('button', { name: 'Apply' }).click();
  await expect(owner.getByText('user.block', { exact: true })).toHaveCount(0);
  await expect(owner.getByText('category.update', { exact: true })).toBeVisible();

  // An unknown admin path is the admin's not-found page.
  await owner.goto('/admin/no-such-page');
  await expect(owner.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  // Logout ends the session on the server and goes to '/'.
  await openAdminLink(owner, 'Dashboard');
  const open = owner.getByRole('button', { name: 'Open menu' });
  if (await open.isVisible()) await open.click();
  await owner.getByRole('button', { name: 'Logout' }).click();
  await expect(owner).toHaveURL(`${shop.url}/`);
  await owner.goto('/admin/dashboard');
  await expect(owner).toHaveURL(/\/admin\/login/);
});
