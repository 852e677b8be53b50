import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/shopper.js';

// Shopping with the page's scripts blocked (ADR 026): filters, the size picker, Add to Cart, the cart's steppers
// and Remove, and checkout up to the payment page are plain links and form posts; each post comes back with its
// message as a status line where a toast would be. Razorpay's sheet itself needs scripts: the journey stops at
// the Pay button.

/** The line a plain post's page shows where a toast would be. */
const said = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const header = (page: Page) => page.getByRole('navigation', { name: 'Account' });

/** A shopper with an account, signed in on this page's browser (the session cookie is the context's). */
async function signedIn(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signUp(page.request, email, { firstName: 'Nila', lastName: 'Menon' });
  expect((await page.request.post('/api/user/auth/loginUsingPassword', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  return email;
}

async function addAddress(page: Page) {
  const address = {
    name: 'Nila Menon',
    phone: '9847012345',
    street: '12, MG Road',
    city: 'Kochi',
    district: 'Ernakulam',
    state: 'Kerala',
    pincode: '682011',
  };
  expect((await page.request.post('/api/user/profile/addAddress', { data: address })).ok()).toBe(true);
}

/** Opens a demo product from the search page, as a link. */
async function openProduct(page: Page, query: string, name: string) {
  await page.goto(`/productSearch?q=${encodeURIComponent(query)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('without scripts a shopper filters, chooses a size, adds to the cart and checks out up to the payment page', async ({ page }) => {
  await signedIn(page, 'noscript.nila');
  await page.goto('/');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

  // Filter: the phone's Filters open as a disclosure; 'Apply filters' reloads the listing.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Modern' }).click();
  await expect(page).toHaveURL(/\/filter\?style=modern$/);
  await page.locator('summary', { hasText: 'Filters' }).click();
  await page.locator('label', { hasText: /^XL/ }).first().click();
  await button(page, 'Apply filters').click();
  // A plain GET form sends every field, the blank prices too.
  await expect(page).toHaveURL(/\/filter\?style=modern&.*size=XL/);
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: /Size XL/ })).toBeVisible();

  // The product: Add to Cart before a size says what is missing; the sizes are links carrying the choice.
  await page.getByRole('link', { name: 'Tiered Maxi Dress', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiered Maxi Dress' })).toBeVisible();
  await button(page, 'Add to Cart').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a colour and size.' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio', { name: /Navy/ }).click();
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ }).click();
  await expect(page).toHaveURL(/color=Navy&size=M/);
  await expect(page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ })).toHaveAttribute('aria-checked', 'true');
  await button(page, 'Add to Cart').click();
  await expect(said(page, 'Added to your cart.')).toBeVisible();
  await expect(page).toHaveURL(/color=Navy&size=M/);

  // The cart, from the header.
  await header(page).getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Tiered Maxi Dress' })).toContainText('Navy');
  await button(page, 'Proceed to Checkout').click();

  // Checkout: no address yet, so the shopper adds one and comes back to choose it.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: '+ Add New Address' })).toHaveAttribute('href', '/user/addresses?redirectUrl=%2Fcheckout');
  await addAddress(page);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Nila Menon/ })).toBeChecked();
  await button(page, 'DELIVER HERE').click();
  await expect(page).toHaveURL(/\/checkout$/);
  const review = page.getByRole('listitem').filter({ hasText: 'Step 3: Review products' });
  await expect(review).toContainText('Tiered Maxi Dress');
  await expect(review).toContainText('Quantity1');
  const total = (await review.locator('p', { hasText: 'Order total' }).locator('span').first().textContent()) ?? '';
  expect(total).toMatch(/^₹[\d,]+$/);
  await review.getByRole('button', { name: 'Proceed to Payment' }).click();

  // The payment page: the amount and the Pay button; Razorpay's sheet needs the scripts, and says so.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Payment Method' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Online/ })).toBeChecked();
  await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
  await expect(page.getByText('Delivering to')).toBeVisible();
  // (Playwright's text locators skip <noscript>: the note is found by its element.)
  await expect(page.locator('noscript p')).toContainText("Razorpay's secure page needs JavaScript");
  await expect(page.locator('noscript p')).toBeVisible();
});

test('without scripts the cart’s steppers and Remove are forms', async ({ page }) => {
  await signedIn(page, 'noscript.tara');
  await openProduct(page, 'jhumkas', 'Meenakari Jhumkas');
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { disabled: false }).first().click();
  await button(page, 'Add to Cart').click();
  await expect(said(page, 'Added to your cart.')).toBeVisible();
  await page.goto('/user/cart');

  const line = page.getByRole('listitem', { name: 'Meenakari Jhumkas' });
  const quantity = line.getByRole('group', { name: 'Quantity of Meenakari Jhumkas' });
  await expect(quantity).toContainText('1');
  await line.getByRole('button', { name: 'Increase quantity of Meenakari Jhumkas' }).click();
  await expect(page).toHaveURL(/\/user\/cart$/);
  await expect(quantity).toContainText('2');
  await expect(header(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Subtotal (2 items)');
  await line.getByRole('button', { name: 'Decrease quantity of Meenakari Jhumkas' }).click();
  await expect(quantity).toContainText('1');

  await line.getByRole('button', { name: 'Remove Meenakari Jhumkas' }).click();
  await expect(said(page, 'Meenakari Jhumkas removed from your cart.')).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Cart, empty' })).toBeVisible();
});

test('without scripts a shopper cancels an unpaid order from its page, after saying why', async ({ page }) => {
  await signedIn(page, 'noscript.kavya');
  await addAddress(page);
  await openProduct(page, 'peplum', 'Peplum Cotton Top');
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { disabled: false }).first().click();
  await button(page, 'Add to Cart').click();
  await expect(said(page, 'Added to your cart.')).toBeVisible();
  await page.goto('/user/cart');
  await button(page, 'Proceed to Checkout').click();
  await button(page, 'DELIVER HERE').click();
  await button(page, 'Proceed to Payment').click();
  await expect(page).toHaveURL(/\/payment$/);
  // Razorpay's sheet needs scripts: the order is placed as the payment page's scripts would, through the API.
  const cart = (await (await page.request.get('/api/user/product/fetchUserCarts')).json()) as {
    data: { userCarts: Array<{ product: { id: string; variant: { _id: string } | null } }> };
  };
  const addresses = (await (await page.request.get('/api/user/profile/getMyAddresses')).json()) as {
    data: { addresses: Array<{ _id: string }> };
  };
  const placed = await page.request.post('/api/user/payment/createpayment', {
    data: {
      paymentMethod: 'online',
      products: cart.data.userCarts.map((line) => ({ id: line.product.id, variant: line.product.variant?._id ?? null })),
      address: addresses.data.addresses[0]?._id,
    },
  });
  expect(placed.ok()).toBe(true);
  const { orderId } = ((await placed.json()) as { data: { orderId: string } }).data;

  await page.goto(`/user/orders/${orderId}`);
  await page.locator('summary', { hasText: 'Cancel order' }).click();
  const form = page.locator('form', { has: page.getByLabel('Why are you cancelling?') });
  await form.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Please tell us why you are cancelling.')).toBeVisible();
  await page.getByLabel('Why are you cancelling?').fill('Ordered the wrong size');
  await form.getByRole('button', { name: 'Cancel order' }).click();
  await expect(said(page, 'Order cancelled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Cancelled');
  await expect(page.locator('summary', { hasText: 'Cancel order' })).toHaveCount(0);
});
