import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';
import { said } from './support/no-script.js';
import { codeFromDevMailbox } from './support/shopper.js';
import { adminLogin, call, dataOf, payOnEmulator, signUpShopper } from './support/shop-api.js';

// The back-office with the page's scripts blocked (ADR 026): every change is a plain HTML form post. An admin
// logs in, finds a paid order, packs it and marks it shipped with its courier and tracking number; the owner
// invites a staff member, who signs up from the link and logs in.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
const STAFF_PASSWORD = 'counter staff 2026';
/** The emulator's fixed test key (no Razorpay keys are set in the e2e shop). */
const EMULATOR_KEY_ID = 'rzp_test_emulator000001';

interface BillableItem {
  productId: string;
  variantId: string | null;
  stock: number;
}

/** A new shopper's paid order for one piece of something in stock, made through the JSON API as the shop's scripts do. */
async function paidOrder(base: string, request: APIRequestContext): Promise<{ orderNumber: string; email: string }> {
  const shopper = await signUpShopper([base], (email) => codeFromDevMailbox(request, email), 1, 'noscript.orders');
  const asid = await adminLogin(base, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { items } = dataOf<{ items: BillableItem[] }>(
    await call(base, 'GET', '/api/admin/bill/findItems?q=lehenga', { cookie: asid }),
    'finding an item',
  );
  const item = items.find((found) => found.stock >= 3);
  if (!item) throw new Error('no lehenga in stock in the demo catalogue');
  const line = { productId: item.productId, ...(item.variantId ? { variantId: item.variantId } : {}) };
  dataOf(await call(base, 'POST', '/api/user/product/addToCart', { body: { ...line, quantity: 1 }, cookie: shopper.cookie }), 'addToCart');
  const opened = dataOf<{ razorpay: { id: string }; orderNumber: string }>(
    await call(base, 'POST', '/api/user/payment/createpayment', {
      body: {
        amount: 1,
        paymentMethod: 'online',
        products: [{ id: item.productId, variant: item.variantId ?? undefined }],
        address: shopper.addressId,
      },
      cookie: shopper.cookie,
    }),
    'createpayment',
  );
  const paid = await payOnEmulator(base, opened.razorpay.id, EMULATOR_KEY_ID, shopper);
  const verified = dataOf<{ order: { status: string } }>(
    await call(base, 'POST', '/api/user/payment/verifyPayment', {
      body: {
        razorpayOrderId: paid.razorpay_order_id,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
      cookie: shopper.cookie,
    }),
    'verifyPayment',
  );
  expect(verified.order.status).toBe('paid');
  return { orderNumber: opened.orderNumber, email: shopper.email };
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test.beforeAll(() => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
});

test('an admin packs a paid order and marks it shipped with plain forms', async ({ page, baseURL }) => {
  const order = await paidOrder(baseURL!, page.request);

  // A wrong password is told on the page itself.
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /invalid email or password/i })).toBeVisible();
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // The phone's menu opens without scripts.
  await page.getByLabel('Open menu').click();
  await page.getByRole('group', { name: 'Admin menu' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // The filters are a GET form: the paid order by its number.
  await page.getByRole('searchbox', { name: 'Search' }).fill(order.orderNumber);
  await page.getByLabel('Status').selectOption('paid');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=paid/);
  await page
    .getByRole('list', { name: 'Orders' })
    .getByRole('link', { name: new RegExp(order.orderNumber) })
    .click();
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(`^${order.orderNumber}`) });
  await expect(heading).toContainText('Paid');

  await page.getByRole('button', { name: 'Mark packed' }).click();
  await expect(said(page, 'Order marked packed')).toBeVisible();
  await expect(heading).toContainText('Packed');

  // 'Mark shipped' opens its form in place (a disclosure); the courier and tracking number are required.
  await page.locator('summary', { hasText: 'Mark shipped' }).click();
  const ship = page.getByRole('group', { name: 'Mark shipped' });
  await ship.getByLabel('Courier').fill('Delhivery');
  await ship.getByLabel('Tracking number').fill('DLV123456789');
  await ship.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(said(page, 'Order marked shipped')).toBeVisible();
  await expect(heading).toContainText('Shipped');
  await expect(page.getByRole('region', { name: 'Customer and address' })).toContainText('Shipped with Delhivery, tracking DLV123456789');
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Shipped');

  // The shopper's list shows it shipped too.
  await page.goto(`/admin/orders?q=${encodeURIComponent(order.email)}`);
  await expect(page.getByRole('list', { name: 'Orders' })).toContainText('Shipped');
});

test('the owner invites a staff member, who signs up from the link and logs in; logout', async ({ page, browser, baseURL }) => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/admin/profile');
  const staffEmail = `staff.noscript.${Date.now().toString(36)}@example.in`;
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(staffEmail);
  await page.getByLabel('Role').selectOption('staff');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite link for ${staffEmail}`)).toBeVisible();
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(/\/admin\/signup\?token=/);
  await expect(page.getByRole('table', { name: 'Invites' }).or(page.getByRole('list', { name: 'Invites' }))).toContainText(staffEmail);

  // Her own phone, without scripts either.
  const staffContext = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const staff = await staffContext.newPage();
  await staff.goto(new URL(link).pathname + new URL(link).search);
  await staff.getByLabel('Full Name').fill('Ravi Kumar');
  // The invite's address is filled in and read-only (issue 40).
  await expect(staff.getByLabel('Email', { exact: true })).toHaveValue(staffEmail);
  await staff.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await staff.getByLabel('Confirm Password').fill('something else entirely');
  await staff.getByRole('button', { name: 'Create Account' }).click();
  await expect(staff.getByText('Passwords do not match')).toBeVisible();
  await expect(staff.getByLabel('Full Name')).toHaveValue('Ravi Kumar');
  await staff.getByLabel('Password', { exact: true }).fill(STAFF_PASSWORD);
  await staff.getByLabel('Confirm Password').fill(STAFF_PASSWORD);
  await staff.getByRole('button', { name: 'Create Account' }).click();
  await expect(staff).toHaveURL(/\/admin\/login$/);
  await expect(said(staff, 'Admin Signup Successful')).toBeVisible();
  await logIn(staff, staffEmail, STAFF_PASSWORD);
  // What the invite promised: the work to do, not the shop's revenue.
  await expect(staff.getByText('Sales figures are for the shop owner.')).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Weekly Selling' })).toHaveCount(0);
  await staffContext.close();

  // The owner logs out from the menu: the session ends and she is on the shop's home page.
  await page.getByLabel('Open menu').click();
  await page.getByRole('group', { name: 'Admin menu' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login\?redirectUrl=/);
});
