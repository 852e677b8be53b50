import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { IMAGE_WIDTHS, ONLY_IMAGES_MESSAGE, mediaUrl } from '@shop/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { createMediaStore, type MediaStore } from './store.js';

let s3: TestS3Server;
let store: MediaStore;
beforeAll(async () => {
  s3 = await startS3Server();
  store = createMediaStore(s3.mediaConfig());
});
afterAll(async () => {
  store?.close();
  await s3?.close();
});

const photo = (colour: string) =>
  sharp({ create: { width: 1600, height: 2000, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const names = (key: string, format: 'webp' | 'avif') => IMAGE_WIDTHS.map((width) => `${key}-${width}.${format}`);

/** An object's bytes as the /media route would send them. */
async function bytesOf(name: string): Promise<Buffer | null> {
  if (store.origin.kind !== 's3') throw new Error('not the S3 store');
  const object = await store.origin.read(name, { head: false });
  if (object.status !== 'found' || !object.body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the S3 media store (on a loopback S3 server)', () => {
  it('stores an upload as WebP in every width, with the type and a year of caching on each object', async () => {
    const stored = await store.saveImage(await photo('#aa3355'), 'products');
    expect(stored).toMatchObject({ url: mediaUrl(stored.key, 640), width: 1280, height: 1600 });
    expect(await s3.objectNames()).toEqual(expect.arrayContaining(names(stored.key, 'webp')));
    for (const [i, name] of names(stored.key, 'webp').entries()) {
      const metadata = await sharp((await bytesOf(name))!).metadata();
      expect([metadata.format, metadata.width]).toEqual(['webp', IMAGE_WIDTHS[i]]);
    }
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: names(stored.key, 'webp')[0] }));
    expect([head.ContentType, head.CacheControl]).toEqual(['image/webp', 'public, max-age=31536000, immutable']);
  });

  it('refuses what is not a photo without storing anything', async () => {
    const before = await s3.objectNames();
    await expect(store.saveImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'products')).rejects.toThrow(
      ONLY_IMAGES_MESSAGE,
    );
    expect(await s3.objectNames()).toEqual(before);
  });

  it('adds the AVIF renditions of every width from the largest WebP one, and answers false for a photo that is gone', async () => {
    const { key } = await store.saveImage(await photo('#3355aa'), 'products');
    expect(await store.addAvif(key)).toBe(true);
    for (const [i, name] of names(key, 'avif').entries()) {
      const metadata = await sharp((await bytesOf(name))!).metadata();
      expect([metadata.format, metadata.compression, metadata.width]).toEqual(['heif', 'av1', IMAGE_WIDTHS[i]]);
    }
    expect(await store.addAvif('products/0123456789abcdef0123')).toBe(false);
  });

  it('writes only the renditions a photo is missing, from its largest one', async () => {
    const { key } = await store.saveImage(await photo('#55aa33'), 'products');
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${key}-960.webp` }));
    expect(await store.addMissingRenditions([key, 'products/0123456789abcdef0123', '../../etc'])).toBe(1);
    expect((await sharp((await bytesOf(`${key}-960.webp`))!).metadata()).width).toBe(960);
    expect(await store.addMissingRenditions([key])).toBe(0);
  });

  it('removes every rendition of a photo, WebP and AVIF', async () => {
    const { key } = await store.saveImage(await photo('#333333'), 'products');
    await store.addAvif(key);
    await store.remove(key);
    expect((await s3.objectNames()).filter((name) => name.startsWith(key))).toEqual([]);
    // A key of another shape is never sent to the bucket.
    await store.remove('../secrets');
  });

  it('answers an object for serving: its headers for HEAD, not-modified on a matching ETag, missing when not there', async () => {
    if (store.origin.kind !== 's3') throw new Error('not the S3 store');
    const { key } = await store.saveImage(await photo('#777777'), 'products');
    const head = await store.origin.read(`${key}-320.webp`, { head: true });
    expect(head).toMatchObject({ status: 'found', body: null, contentType: 'image/webp' });
    if (head.status !== 'found') return;
    expect(head.contentLength).toBeGreaterThan(0);
    expect(await store.origin.read(`${key}-320.webp`, { head: false, ifNoneMatch: head.etag })).toEqual({
      status: 'not-modified',
      etag: head.etag,
    });
    expect(await store.origin.read(`${key}-333.webp`, { head: false })).toEqual({ status: 'missing' });
  });
});
