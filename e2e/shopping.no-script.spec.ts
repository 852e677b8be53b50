import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';
import { said, field, button } from './support/no-script.js';
import { codeFromDevMailbox, PASSWORD, signUp, uniqueEmail } from './support/shopper.js';

// Shopping with the page's scripts blocked (ADR 026): filters, the size picker, Add to Cart, the cart's steppers
// and Remove, and checkout up to the payment page are plain links and form posts; each post comes back with its
// message as a status line where a toast would be. Razorpay's sheet itself needs scripts: the journey stops at
// the Pay button.

const header = (page: Page) => page.getByRole('navigation', { name: 'Account' });

/** Signs up on the sign-up page: the mailed code, then the names and the password; it ends on /login. */
async function signUpOnPages(page: Page, email: string) {
  await page.goto('/signup');
  await field(page, 'Email').fill(email);
  await button(page, 'Send OTP').click();
  await expect(said(page, 'OTP sent to your email.')).toBeVisible();
  await field(page, 'OTP').fill(await codeFromDevMailbox(page.request, email));
  await button(page, 'Verify OTP').click();
  await expect(said(page, 'Email verified!')).toBeVisible();
  await field(page, 'First name').fill('Nila');
  await field(page, 'Last name').fill('Menon');
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Confirm password').fill(PASSWORD);
  await button(page, 'Sign Up').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(said(page, 'Signup successful!')).toBeVisible();
}

/** Logs in on the login page the browser is on. */
async function logInOnPage(page: Page, email: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await button(page, 'Login').click();
  await expect(said(page, 'Login successful!')).toBeVisible();
}

/** A shopper with an account made through the API, signed in on this page's browser (its cookie jar). */
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

test('without scripts a shopper signs up, logs in, filters, chooses a size, adds to the cart and checks out up to the payment page', async ({
  page,
}) => {
  const email = uniqueEmail('noscript.nila');
  await signUpOnPages(page, email);
  await logInOnPage(page, email);
  await expect(page).toHaveURL(/\/$/);
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
  await page.getByRole('link', { name: '+ Add New Address' }).click();
  await expect(page).toHaveURL(/\/user\/addresses\?redirectUrl=%2Fcheckout$/);
  await field(page, 'Name').fill('Nila Menon');
  await field(page, 'Phone').fill('9847012345');
  await field(page, 'Street').fill('12, MG Road');
  await field(page, 'City').fill('Kochi');
  await field(page, 'District').fill('Ernakulam');
  await field(page, 'State').selectOption('Kerala');
  await field(page, 'Pincode').fill('682011');
  await button(page, 'Save address').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: /Nila Menon/ })).toBeChecked();
  await button(page, 'DELIVER HERE').click();
  await expect(page).toHaveURL(/\/checkout$/);
  const review = page.getByRole('listitem').filter({ hasText: 'Step 3: Review products' });
  await expect(review).toContainText('Tiered Maxi Dress');
  await expect(review).toContainText('Quantity1');
  const total = (await review.locator('p', { hasText: 'Order total' }).locator('span').first().textContent()) ?? '';
  expect(total).toMatch(/^₹[\d,]+$/);
  // For business purchases (issue 43), a native disclosure: a GSTIN without its business name comes back beside the field.
  await review.locator('summary', { hasText: 'For business purchases' }).click();
  await field(page, 'GSTIN').fill('32AAGCB7383J1ZH');
  await review.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Please enter the business name the GSTIN is registered under.')).toBeVisible();
  await expect(field(page, 'GSTIN')).toHaveValue('32AAGCB7383J1ZH');
  await field(page, 'Business name').fill('Nila Textiles');
  await review.getByRole('button', { name: 'Proceed to Payment' }).click();

  // The payment page: the amount and the Pay button; Razorpay's sheet needs the scripts, and says so.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Payment Method' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Online/ })).toBeChecked();
  await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
  await expect(page.getByText('Delivering to')).toBeVisible();
  await expect(page.getByTestId('payment-business')).toContainText('Nila Textiles');
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
  await page.getByLabel('Why are you cancelling?').selectOption({ label: 'Ordered by mistake' });
  await form.getByRole('button', { name: 'Cancel order' }).click();
  await expect(said(page, 'Order cancelled.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Cancelled');
  await expect(page.locator('summary', { hasText: 'Cancel order' })).toHaveCount(0);
});

/** A demo product's id and its variants, through the public API. */
async function demoProduct(request: APIRequestContext, name: string) {
  const search = (await (await request.get(`/api/user/product/search?q=${encodeURIComponent(name)}`)).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === name);
  if (!card) throw new Error(`no demo product named ${name}`);
  const details = (await (await request.get(`/api/user/product/getProductDetails/${card._id}`)).json()) as {
    data: { product: { _id: string; variants: Array<{ _id: string; quantity: number }> } };
  };
  return details.data.product;
}

test('without scripts a signed-out shopper’s Add to Cart is kept through login, a line beyond the stock capped and explained', async ({
  page,
}) => {
  const email = uniqueEmail('noscript.anika');
  await signUp(page.request, email, { firstName: 'Anika', lastName: 'Das' });
  await openProduct(page, 'block print', 'Block Print A-line Kurti');
  await page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { disabled: false }).first().click();
  await button(page, 'Add to Cart').click();
  await expect(said(page, 'Added to your cart.')).toBeVisible();
  // A line asking for one piece more than there is, as if the stock had dropped since it was added.
  const dupatta = await demoProduct(page.request, 'Chiffon Leheriya Dupatta');
  const scarce = dupatta.variants.find((item) => item.quantity > 0 && item.quantity < 10)!;
  const cookie = (await page.context().cookies()).find((item) => item.name === 'guest_cart')!;
  const lines = JSON.parse(decodeURIComponent(cookie.value)) as unknown[];
  const extra = { productId: dupatta._id, variantId: scarce._id, quantity: scarce.quantity + 1 };
  await page.context().addCookies([{ ...cookie, value: encodeURIComponent(JSON.stringify([...lines, extra])) }]);
  await page.reload();

  // Signed out, the header's cart asks to log in and come back to the cart; the piece waits in a cookie.
  await header(page)
    .getByRole('link', { name: `Cart, ${scarce.quantity + 2} items` })
    .click();
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fuser%2Fcart$/);
  await logInOnPage(page, email);
  await expect(said(page, `Only ${scarce.quantity} of Chiffon Leheriya Dupatta could be added.`)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/cart$/);
  await expect(page.getByRole('listitem', { name: 'Block Print A-line Kurti' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Quantity of Chiffon Leheriya Dupatta' })).toContainText(String(scarce.quantity));
  await expect(header(page).getByRole('link', { name: `Cart, ${scarce.quantity + 1} items` })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'guest_cart')).toBe(false);
});
