import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@shop/core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDecodeSlots } from './decode-slots.js';
import { createMediaStore, UNREADABLE_IMAGE_MESSAGE } from './store.js';

// Issue 38: a photo is decoded only within the pixel limit and a free decode slot, and one that will not decode
// is refused in words, leaving nothing behind.

const root = mkdtempSync(path.join(tmpdir(), 'shop-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const photo = (format: 'png' | 'jpeg' = 'png') =>
  // Noise, so that half the file is half the pixels.
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .toFormat(format)
    .toBuffer();

describe('the media store on local disk', () => {
  it('refuses a picture whose header reads but whose pixels do not decode: 400 in words, no file, no folder', async () => {
    const store = createMediaStore({ kind: 'local', root });
    const whole = await photo();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(store.inspectImage(truncated)).resolves.toBeUndefined();
    await expect(store.saveImage(truncated, 'broken')).rejects.toMatchObject({ code: 'INVALID_DATA', message: UNREADABLE_IMAGE_MESSAGE });
    expect(existsSync(path.join(root, 'broken'))).toBe(false);
  });

  it('decodes only in a free slot: an upload waits while the slot is taken', async () => {
    const slots = createDecodeSlots(1, 8);
    const store = createMediaStore({ kind: 'local', root }, { slots });
    let release = () => {};
    const busy = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const saving = store.saveImage(await photo('jpeg'), 'waiting');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([slots.running, slots.queued, existsSync(path.join(root, 'waiting'))]).toEqual([1, 1, false]);
    release();
    await busy;
    const stored = await saving;
    expect(readdirSync(path.join(root, 'waiting')).sort()).toEqual(
      IMAGE_WIDTHS.map((width) => `${stored.key.split('/')[1]}-${width}.webp`).sort(),
    );
  });
});
