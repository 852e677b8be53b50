import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { checkoutFromCart, toast } from './support/checkout.js';
import { PASSWORD, signUp, signedInShopper, uniqueEmail } from './support/shopper.js';

// From 'Add to Cart' to a paid order on the demo catalogue, paying on the Razorpay emulator's sheet.
// Each test buys a different product, so the phone and desktop runs never compete for the same pieces.

/** The header's cart of a signed-in shopper: 'Cart, 2 items'. */
const cartLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name });

/** The signed-out cart's cookie (features/cart/guest-cart.server.ts): JSON lines, URI-encoded. */
const GUEST_CART = 'guest_cart';

async function guestCartLines(page: Page): Promise<unknown[] | null> {
  const cookie = (await page.context().cookies()).find((item) => item.name === GUEST_CART);
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as unknown[]) : null;
}

interface Variant {
  _id: string;
  variantColor: string;
  variantSize: string;
  quantity: number;
}

/** A demo product found by its name, with its variants. */
async function product(request: APIRequestContext, name: string) {
  const search = (await (await request.get(`/api/user/product/search?q=${encodeURIComponent(name)}`)).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === name);
  if (!card) throw new Error(`no demo product named ${name}`);
  const details = (await (await request.get(`/api/user/product/getProductDetails/${card._id}`)).json()) as {
    data: { product: { _id: string; productName: string; variants: Variant[] } };
  };
  return details.data.product;
}

async function openProduct(page: Page, name: string) {
  await page.goto(`/productSearch?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function chooseFirstSize(page: Page) {
  const size = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { disabled: false }).first();
  await size.click();
  // The choice lives in the URL (a client navigation): wait until the page shows it before buying.
  await expect(size).toBeChecked();
}

async function fillAddress(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Phone', { exact: true }).fill('9876501234');
  await page.getByLabel('Street', { exact: true }).fill('21, Residency Road');
  await page.getByLabel('City', { exact: true }).fill('Bengaluru');
  await page.getByLabel('District', { exact: true }).fill('Bengaluru Urban');
  await page.getByLabel('State', { exact: true }).selectOption('Karnataka');
  await page.getByLabel('Pincode', { exact: true }).fill('560025');
  await page.getByRole('button', { name: 'Save address' }).click();
}

test('a shopper adds to the cart, checks out adding an address, pays on the Razorpay sheet and finds the order paid', async ({ page }) => {
  await signedInShopper(page.request, 'riya');
  await openProduct(page, 'Puff Sleeve Polka Top');

  // A product with variants needs a size first.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Please choose a colour and size.')).toBeVisible();
  await chooseFirstSize(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to your cart.')).toBeVisible();
  await cartLink(page, 'Cart, 1 item').click();

  // The cart: one card per line with a stepper; two pieces stay below ₹999, so shipping is ₹50.
  await expect(page.getByRole('heading', { level: 1, name: 'My Cart' })).toBeVisible();
  const line = page.getByRole('listitem', { name: 'Puff Sleeve Polka Top' });
  await line.getByRole('button', { name: 'Increase quantity of Puff Sleeve Polka Top' }).click();
  await expect(line.getByRole('group', { name: 'Quantity of Puff Sleeve Polka Top' })).toContainText('2');
  await expect(cartLink(page, 'Cart, 2 items')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Subtotal (2 items)');
  await expect(summary).toContainText('Shipping₹50');
  const total = (await summary.locator('dd').last().textContent()) ?? '';
  expect(total).toMatch(/^₹[\d,.]+$/);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();

  // Checkout: 1 Login, 2 an address added on the way, 3 review.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Step 1: Login' })).toContainText('Meera Iyer');
  await page.getByRole('link', { name: '+ Add New Address' }).click();
  await expect(page).toHaveURL(/\/user\/addresses\?redirectUrl=%2Fcheckout$/);
  await fillAddress(page, 'Riya Sharma');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('radio', { name: /Riya Sharma/ })).toBeChecked();
  await page.getByRole('button', { name: 'DELIVER HERE' }).click();
  const review = page.getByRole('listitem').filter({ hasText: 'Step 3: Review products' });
  await expect(review).toContainText('Puff Sleeve Polka Top');
  await expect(review).toContainText('Quantity2');
  // For business purchases (issue 43): a GSTIN with a wrong check character is refused beside its field; the right one
  // goes with the order.
  await review.getByText('For business purchases').click();
  await review.getByLabel('GSTIN', { exact: true }).fill('27AAPFU0939F1ZA');
  await review.getByLabel('Business name', { exact: true }).fill('Riya Fashions LLP');
  await review.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(review.getByRole('alert')).toContainText('the check character) does not match');
  await expect(page).toHaveURL(/\/checkout$/);
  await review.getByLabel('GSTIN', { exact: true }).fill('27aapfu0939f1zv');
  await review.getByRole('button', { name: 'Proceed to Payment' }).click();

  // Payment: only online; the server's total, shipping included.
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByTestId('payment-business')).toContainText('Riya Fashions LLP');
  await expect(page.getByTestId('payment-business')).toContainText('GSTIN 27AAPFU0939F1ZV');
  await expect(page.getByRole('radio', { name: /Online/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeDisabled();
  await expect(page.getByText('Currently Unavailable')).toBeVisible();
  await expect(page.getByRole('radio', { name: /EMI/ })).toBeDisabled();
  await expect(page.getByText('Coming Soon')).toBeVisible();
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  // The emulator's sheet, as Razorpay's test mode: method, Pay, then Success.
  const sheet = page.getByRole('dialog', { name: 'Saanjh Boutique' });
  await expect(sheet).toContainText(/Order ORD-\d{4}-\d{6}/);
  await expect(sheet).toContainText('9876501234');
  await sheet.getByRole('button', { name: /^Pay ₹/ }).click();
  await sheet.getByRole('button', { name: 'Success' }).click();

  await expect(page).toHaveURL(/\/paymentSuccess\?orderId=/);
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Successful' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Payment details' });
  await expect(details).toContainText(`Amount${total}`);
  await expect(details).toContainText('MethodUPI');
  await expect(details).toContainText('StatusPaid');
  await expect(details).toContainText(/Payment idpay_/);
  await expect(page.getByRole('region', { name: 'Products' })).toContainText('Puff Sleeve Polka Top');
  await expect(cartLink(page, 'Cart, empty')).toBeVisible();
  await page.getByRole('link', { name: 'Go to My Orders' }).click();

  // My Orders: the order, paid; its page has the timeline and cancels with a refund.
  await expect(page).toHaveURL(/\/user\/orders$/);
  const order = page.getByRole('list', { name: 'Orders' }).getByRole('link').first();
  await expect(order).toContainText('Paid');
  await expect(order).toContainText(total);
  await order.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Order ORD-/ })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('Awaiting payment');
  await expect(timeline).toContainText('Paid');
  // The couriers' day to her pincode, as the product page and checkout promised it (issue 42).
  await expect(page.getByText(/^Delivery by \w{3}, \d{1,2} \w{3}/)).toBeVisible();
  // Its tax invoice bills the business, with its GSTIN; supplied to the delivery state (the shop's own: CGST + SGST).
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  const invoice = await page.context().newPage();
  await invoice.goto(`/invoice/order/${orderId}`);
  await expect(invoice.getByRole('region', { name: 'Billed to' })).toContainText('Billed to: Riya Fashions LLP');
  await expect(invoice.getByTestId('invoice-buyer-gstin')).toHaveText('Buyer GSTIN: 27AAPFU0939F1ZV · Maharashtra (27)');
  await expect(invoice.getByText('Place of supply: Karnataka (29)')).toBeVisible();
  await invoice.close();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel ORD-/ });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Please tell us why you are cancelling.')).toBeVisible();
  await dialog.getByLabel('Why are you cancelling?').selectOption({ label: 'Want to change size or colour' });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, /^Order cancelled\. Your refund of ₹/)).toBeVisible();
  await expect(timeline).toContainText('Refunded');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('a declined payment keeps the sheet open with Razorpay’s reason and leaves the order unpaid', async ({ page }) => {
  await signedInShopper(page.request, 'kavya');
  const top = await product(page.request, 'Peplum Cotton Top');
  const variant = top.variants.find((item) => item.quantity > 2)!;
  expect((await page.request.post('/api/user/product/addToCart', { data: { productId: top._id, variantId: variant._id } })).ok()).toBe(
    true,
  );
  const address = {
    name: 'Kavya Nair',
    phone: '9123456789',
    street: '4, Beach Road',
    city: 'Kochi',
    district: 'Ernakulam',
    state: 'Kerala',
    pincode: '682001',
  };
  expect((await page.request.post('/api/user/profile/addAddress', { data: address })).ok()).toBe(true);

  await (await checkoutFromCart(page)).click();
  const sheet = page.getByRole('dialog', { name: 'Saanjh Boutique' });
  await sheet.getByRole('tab', { name: 'Card' }).click();
  await sheet.getByRole('button', { name: /^Pay ₹/ }).click();
  await sheet.getByRole('button', { name: 'Failure' }).click();
  await expect(toast(page, 'declined by the bank')).toBeVisible();
  await expect(sheet.getByRole('alert')).toContainText('Payment failed.');
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Payment not completed.' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toBeEnabled();

  await page.goto('/user/orders');
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('link').first()).toContainText('Awaiting payment');
});

test('a signed-out shopper’s cart survives login, and a line beyond the stock is capped and explained', async ({ page }) => {
  const email = uniqueEmail('anika');
  await signUp(page.request, email, { firstName: 'Anika', lastName: 'Das' });
  // A line asking for one piece more than there is, as if the stock had dropped since it was added.
  const dupatta = await product(page.request, 'Chiffon Leheriya Dupatta');
  const scarce = dupatta.variants.find((item) => item.quantity > 0 && item.quantity < 10)!;

  await openProduct(page, 'Block Print A-line Kurti');
  await chooseFirstSize(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to your cart.')).toBeVisible();
  const lines = (await guestCartLines(page)) ?? [];
  await page.context().addCookies([
    {
      name: GUEST_CART,
      value: encodeURIComponent(
        JSON.stringify([...lines, { productId: dupatta._id, variantId: scarce._id, quantity: scarce.quantity + 1 }]),
      ),
      domain: new URL(page.url()).hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await page.reload();

  // The header's cart opens the browser cart, which asks to log in.
  const header = page.getByRole('navigation', { name: 'Account' });
  await header.getByRole('button', { name: `Cart, ${scarce.quantity + 2} items` }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByRole('listitem', { name: 'Block Print A-line Kurti' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Login to checkout' }).click();
  await expect(page).toHaveURL(/\/login\?redirectUrl=%2Fuser%2Fcart$/);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, `Only ${scarce.quantity} of Chiffon Leheriya Dupatta could be added`)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/cart$/);
  await expect(page.getByRole('listitem', { name: 'Block Print A-line Kurti' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Quantity of Chiffon Leheriya Dupatta' })).toContainText(String(scarce.quantity));
  await expect(header.getByRole('link', { name: `Cart, ${scarce.quantity + 1} items` })).toBeVisible();
  expect(await guestCartLines(page)).toBeNull();
});

test('when the last pieces go to someone else first, the payment page says it failed to initiate, and why', async ({ page, request }) => {
  await signedInShopper(page.request, 'tara');
  const jhumkas = await product(page.request, 'Meenakari Jhumkas');
  const variant = jhumkas.variants.find((item) => item.quantity >= 2 && item.quantity <= 10)!;
  const cartLine = { productId: jhumkas._id, variantId: variant._id };
  const address = {
    name: 'Tara Bose',
    phone: '9830012345',
    street: '9, Park Street',
    city: 'Kolkata',
    district: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
  };
  expect((await page.request.post('/api/user/product/addToCart', { data: { ...cartLine, quantity: variant.quantity } })).ok()).toBe(true);
  expect((await page.request.post('/api/user/profile/addAddress', { data: address })).ok()).toBe(true);
  const pay = await checkoutFromCart(page);

  // Another shopper (her own session) places an order for one piece meanwhile: it is reserved for her.
  await signedInShopper(request, 'rival');
  expect((await request.post('/api/user/product/addToCart', { data: { ...cartLine, quantity: 1 } })).ok()).toBe(true);
  const rivalAddress = (await (await request.post('/api/user/profile/addAddress', { data: address })).json()) as {
    data: { address: { _id: string } };
  };
  const placed = await request.post('/api/user/payment/createpayment', {
    data: { paymentMethod: 'online', products: [{ id: jhumkas._id, variant: variant._id }], address: rivalAddress.data.address._id },
  });
  expect(placed.ok()).toBe(true);

  await pay.click();
  const alert = page.getByRole('alertdialog', { name: 'Payment failed to initiate' });
  await expect(alert).toHaveAccessibleDescription(/^Only \d+ left of Meenakari Jhumkas$/);
  await alert.getByRole('link', { name: 'Review my cart' }).click();
  await expect(page).toHaveURL(/\/user\/cart$/);
  await expect(page.getByRole('listitem', { name: 'Meenakari Jhumkas' })).toContainText(/Only \d+ left/);
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
});
