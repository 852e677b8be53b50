import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/test.js';
import { checkoutFromCart, payOnSheet, toast } from './support/checkout.js';
import { signedInShopper } from './support/shopper.js';

// Issue 41: on a phone, a shopper types a coupon code in her bag (a wrong one first), sees the discount as a line and
// the new total, and pays exactly that total on the Razorpay emulator's sheet. SAANJH10 is the demo shop's code
// (10 % off, at most ₹300: apps/server/src/dev/demo/shopper-coupon.ts).

const PRODUCT = 'Mirror Work Cotton Kurti';

/** Puts one piece of the demo product in her bag and saves an address, through the API her page's cookies carry. */
async function bagWithAddress(request: APIRequestContext) {
  const search = (await (await request.get(`/api/user/product/search?q=${encodeURIComponent(PRODUCT)}`)).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === PRODUCT)!;
  const details = (await (await request.get(`/api/user/product/getProductDetails/${card._id}`)).json()) as {
    data: { product: { variants: Array<{ _id: string; quantity: number }> } };
  };
  const variant = details.data.product.variants.find((item) => item.quantity > 2)!;
  expect(
    (await request.post('/api/user/product/addToCart', { data: { productId: card._id, variantId: variant._id, quantity: 2 } })).ok(),
  ).toBe(true);
  const address = {
    name: 'Kavya Menon',
    phone: '9876501234',
    street: '21, Residency Road',
    city: 'Bengaluru',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560025',
  };
  expect((await request.post('/api/user/profile/addAddress', { data: address })).ok()).toBe(true);
}

test('a shopper applies a coupon code in her bag and pays the discounted total', async ({ page }) => {
  await signedInShopper(page.request, 'kavya');
  await bagWithAddress(page.request);
  await page.goto('/user/cart');
  const summary = page.getByRole('region', { name: 'Order summary' });
  const before = (await summary.getByTestId('cart-total').textContent()) ?? '';

  // A code that does not exist: refused beside the field, in words.
  const field = summary.getByLabel('Coupon code');
  await field.fill('nosuchcode');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('alert')).toHaveText('NOSUCHCODE is not a valid coupon code.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // The demo code, typed in small letters: a discount line, and the total comes down by it.
  await field.fill('saanjh10');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Coupon SAANJH10 applied.')).toBeVisible();
  const line = summary.getByTestId('discount-line');
  await expect(line).toContainText('Coupon SAANJH10');
  const saved = Number(((await line.locator('dd').textContent()) ?? '').replace(/[^\d.]/g, ''));
  const total = (await summary.getByTestId('cart-total').textContent()) ?? '';
  const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  expect(saved).toBeGreaterThan(0);
  expect(rupees(total)).toBeCloseTo(rupees(before) - saved, 2);
  await expect(summary.getByRole('button', { name: 'Remove coupon SAANJH10' })).toBeVisible();

  // Checkout and payment show the same total; the sheet charges it.
  const pay = await checkoutFromCart(page);
  await expect(page.getByRole('complementary', { name: 'Price details' }).getByTestId('discount-line')).toContainText('Coupon SAANJH10');
  await expect(pay).toHaveText(`Pay ${total}`);
  await pay.click();
  await payOnSheet(page);
  const details = page.getByRole('region', { name: 'Payment details' });
  await expect(details).toContainText(`Amount${total}`);
  await expect(details).toContainText('StatusPaid');

  // The code went with the order: her bag no longer holds it.
  await page.goto('/user/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});
