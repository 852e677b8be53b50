import { readdirSync } from 'node:fs';
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS, type AdminProduct, type ProductDetails, type ProductPage, type Suggestions } from '@shop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createServices, type Services, type ServicesOptions } from '../services.js';
import { adminCall, adminUpload, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';

// The app's media store is the loopback S3 server's bucket. This hook is registered before useTestApp's, so
// the bucket exists (and `media` is filled in) by the time the app is built.
let s3: TestS3Server;
const mail = capturingMailer();
const services: Omit<ServicesOptions, 'mediaDir'> = { mailer: mail.mailer, razorpay: { deliverWebhook: async () => ({ status: 200 }) } };
beforeAll(async () => {
  s3 = await startS3Server();
  services.media = s3.mediaConfig();
});
const t = useTestApp({ services });
afterAll(async () => {
  t.services?.media.close();
  await s3?.close();
});

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
});

const photo = (colour: string) =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

async function uploaded(productId: string, colour: string) {
  const response = await adminUpload(
    t.app,
    `/api/admin/product/addProductPhotos/${productId}`,
    [{ bytes: await photo(colour), name: 'front.jpg', type: 'image/jpeg' }],
    { asid: owner.asid },
  );
  expect(response.statusCode).toBe(200);
  return dataOf<{ product: AdminProduct }>(response).product.productImages.at(-1)!;
}

describe('photos in S3 (MEDIA_STORE=s3)', () => {
  it('stores an upload in the bucket, serves it at /media with a year of immutable caching, and writes nothing to disk', async () => {
    const { productId } = await sellableProduct(t, { name: 'Chanderi Dupatta' });
    const image = await uploaded(productId, '#8a2be2');
    expect(image.secure_url).toBe(`/media/${image.public_id}-640.webp`);
    expect(await s3.objectNames()).toEqual(expect.arrayContaining(IMAGE_WIDTHS.map((width) => `${image.public_id}-${width}.webp`)));

    const served = await t.app.inject({ method: 'GET', url: image.secure_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
    expect(served.headers['content-length']).toBe(String(served.rawPayload.length));
    expect(served.headers['last-modified']).toBeTruthy();
    expect((await sharp(served.rawPayload).metadata()).width).toBe(640);

    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const again = await t.app.inject({ method: 'GET', url: image.secure_url, headers: { 'if-none-match': etag } });
    expect([again.statusCode, again.rawPayload.length, again.headers.etag]).toEqual([304, 0, etag]);

    const head = await t.app.inject({ method: 'HEAD', url: image.secure_url });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([200, String(served.rawPayload.length), 0]);

    // The photos live in the bucket only: the instance's media folder stays empty.
    expect(readdirSync(t.mediaDir)).toEqual([]);
  });

  it('answers 404 for a photo not in the bucket and for any name that is not a rendition', async () => {
    for (const url of [
      '/media/products/0123456789abcdef0123-640.webp',
      '/media/products/0123456789abcdef0123-641.webp',
      '/media/products/0123456789abcdef0123-640.png',
      '/media/products/0123456789abcdef0123-640.webp.tmp',
      '/media/..%2f..%2fetc/passwd',
      '/media/',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
  });

  it('makes the AVIF renditions and the missing widths in the bucket, and deleting a photo deletes its objects', async () => {
    const { productId } = await sellableProduct(t);
    const image = await uploaded(productId, '#228b22');
    expect(await t.services.photoEncoder.encodePending()).toBeGreaterThanOrEqual(1);
    const avif = await t.app.inject({ method: 'GET', url: `/media/${image.public_id}-960.avif` });
    expect([avif.statusCode, avif.headers['content-type']]).toEqual([200, 'image/avif']);

    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${image.public_id}-320.webp` }));
    expect(await t.services.adminProducts.addMissingRenditions()).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/media/${image.public_id}-320.webp` })).statusCode).toBe(200);

    const removed = await adminCall(t.app, 'DELETE', '/api/admin/product/deleteProductPhotos', {
      asid: owner.asid,
      body: { productId, public_id: image.public_id },
    });
    expect(removed.statusCode).toBe(200);
    // Kept for a day so the delete can be undone (issue 26)…
    const objectsOf = async (key: string) => (await s3.objectNames()).filter((name) => name.startsWith(key));
    expect(await objectsOf(image.public_id)).not.toEqual([]);
    // …then purged, objects and all, by the next delete.
    await t.database.db.execute(sql`update deleted_product_images set deleted_at = deleted_at - interval '25 hours'`);
    const next = await uploaded(productId, '#8b2252');
    await adminCall(t.app, 'DELETE', '/api/admin/product/deleteProductPhotos', {
      asid: owner.asid,
      body: { productId, public_id: next.public_id },
    });
    expect(await objectsOf(image.public_id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: image.secure_url })).statusCode).toBe(404);
    expect(readdirSync(t.mediaDir)).toEqual([]);
  });
});

describe('review photos in S3 (issue 38)', () => {
  it("moves a hidden review's photos off their names in the bucket, so a public bucket or CDN cannot serve them; five minutes of caching", async () => {
    const product = await sellableProduct(t, { name: 'Reviewed Odhni' });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL3' },
      { status: 'delivered' },
    ]) {
      expect(
        (await adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { asid: owner.asid, body })).statusCode,
      ).toBe(200);
    }
    const { review } = await t.services.reviews.add(
      order.userId,
      { productId: product.productId, rating: 1, title: 'Look', text: 'See.' },
      [await photo('#5f1e3a')],
    );
    const shownKey = review.photos[0]!.url.replace(/^\/media\/(.+)-640\.webp$/, '$1');
    const namesOf = async (key: string) => (await s3.objectNames()).filter((name) => name.startsWith(`${key}-`));
    expect(await namesOf(shownKey)).toHaveLength(IMAGE_WIDTHS.length);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${shownKey}-640.webp` }));
    expect(head.CacheControl).toBe('public, max-age=300');
    const served = await t.app.inject({ method: 'GET', url: review.photos[0]!.url });
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, 'public, max-age=300']);

    const hidden = await adminCall(t.app, 'POST', `/api/admin/review/hideReview/${review._id}`, {
      asid: owner.asid,
      body: { reason: 'Unkind.' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await namesOf(shownKey)).toEqual([]);
    const hiddenUrl = (await t.services.reviews.mine(order.userId, product.productId)).review!.photos[0]!.url;
    const hiddenKey = hiddenUrl.replace(/^\/media\/(.+)-640\.webp$/, '$1');
    expect(hiddenKey).toMatch(/^hidden-[0-9a-f]{32}\//);
    expect(await namesOf(hiddenKey)).toHaveLength(IMAGE_WIDTHS.length);
    expect((await t.app.inject({ method: 'GET', url: review.photos[0]!.url })).statusCode).toBe(404);

    const shown = await adminCall(t.app, 'POST', `/api/admin/review/unhideReview/${review._id}`, { asid: owner.asid, body: {} });
    expect(shown.statusCode, shown.body).toBe(200);
    expect([(await namesOf(shownKey)).length, await namesOf(hiddenKey)]).toEqual([IMAGE_WIDTHS.length, []]);
    expect(readdirSync(t.mediaDir)).toEqual([]);
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  const CDN = 'https://cdn.example.in/shop';
  // A second instance on the same database and bucket whose pages link photos on the CDN.
  let cdn: { app: FastifyInstance; services: Services };
  beforeAll(async () => {
    const cdnServices = await createServices(t.database.db, {
      mediaDir: t.mediaDir,
      media: s3.mediaConfig(CDN),
      mailer: mail.mailer,
      razorpay: { deliverWebhook: async () => ({ status: 200 }) },
    });
    await cdnServices.settings.ensureExists();
    const app = await buildApp({
      config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', production: false },
      db: t.database.db,
      services: cdnServices,
      logger: false,
    });
    await app.ready();
    cdn = { app, services: cdnServices };
  });
  afterAll(async () => {
    await cdn?.app.close();
    cdn?.services.media.close();
  });

  it('puts every photo URL of the catalogue answers under it, and the pages may load images from its origin', async () => {
    const { productId } = await sellableProduct(t, { name: 'Bandhani Saree' });
    const image = await uploaded(productId, '#b22222');
    await t.services.photoEncoder.encodePending();

    const details = dataOf<{ product: ProductDetails }>(
      await cdn.app.inject({ method: 'GET', url: `/api/user/product/getProductDetails/${productId}` }),
    ).product;
    const urls = [details.image!, ...details.productImages].flatMap((view) => [
      view.secure_url,
      ...view.srcset.split(', '),
      ...(view.avifSrcset ?? '').split(', '),
    ]);
    expect(details.productImages[0]!.secure_url).toBe(`${CDN}/${image.public_id}-640.webp`);
    expect(details.productImages[0]!.avifSrcset).toContain(`${CDN}/${image.public_id}-1280.avif 1280w`);
    expect(urls.filter((url) => !url.startsWith(`${CDN}/`))).toEqual([]);

    const listing = dataOf<ProductPage>(await cdn.app.inject({ method: 'GET', url: '/api/user/product/search?q=bandhani' }));
    expect(listing.products[0]?.image?.srcset).toContain(`${CDN}/${image.public_id}-320.webp 320w`);
    const suggested = dataOf<Suggestions>(await cdn.app.inject({ method: 'GET', url: '/api/user/product/suggest?q=bandhani' }));
    expect(suggested.products[0]?.image?.secure_url).toBe(`${CDN}/${image.public_id}-640.webp`);
    const admin = dataOf<{ product: AdminProduct }>(
      await adminCall(cdn.app, 'GET', `/api/admin/product/getProductDetails/${productId}`, { asid: owner.asid }),
    ).product;
    expect(admin.productImages[0]?.secure_url).toBe(`${CDN}/${image.public_id}-640.webp`);

    // The instance without it still links its own /media: the stored rows hold no base.
    const own = dataOf<{ product: ProductDetails }>(
      await t.app.inject({ method: 'GET', url: `/api/user/product/getProductDetails/${productId}` }),
    ).product;
    expect(own.productImages[0]!.secure_url).toBe(`/media/${image.public_id}-640.webp`);

    // Links written before it keep working: /media is still served from the bucket.
    const served = await cdn.app.inject({ method: 'GET', url: `/media/${image.public_id}-640.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toContain("img-src 'self' data: blob: https://cdn.example.in;");
  });

  it('puts the photos of cart lines, orders and the counter’s item search under it too', async () => {
    const product = await sellableProduct(t, { name: 'Ikat Kurta' });
    const image = await uploaded(product.productId, '#1e3a5f');
    const order = await placedOrder(cdn, mail, { ...product, paid: true });
    const onCdn = `${CDN}/${image.public_id}-640.webp`;

    expect(
      (await jsonCall(cdn.app, 'POST', '/api/user/product/addToCart', { sid: order.sid, body: { ...product, quantity: 1 } })).statusCode,
    ).toBe(200);
    const cart = dataOf<{ userCarts: Array<{ product: { images: Array<{ url: string }> } }> }>(
      await jsonCall(cdn.app, 'GET', '/api/user/product/fetchUserCarts', { sid: order.sid }),
    );
    expect(cart.userCarts[0]?.product.images[0]?.url).toBe(onCdn);

    const mine = dataOf<{ order: { image: string; items: Array<{ image: string }> } }>(
      await jsonCall(cdn.app, 'GET', `/api/user/order/getOrder/${order.orderId}`, { sid: order.sid }),
    ).order;
    expect([mine.image, mine.items[0]?.image]).toEqual([onCdn, onCdn]);

    const listed = dataOf<{ orders: Array<{ _id: string; image: string | null }> }>(
      await adminCall(cdn.app, 'GET', '/api/admin/order/getAllOrders', { asid: owner.asid }),
    ).orders.find((row) => row._id === order.orderId);
    expect(listed?.image).toBe(onCdn);

    const found = dataOf<{ items: Array<{ productId: string; image: string | null }> }>(
      await adminCall(cdn.app, 'GET', '/api/admin/bill/findItems?q=ikat', { asid: owner.asid }),
    ).items.find((item) => item.productId === product.productId);
    expect(found?.image).toBe(onCdn);
  });
});
