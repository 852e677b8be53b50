import type { AdminProduct, AuditEntry, Cart, OrderDetail, ProductDetails, ProductPage } from '@shop/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, uniqueIp } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';

// Issue 28, photos per colour: the owner gives a photo a colour, and the shop shows the colour she picked or bought.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) =>
  adminCall(t.app, method, url, { asid: owner.asid, body });
const picture = (colour: string) =>
  sharp({ create: { width: 40, height: 60, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** POST addProductPhotos as the back-office's form sends it, with its variantColor field when given. */
function upload(productId: string, bytes: Buffer, variantColor?: string) {
  const form = new FormData();
  if (variantColor !== undefined) form.append('variantColor', variantColor);
  form.append('productImages', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/product/addProductPhotos/${productId}`,
    payload: form,
    remoteAddress: uniqueIp(),
    cookies: { asid: owner.asid },
  });
}

/** An active ₹1,200 kurta in Red and Blue (size M), with a photo for every colour first. */
async function kurta(name: string) {
  const made = dataOf<{ product: AdminProduct }>(
    await call('POST', '/api/admin/product/createProduct', {
      productName: name,
      productDescription: 'Block-printed cotton.',
      productPrice: 120_000,
      productDiscount: 0,
      productStock: 0,
      status: 'active',
    }),
  ).product;
  const variantIds: Record<string, string> = {};
  for (const color of ['Red', 'Blue']) {
    const added = await call('POST', '/api/admin/product/addVariant', {
      product: made._id,
      variantName: `${color} M`,
      variantColor: color,
      variantSize: 'M',
      variantColorPrice: 0,
      variantSizePrice: 0,
      quantity: 5,
    });
    expect(added.statusCode, added.body).toBe(200);
    variantIds[color] = dataOf<{ variantId: string }>(added).variantId;
  }
  const every = await upload(made._id, await picture('#f0f0f0'));
  expect(every.statusCode, every.body).toBe(200);
  return { productId: made._id, red: variantIds.Red!, blue: variantIds.Blue! };
}

beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
});

describe('photos per colour (issue 28)', () => {
  it('addProductPhotos takes a variantColor of the product, and refuses any other naming variantColor', async () => {
    const { productId } = await kurta('Red Ajrakh Kurta');
    const uploaded = await upload(productId, await picture('#cc1122'), 'red');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // Stored as the variants write it.
    expect(dataOf<{ product: AdminProduct }>(uploaded).product.productImages.map((photo) => photo.variantColor)).toEqual([null, 'Red']);

    const wrong = await upload(productId, await picture('#11cc22'), 'Green');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatch(/variantColor/);
    expect(wrong.json<ErrorEnvelope>().fields ?? {}).toHaveProperty('variantColor');
    expect((await call('GET', `/api/admin/product/getProductDetails/${productId}`)).json()).toMatchObject({
      data: { product: { productImages: [{ variantColor: null }, { variantColor: 'Red' }] } },
    });
    const storefront = await jsonCall(t.app, 'GET', `/api/user/product/getProductDetails/${productId}`);
    expect(dataOf<{ product: ProductDetails }>(storefront).product.productImages.map((photo) => photo.variantColor)).toEqual([null, 'Red']);
  });

  it("setPhotoColor changes a photo's colour or makes it every colour's, audited; other colours are refused", async () => {
    const { productId } = await kurta('Blue Ajrakh Kurta');
    const photo = dataOf<{ product: AdminProduct }>(await upload(productId, await picture('#1122cc'))).product.productImages[1]!;
    const set = await call('POST', '/api/admin/product/setPhotoColor', { productId, imageId: photo._id, variantColor: 'Blue' });
    expect(set.statusCode, set.body).toBe(200);
    expect(dataOf<{ product: AdminProduct }>(set).product.productImages[1]).toMatchObject({ _id: photo._id, variantColor: 'Blue' });

    const wrong = await call('POST', '/api/admin/product/setPhotoColor', { productId, imageId: photo._id, variantColor: 'Green' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatch(/variantColor/);
    const missing = await call('POST', '/api/admin/product/setPhotoColor', {
      productId,
      imageId: '00000000-0000-4000-8000-000000000000',
      variantColor: null,
    });
    expect([missing.statusCode, errorOf(missing)]).toEqual([404, 'Photo not found']);

    const cleared = await call('POST', '/api/admin/product/setPhotoColor', { productId, imageId: photo._id, variantColor: null });
    expect(dataOf<{ product: AdminProduct }>(cleared).product.productImages[1]!.variantColor).toBeNull();
    const entries = dataOf<{ entries: AuditEntry[] }>(await call('GET', `/api/admin/audit?entity=photo&entityId=${productId}`)).entries;
    expect(entries.filter((entry) => entry.action === 'photo.color').map((entry) => [entry.before, entry.after])).toEqual([
      [
        { public_id: photo.public_id, variantColor: 'Blue' },
        { public_id: photo.public_id, variantColor: null },
      ],
      [
        { public_id: photo.public_id, variantColor: null },
        { public_id: photo.public_id, variantColor: 'Blue' },
      ],
    ]);
  });

  it("shows a card's colour photo under that colour's filter, and the cover otherwise", async () => {
    const { productId } = await kurta('Indigo Dabu Kurta');
    const details = dataOf<{ product: AdminProduct }>(await upload(productId, await picture('#2233dd'), 'Blue')).product;
    const [cover, blue] = details.productImages;
    const cardOf = async (query: string) => {
      const response = await jsonCall(t.app, 'GET', `/api/user/product/filter?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<ProductPage>(response).products.find((card) => card._id === productId);
    };
    expect((await cardOf('color=blue'))?.image?._id).toBe(blue!._id);
    expect((await cardOf('color=Red'))?.image?._id).toBe(cover!._id);
    expect((await cardOf('sort=newest'))?.image?._id).toBe(cover!._id);
  });

  it("puts the photo of the line's colour in the bag and in the order, else the product's first", async () => {
    const { productId, red, blue } = await kurta('Kalamkari Kurta');
    const details = dataOf<{ product: AdminProduct }>(await upload(productId, await picture('#dd2233'), 'Red')).product;
    const [cover, redPhoto] = details.productImages;

    const order = await placedOrder(t, mail, { productId, variantId: red });
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: order.sid, body: { productId, variantId: blue, quantity: 1 } });
    const cart = dataOf<Cart>(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: order.sid }));
    const imageOf = (variantId: string) => cart.userCarts.find((line) => line.product.variant?._id === variantId)?.product.images[0]?.url;
    expect(imageOf(red)).toBe(redPhoto!.secure_url);
    expect(imageOf(blue)).toBe(cover!.secure_url);

    const placed = dataOf<{ order: OrderDetail }>(
      await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${order.orderId}`, { sid: order.sid }),
    );
    expect(placed.order.items.map((item) => item.image)).toEqual([redPhoto!.secure_url]);
  });
});
