import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { toast } from './support/checkout.js';
import { PASSWORD, codeFromDevMailbox, signUp, signedInShopper, uniqueEmail } from './support/shopper.js';
import { demoProduct, lowStockVariant, productsFor } from './support/wishlist-cart.js';

// Issue 28: the wishlist and the bag hand products to each other ('Move to bag' in a chosen size, 'Move to
// wishlist'), the cart says 'Only N left' when '+' meets the stock, and a heart tapped signed out is saved once she
// has logged in. Each project uses products of its own (support/wishlist-cart.ts), so the runs never meet.

const header = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function save(request: APIRequestContext, productId: string) {
  expect((await request.post('/api/user/profile/addToWishlist', { data: { productId } })).ok()).toBe(true);
}

test('a saved product moves to the bag in a size chosen on the wishlist, and back to the wishlist from the bag', async ({
  page,
}, testInfo) => {
  const { mover } = productsFor(testInfo.project.name);
  await signedInShopper(page.request, 'lata');
  const product = await demoProduct(page.request, mover);
  await save(page.request, product._id);

  await page.goto('/user/wishlist');
  const row = page.getByRole('listitem').filter({ hasText: mover });
  const open = row.getByRole('button', { name: `Move to bag: ${mover}`, exact: true });
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const picker = row.getByRole('form', { name: `Choose a size of ${mover}` });
  // The product's sizes by colour; the sold-out ones are there but cannot be chosen.
  const soldOut = product.variants.filter((variant) => variant.quantity === 0).length;
  await expect(picker.getByRole('radio')).toHaveCount(product.variants.length);
  await expect(picker.getByRole('radio', { disabled: true })).toHaveCount(soldOut);
  // The first size in stock has the focus; Escape closes the sizes and gives the focus back.
  await expect(picker.getByRole('radio', { disabled: false }).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(open).toBeFocused();
  await open.click();

  // Nothing chosen yet: the browser asks for a size before anything is sent.
  const choice = product.variants.find((variant) => variant.quantity > 0)!;
  await picker
    .getByRole('group', { name: new RegExp(choice.variantColor) })
    .getByText(choice.variantSize, { exact: true })
    .click();
  await expect(picker.getByRole('radio', { name: choice.variantSize, exact: true }).first()).toBeChecked();
  await picker.getByRole('button', { name: 'Move to bag', exact: true }).click();
  await expect(toast(page, 'Moved to your bag.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // In the bag, in that colour and size; 'Move to wishlist' sends it back.
  await page.goto('/user/cart');
  const line = page.getByRole('listitem', { name: mover, exact: true });
  await expect(line).toContainText(choice.variantSize);
  // Issue 38: the line's buttons name its colour and size.
  await line
    .getByRole('button', { name: `Move to wishlist: ${mover} (${choice.variantColor}, ${choice.variantSize})`, exact: true })
    .click();
  await expect(toast(page, `${mover} moved to your wishlist.`)).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.goto('/user/wishlist');
  await expect(page.getByRole('listitem').filter({ hasText: mover })).toBeVisible();
});

test("the cart says 'Only N left' when '+' meets the stock", async ({ page }, testInfo) => {
  await signedInShopper(page.request, 'tara');
  const { product, variant } = await lowStockVariant(page.request, productsFor(testInfo.project.name).scarce);
  const name = product.productName;
  const data = { productId: product._id, variantId: variant._id, quantity: variant.quantity - 1 };
  expect((await page.request.post('/api/user/product/addToCart', { data })).ok()).toBe(true);

  await page.goto('/user/cart');
  const line = page.getByRole('listitem', { name, exact: true });
  await expect(line.getByText(/Only \d+ left/)).toHaveCount(0);
  const plus = line.getByRole('button', { name: `Increase quantity of ${name}` });
  await plus.click();
  await expect(line.getByRole('group', { name: `Quantity of ${name}` })).toContainText(String(variant.quantity));
  await expect(line.getByText(`Only ${variant.quantity} left`, { exact: true })).toBeVisible();
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  await expect(plus).toHaveAccessibleDescription(`Only ${variant.quantity} left`);
  // The checkout is still open: she has all there is, not more.
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
});

test('a heart tapped signed out on the product page is saved once she logs in by password, and she is back there', async ({
  page,
}, testInfo) => {
  const { heart } = productsFor(testInfo.project.name);
  const email = uniqueEmail('usha');
  await signUp(page.request, email);
  const product = await demoProduct(page.request, heart);

  await page.goto(`/product/${product._id}`);
  const productUrl = page.url();
  await page.getByRole('link', { name: 'Add to Wishlist', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(productUrl);
  await expect(toast(page, 'Login successful! Added to your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'In your wishlist', exact: true })).toHaveAttribute('aria-pressed', 'true');
});

test('a heart tapped signed out on a product card is saved once she logs in by code, and she is back on the list', async ({
  page,
}, testInfo) => {
  const { card } = productsFor(testInfo.project.name);
  const email = uniqueEmail('gita');
  await signUp(page.request, email);
  const signUpCode = await codeFromDevMailbox(page.request, email);

  const listing = `/productSearch?q=${encodeURIComponent(card)}`;
  await page.goto(listing);
  await page.getByRole('link', { name: `Add to Wishlist: ${card}`, exact: true }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByRole('button', { name: 'Login using OTP?' }).click();
  // The mode changes by the form's answer: fill the address once it has come.
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send OTP to email' }).click();
  await expect(toast(page, 'OTP sent to your email.')).toBeVisible();
  // The newest code to her address, once it is not the sign-up's.
  let code = signUpCode;
  await expect(async () => {
    code = await codeFromDevMailbox(page.request, email);
    expect(code).not.toBe(signUpCode);
  }).toPass();
  await page.getByLabel('OTP', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${listing.replace(/[?]/g, '\\?')}$`));
  await expect(toast(page, 'Login successful! Added to your wishlist.')).toBeVisible();
  await expect(page.getByRole('button', { name: `In your wishlist: ${card}`, exact: true })).toHaveAttribute('aria-pressed', 'true');
});
