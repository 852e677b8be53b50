import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { toast } from './support/checkout.js';
import { adminLogin, call, dataOf, HOME_ADDRESS } from './support/shop-api.js';
import { signedInShopper } from './support/shopper.js';
import { test } from './support/test.js';

// Reviews from real buyers (issue 28): a shopper whose order was delivered reviews the piece from her order's
// page and finds it on the product page with its stars; the owner hides it with a reason and it is gone.

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';
/** The emulator's fixed test key (no Razorpay keys are set in the e2e shop). */
const EMULATOR_KEY_ID = 'rzp_test_emulator000001';

interface BillableItem {
  productId: string;
  variantId: string | null;
  name: string;
  stock: number;
}

async function ok<T>(answer: Promise<{ ok(): boolean; json(): Promise<unknown>; status(): number }>, what: string): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { data: T };
  expect(response.ok(), `${what} answered ${response.status()}: ${JSON.stringify(body)}`).toBe(true);
  return body.data;
}

/**
 * The signed-in shopper (`request`, the page's) buys one piece of `words` through the JSON API as the shop's scripts
 * do, pays on the Razorpay emulator, and the owner packs, ships and delivers it through the back-office's API.
 */
async function deliveredOrder(request: APIRequestContext, base: string, asid: string, email: string, words: string) {
  const { items } = dataOf<{ items: BillableItem[] }>(
    await call(base, 'GET', `/api/admin/bill/findItems?q=${encodeURIComponent(words)}`, { cookie: asid }),
    'finding an item',
  );
  const item = items.find((found) => found.stock >= 2);
  if (!item) throw new Error(`no ${words} in stock in the demo catalogue`);
  const { address } = await ok<{ address: { _id: string } }>(
    request.post('/api/user/profile/addAddress', { data: HOME_ADDRESS }),
    'addAddress',
  );
  const line = { productId: item.productId, ...(item.variantId ? { variantId: item.variantId } : {}), quantity: 1 };
  await ok(request.post('/api/user/product/addToCart', { data: line }), 'addToCart');
  const opened = await ok<{ razorpay: { id: string }; orderId: string }>(
    request.post('/api/user/payment/createpayment', {
      data: {
        amount: 1,
        paymentMethod: 'online',
        products: [{ id: item.productId, variant: item.variantId ?? undefined }],
        address: address._id,
      },
    }),
    'createpayment',
  );
  const sheet = await request.post(`/razorpay-emulator/checkout/orders/${opened.razorpay.id}/pay`, {
    data: { key_id: EMULATOR_KEY_ID, outcome: 'success', method: 'upi', email, contact: HOME_ADDRESS.phone },
  });
  expect(sheet.status()).toBe(200);
  const paid = (await sheet.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  const verified = await ok<{ order: { status: string } }>(
    request.post('/api/user/payment/verifyPayment', {
      data: {
        razorpayOrderId: paid.razorpay_order_id,
        razorpayPaymentId: paid.razorpay_payment_id,
        razorpaySignature: paid.razorpay_signature,
      },
    }),
    'verifyPayment',
  );
  expect(verified.order.status).toBe('paid');
  for (const body of [
    { status: 'packed' },
    { status: 'shipped', courier: 'Delhivery', trackingNumber: `DLV${Date.now()}` },
    { status: 'delivered' },
  ]) {
    dataOf(
      await call(base, 'POST', `/api/admin/order/updateOrderStatus/${opened.orderId}`, { cookie: asid, body }),
      `marking ${body.status}`,
    );
  }
  return { orderId: opened.orderId, productId: item.productId, productName: item.name };
}

test.beforeAll(() => {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
});

test('a shopper reviews a piece she received and sees it on the product page; the owner hides it with a reason', async ({
  page,
  baseURL,
}, testInfo) => {
  // The phone and desktop runs buy different pieces, so they never race for the same stock or reviews.
  const words = testInfo.project.name === 'phone' ? 'lehenga' : 'Khadi Cotton Kurti';
  const email = await signedInShopper(page.request, 'reviewer');
  const asid = await adminLogin(baseURL!, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { orderId, productId, productName } = await deliveredOrder(page.request, baseURL!, asid, email, words);
  const title = `Soft and true to size ${randomUUID().slice(0, 6)}`;

  // Her delivered order offers a review of each piece.
  await page.goto(`/user/orders/${orderId}`);
  await page.getByRole('link', { name: new RegExp(`^Write a review: ${productName}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Write a review' })).toBeVisible();
  await expect(page.getByRole('link', { name: productName, exact: true })).toBeVisible();

  // Sent without stars, the form says so beside them.
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page
    .getByRole('textbox', { name: 'Your review', exact: true })
    .fill('The cotton breathes in the heat and the print has not faded after three washes.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByRole('group', { name: /Your rating/ }).getByRole('alert')).toHaveText('Please choose 1 to 5 stars.');

  // The stars are a radio group: the arrow keys move from 3 to 4 stars.
  // A tap on the third star (its label; the radio itself is drawn as the star).
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '3 stars' }) })
    .click();
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit review' }).click();

  // Back on the product page, at its reviews, with the thanks.
  await expect(page).toHaveURL(new RegExp(`/product/${productId}#reviews$`));
  await expect(toast(page, 'Thank you for your review.')).toBeVisible();
  const reviews = page.getByRole('region', { name: /^Reviews/ });
  const mine = reviews.getByRole('article', { name: title });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(mine).toContainText('Verified purchase');
  await expect(mine).toContainText('Meera I.');
  await expect(reviews.getByRole('link', { name: 'Edit your review' })).toBeVisible();
  // The product's JSON-LD carries its stars for search engines.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
    aggregateRating?: { reviewCount: number; bestRating: number };
  };
  expect(jsonLd.aggregateRating).toMatchObject({ bestRating: 5 });
  expect(jsonLd.aggregateRating!.reviewCount).toBeGreaterThanOrEqual(1);

  // The owner hides it with a reason, from the back-office's reviews.
  expect((await page.request.post('/api/admin/login', { data: { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD } })).ok()).toBe(
    true,
  );
  await page.goto('/admin/reviews?status=visible');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const row = page.getByRole('article', { name: title });
  await expect(row).toContainText(email);
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
  await expect(dialog).toContainText(`“${title}”`);
  await dialog.getByLabel('Reason').fill('It names another shop.');
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(toast(page, 'Review hidden. The shopper has been told why.')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await page.getByRole('link', { name: 'Hidden', exact: true }).click();
  await expect(page.getByRole('article', { name: title })).toContainText('Hidden: It names another shop.');

  // Gone from the product page.
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 2, name: /^Reviews/ })).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
});
