import { expect, type Page } from '@playwright/test';
import { ownNetworkTest as test } from './support/test.js';
import { said, field, button } from './support/no-script.js';
import { PASSWORD, signUp, signedInShopper, uniqueEmail } from './support/shopper.js';
import { demoProduct, lowStockVariant, productsFor } from './support/wishlist-cart.js';

// Issue 28 with the page's scripts blocked (ADR 026): 'Move to bag' opens its sizes by a link and posts a form,
// 'Move to wishlist' and the stepper are form posts, and a heart tapped signed out is a link through the login.

const listItem = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

test('without scripts a saved product moves to the bag in a chosen size, and back to the wishlist', async ({ page }, testInfo) => {
  const { mover } = productsFor(testInfo.project.name);
  await signedInShopper(page.request, 'kamala');
  const product = await demoProduct(page.request, mover);
  expect((await page.request.post('/api/user/profile/addToWishlist', { data: { productId: product._id } })).ok()).toBe(true);

  await page.goto('/user/wishlist');
  await listItem(page, mover)
    .getByRole('link', { name: `Move to bag: ${mover}`, exact: true })
    .click();
  await expect(page).toHaveURL(/\/user\/wishlist\?move=/);
  const picker = page.getByRole('form', { name: `Choose a size of ${mover}` });
  await expect(picker.getByRole('radio', { disabled: true })).toHaveCount(product.variants.filter((item) => item.quantity === 0).length);
  const choice = product.variants.find((variant) => variant.quantity > 0)!;
  await picker
    .getByRole('group', { name: new RegExp(choice.variantColor) })
    .getByText(choice.variantSize, { exact: true })
    .click();
  await picker.getByRole('button', { name: 'Move to bag', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/wishlist$/);
  await expect(said(page, 'Moved to your bag.')).toBeVisible();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();

  await page.goto('/user/cart');
  const line = page.getByRole('listitem', { name: mover, exact: true });
  await expect(line).toContainText(choice.variantSize);
  // Issue 38: the line's buttons name its colour and size.
  await line
    .getByRole('button', { name: `Move to wishlist: ${mover} (${choice.variantColor}, ${choice.variantSize})`, exact: true })
    .click();
  await expect(said(page, `${mover} moved to your wishlist.`)).toBeVisible();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
  await page.goto('/user/wishlist');
  await expect(listItem(page, mover)).toBeVisible();
});

test("without scripts the cart says 'Only N left' when '+' meets the stock", async ({ page }, testInfo) => {
  await signedInShopper(page.request, 'devi');
  const { product, variant } = await lowStockVariant(page.request, productsFor(testInfo.project.name).scarce);
  const data = { productId: product._id, variantId: variant._id, quantity: variant.quantity - 1 };
  expect((await page.request.post('/api/user/product/addToCart', { data })).ok()).toBe(true);
  await page.goto('/user/cart');
  const line = page.getByRole('listitem', { name: product.productName, exact: true });
  await line.getByRole('button', { name: `Increase quantity of ${product.productName}` }).click();
  await expect(line.getByText(`Only ${variant.quantity} left`, { exact: true })).toBeVisible();
  await expect(line.getByRole('button', { name: `Increase quantity of ${product.productName}` })).toHaveAttribute('aria-disabled', 'true');
});

test('without scripts a heart tapped signed out is saved after the login, and she is back on the product', async ({ page }, testInfo) => {
  const { heart } = productsFor(testInfo.project.name);
  const email = uniqueEmail('hema');
  await signUp(page.request, email);
  const product = await demoProduct(page.request, heart);
  await page.goto(`/product/${product._id}`);
  const productUrl = page.url();
  await page.getByRole('link', { name: 'Add to Wishlist', exact: true }).click();
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await button(page, 'Login').click();
  await expect(page).toHaveURL(productUrl);
  await expect(said(page, 'Login successful! Added to your wishlist.')).toBeVisible();
  await expect(button(page, 'In your wishlist')).toHaveAttribute('aria-pressed', 'true');
});
