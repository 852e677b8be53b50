import { expect, type APIRequestContext } from '@playwright/test';
import { checkoutFromCart, payOnSheet, toast } from './support/checkout.js';
import { ownerLogsIn } from './support/owner.js';
import { signedInShopper } from './support/shopper.js';
import { hydrating, test } from './support/test.js';

// Photos per colour (issue 28): the owner chooses which colour a photo shows in the back-office, and a shopper
// who buys that colour sees its photo in the product page, her bag and her orders. The phone and desktop runs
// use different demo products (each photographed in every colour), so they never race for the same pieces.

interface Photo {
  _id: string;
  secure_url: string;
  variantColor: string | null;
}

/** A demo product found by its name, with its photos and colours as the storefront answers them. */
async function demoProduct(request: APIRequestContext, name: string) {
  const search = (await (await request.get(`/api/user/product/search?q=${encodeURIComponent(name)}`)).json()) as {
    data: { products: Array<{ _id: string; productName: string }> };
  };
  const card = search.data.products.find((item) => item.productName === name);
  if (!card) throw new Error(`no demo product named ${name}`);
  const details = (await (await request.get(`/api/user/product/getProductDetails/${card._id}`)).json()) as {
    data: { product: { _id: string; productImages: Photo[]; variants: Array<{ variantColor: string }> } };
  };
  return details.data.product;
}

test("the owner sets a photo's colour; a shopper who buys that colour sees its photo in her bag and orders", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const name = testInfo.project.name === 'phone' ? 'Floral Wrap Midi Dress' : 'Satin Slip Dress';
  const product = await demoProduct(page.request, name);
  const cover = product.productImages[0]!;
  // A colour whose own photo is not the cover: the bag must show that photo, not the product's first.
  const colourIndex = product.productImages.findIndex((photo) => photo.variantColor && photo.variantColor !== cover.variantColor);
  const colourPhoto = product.productImages[colourIndex]!;
  const colour = colourPhoto.variantColor!;

  // The owner makes the photo every colour's, then gives it its colour back: each choice is saved at once.
  await ownerLogsIn(page);
  await page.goto(`/admin/productView/${product._id}`);
  const select = page.getByLabel(`Colour of photo ${colourIndex + 1}`, { exact: true });
  await expect(select).toHaveValue(colour);
  await select.selectOption({ label: 'Every colour' });
  await expect(toast(page, 'Photo colour saved')).toBeVisible();
  await page.reload();
  await expect(select).toHaveValue('');
  await select.selectOption({ label: colour });
  await expect(toast(page, 'Photo colour saved').last()).toBeVisible();
  await page.reload();
  await expect(select).toHaveValue(colour);

  // A shopper (her own browser) picks that colour: its photo leads the gallery.
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = hydrating(await shopperContext.newPage());
  await signedInShopper(shopper.request, 'tara');
  // She finds it in a listing filtered by that colour: its card opens the product in that colour.
  await shopper.goto(`/filter?q=${encodeURIComponent(name)}&color=${encodeURIComponent(colour)}`);
  await shopper.locator(`a[href^="/product/${product._id}"]`).first().click();
  await expect(shopper).toHaveURL(`/product/${product._id}?color=${encodeURIComponent(colour)}`);
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper.getByRole('button', { name: `Zoom in: ${name} in ${colour}`, exact: true })).toBeVisible();
  const size = shopper.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { disabled: false }).first();
  await size.click();
  await expect(size).toBeChecked();
  await shopper.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(shopper, 'Added to your cart.')).toBeVisible();

  // Her bag shows the photo of the colour she chose.
  await shopper.goto('/user/cart');
  const line = shopper.getByRole('listitem', { name });
  await expect(line.locator('img').first()).toHaveAttribute('src', colourPhoto.secure_url);
  expect(colourPhoto.secure_url).not.toBe(cover.secure_url);

  // She pays; the order keeps that photo.
  const address = {
    name: 'Tara Menon',
    phone: '9845011223',
    street: '7, Lavelle Road',
    city: 'Bengaluru',
    district: 'Bengaluru Urban',
    state: 'Karnataka',
    pincode: '560001',
  };
  expect((await shopper.request.post('/api/user/profile/addAddress', { data: address })).ok()).toBe(true);
  await (await checkoutFromCart(shopper)).click();
  const orderId = await payOnSheet(shopper);
  await shopper.goto('/user/orders');
  const order = shopper.getByRole('list', { name: 'Orders' }).locator(`a[href="/user/orders/${orderId}"]`);
  await expect(order.locator('img')).toHaveAttribute('src', colourPhoto.secure_url);
  await order.click();
  await expect(shopper.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
  await expect(shopper.locator(`img[src="${colourPhoto.secure_url}"]`).first()).toBeVisible();
  await shopperContext.close();
});
