import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, mediaSrcset, type ProductDetails, type ProductPage } from '@shop/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { sellableProduct } from '../test/shop-fixture.js';

const t = useTestApp();
const ACTOR = { id: null, label: 'test', role: 'owner' as const };

const photo = (colour: string) =>
  sharp({ create: { width: 400, height: 500, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const details = async (productId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/user/product/getProductDetails/${productId}` })).json<{
    data: { product: ProductDetails };
  }>().data.product;
const avifFiles = (key: string) => IMAGE_WIDTHS.map((width) => path.join(t.mediaDir, `${key}-${width}.avif`));

describe('AVIF renditions', () => {
  it('are made after the upload, and offered (photo and card) only once every width is written', async () => {
    const { productId } = await sellableProduct(t, { name: 'Mulmul Kurti' });
    await t.services.adminProducts.addPhotos(ACTOR, productId, [await photo('#884422')]);
    const before = (await details(productId)).productImages[0]!;
    expect(before.avifSrcset).toBeNull();
    expect(avifFiles(before.public_id).some((file) => existsSync(file))).toBe(false);

    expect(await t.services.photoEncoder.encodePending()).toBe(1);
    for (const [i, file] of avifFiles(before.public_id).entries()) {
      const metadata = await sharp(file).metadata();
      expect([metadata.format, metadata.compression, metadata.width]).toEqual(['heif', 'av1', IMAGE_WIDTHS[i]]);
    }
    // The change notice refreshed the cached answers: details and listing cards offer the AVIF renditions.
    expect((await details(productId)).productImages[0]!.avifSrcset).toBe(mediaSrcset(before.public_id, 'avif'));
    const listing = (await t.app.inject({ method: 'GET', url: '/api/user/product/search?q=mulmul' })).json<{ data: ProductPage }>().data;
    expect(listing.products.find((card) => card._id === productId)?.image?.avifSrcset).toBe(mediaSrcset(before.public_id, 'avif'));
    const served = await t.app.inject({ method: 'GET', url: `/media/${before.public_id}-640.avif` });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/avif']);
    // Nothing left to do.
    expect(await t.services.photoEncoder.encodePending()).toBe(0);
  });

  it('passes over a photo whose files are gone instead of trying it forever, and removing a photo removes its AVIF files', async () => {
    const { productId } = await sellableProduct(t);
    await t.services.adminProducts.addPhotos(ACTOR, productId, [await photo('#224488'), await photo('#448822')]);
    const [gone, kept] = (await details(productId)).productImages;
    for (const width of IMAGE_WIDTHS) rmSync(path.join(t.mediaDir, `${gone!.public_id}-${width}.webp`));
    expect(await t.services.photoEncoder.encodePending()).toBe(1);
    const after = (await details(productId)).productImages;
    expect(after.find((image) => image._id === gone!._id)?.avifSrcset).toBeNull();
    expect(after.find((image) => image._id === kept!._id)?.avifSrcset).not.toBeNull();

    await t.services.media.remove(kept!.public_id);
    expect(avifFiles(kept!.public_id).some((file) => existsSync(file))).toBe(false);
  });

  it('runs in the background once started: an upload wakes it', async () => {
    const { productId } = await sellableProduct(t);
    const messages: string[] = [];
    t.services.photoEncoder.start({
      log: { info: (message) => messages.push(message), error: (_details, message) => messages.push(message) },
      exclusive: (key, task) => t.database.runExclusive(key, task),
    });
    try {
      await t.services.adminProducts.addPhotos(ACTOR, productId, [await photo('#663399')]);
      await expect.poll(async () => (await details(productId)).productImages[0]!.avifSrcset, { timeout: 10_000 }).not.toBeNull();
    } finally {
      await t.services.photoEncoder.stop();
    }
    expect(messages.some((message) => message.startsWith('photos: AVIF renditions made'))).toBe(true);
  });
});
