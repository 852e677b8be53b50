import { createHash } from 'node:crypto';
import {
  DEFAULT_IMAGE_WIDTH,
  IMAGE_WIDTHS,
  MEDIA_PATH,
  type ImageFormat,
  MAX_PHOTO_BYTES,
  ONLY_IMAGES_MESSAGE,
  mediaUrl,
  AppError,
} from '@shop/core';
import sharp, { type Metadata } from 'sharp';
import type { MediaBackend } from './backend.js';
import { createDecodeSlots, type DecodeSlots } from './decode-slots.js';
import { createLocalBackend } from './local-backend.js';
import { createS3Backend, type S3Backend, type S3Settings } from './s3-backend.js';

// libvips' operation cache keeps up to 50 MB of decoded images for the next operation on the same input; a shop
// encodes each photo once, so the cache would only hold memory (ADR 029).
sharp.cache(false);

export const MAX_UPLOAD_BYTES = MAX_PHOTO_BYTES;
export const PHOTO_TOO_LARGE_MESSAGE = `Each image must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`;

/**
 * The most pixels a photo may have: a phone's photo is 12 to 24 MP as it saves it by default (its 48–200 MP sensor
 * bins pixels); a full-resolution 50 MP shot is refused in words. 40 MP is ~120 MB decoded and about a second's work,
 * where a 16,000 × 16,000 PNG of 776 KB was 768 MB and 5.4 s (issue 38).
 */
export const MAX_PHOTO_PIXELS = 40_000_000;
export const tooManyPixelsMessage = (width: number, height: number) =>
  `This photo is ${width} × ${height} pixels; each photo must be at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels (8000 × 5000, say).`;
export const UNREADABLE_IMAGE_MESSAGE = 'This photo could not be read: it may be damaged. Please choose another.';

/** Every decode is held to the pixel limit too, whatever the header said. */
const decode = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS });

/**
 * Checks by content, never by name or declared type, that the bytes are a JPEG, PNG, WebP or AVIF picture
 * (sharp reports AVIF as HEIF with AV1 compression; other HEIF, GIF, TIFF, SVG are refused) of at most
 * MAX_PHOTO_PIXELS. Reads only the header: no pixel is decoded.
 */
export async function inspectImage(bytes: Buffer): Promise<void> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('INVALID_DATA', PHOTO_TOO_LARGE_MESSAGE);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new AppError('INVALID_DATA', ONLY_IMAGES_MESSAGE);
  }
  const accepted =
    metadata.format === 'jpeg' ||
    metadata.format === 'png' ||
    metadata.format === 'webp' ||
    (metadata.format === 'heif' && metadata.compression === 'av1');
  if (!accepted || !metadata.width || !metadata.height) throw new AppError('INVALID_DATA', ONLY_IMAGES_MESSAGE);
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS)
    throw new AppError('INVALID_DATA', tooManyPixelsMessage(metadata.width, metadata.height));
}

export interface StoredImage {
  /** The spec's public_id: `folder/hash`; files are `<key>-<width>.webp`. */
  key: string;
  /** The spec's secure_url: the default rendition, under /media (pages rebase it on MEDIA_PUBLIC_URL). */
  url: string;
  /** Size of the largest rendition; the aspect ratio holds for all of them. */
  width: number;
  height: number;
}

/** Where photos are kept (MEDIA_STORE) and, with `publicUrl` (MEDIA_PUBLIC_URL), where pages link them. */
export type MediaStoreConfig = ({ kind: 'local'; root: string } | ({ kind: 's3' } & S3Settings)) & { publicUrl?: string };

export interface MediaStore {
  /**
   * Checks that the bytes are a JPEG, PNG, WebP or AVIF (by content, not name) within the pixel limit, and stores
   * it in every width as WebP, once a decode slot is free; a picture that cannot be decoded is INVALID_DATA.
   */
  saveImage(bytes: Buffer, folder: string): Promise<StoredImage>;
  /** The same content check as saveImage, without storing anything. */
  inspectImage(bytes: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Copies a stored image's renditions (the WebP ones and any AVIF) under another key, each object whole; false when
   * it has none (removed meanwhile). The source stays: remove it once the new key is recorded.
   */
  copyImage(from: string, to: string): Promise<boolean>;
  /**
   * Writes the renditions missing for these stored images (a width added to IMAGE_WIDTHS after they were
   * uploaded), each from the largest rendition there is; returns how many files it wrote.
   */
  addMissingRenditions(keys: readonly string[]): Promise<number>;
  /**
   * Writes a stored image's AVIF renditions (every width), made from its largest WebP one; false when the image
   * is not there (removed meanwhile). Each file appears whole or not at all.
   */
  addAvif(key: string): Promise<boolean>;
  /** Where pages link photos: MEDIA_PUBLIC_URL, or the shop's own /media. No trailing slash. */
  readonly baseUrl: string;
  /** What answers /media/*: files under a local folder (@fastify/static), or objects read from S3 (media/routes.ts). */
  readonly origin: { kind: 'local'; root: string } | { kind: 's3'; read: S3Backend['read'] };
  /** Lets go of the store's connections (S3); nothing to do on local disk. */
  close(): void;
}

const KEY = /^[a-z0-9-]+\/[a-f0-9]+$/;

/** One WebP rendition `width` pixels wide. .rotate() applies the camera's EXIF orientation; metadata is not copied. */
function rendition(bytes: Buffer, width: number) {
  // effort 2 of 6 encodes several times faster for files a few per cent larger.
  return decode(bytes).rotate().resize({ width }).webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true });
}

/** One AVIF rendition: at quality 50 and effort 2 of 9, 15–25 % smaller than the WebP one, ~4 times its encoding time. */
function avifRendition(bytes: Buffer, width: number) {
  return decode(bytes).resize({ width }).avif({ quality: 50, effort: 2 }).toBuffer();
}

/** The name of one rendition of a stored image, in the backend and under /media. */
const nameOf = (key: string, width: number, format: ImageFormat = 'webp') => `${key}-${width}.${format}`;

/**
 * Product photos in every rendition width, on local disk (DATA_DIR/media) or in an S3 bucket. Keys are content
 * hashes, so a stored file never changes. The image work is the same for both; the backend only keeps bytes.
 */
export function createMediaStore(config: MediaStoreConfig, options: { slots?: DecodeSlots } = {}): MediaStore {
  const slots = options.slots ?? createDecodeSlots();
  let backend: MediaBackend;
  let origin: MediaStore['origin'];
  let close = () => {};
  if (config.kind === 'local') {
    backend = createLocalBackend(config.root);
    origin = { kind: 'local', root: config.root };
  } else {
    const s3 = createS3Backend(config);
    backend = s3;
    origin = { kind: 's3', read: (name, options) => s3.read(name, options) };
    close = () => s3.close();
  }
  return {
    baseUrl: config.publicUrl ?? MEDIA_PATH,
    origin,
    close,
    inspectImage,
    async saveImage(bytes, folder) {
      await inspectImage(bytes);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
      const key = `${folder}/${hash}`;
      return slots.run(async () => {
        // Every rendition is made before any is written: a picture that fails to decode leaves no file, nor folder.
        const made = [];
        try {
          for (const width of IMAGE_WIDTHS) made.push({ width, ...(await rendition(bytes, width)) });
        } catch {
          throw new AppError('INVALID_DATA', UNREADABLE_IMAGE_MESSAGE);
        }
        let largest = { width: 0, height: 0 };
        for (const { width, data, info } of made) {
          await backend.put(nameOf(key, width), data);
          if (info.width >= largest.width) largest = { width: info.width, height: info.height };
        }
        return { key, url: mediaUrl(key, DEFAULT_IMAGE_WIDTH), ...largest };
      });
    },
    async remove(key) {
      if (!KEY.test(key)) return;
      await backend.remove(IMAGE_WIDTHS.flatMap((width) => (['webp', 'avif'] as const).map((format) => nameOf(key, width, format))));
    },
    async copyImage(from, to) {
      if (!KEY.test(from) || !KEY.test(to)) return false;
      let copied = false;
      for (const width of IMAGE_WIDTHS) {
        for (const format of ['webp', 'avif'] as const) {
          const bytes = await backend.get(nameOf(from, width, format));
          if (!bytes) continue;
          await backend.put(nameOf(to, width, format), bytes);
          copied ||= format === 'webp';
        }
      }
      return copied;
    },
    async addAvif(key) {
      if (!KEY.test(key)) return false;
      const source = await backend.get(nameOf(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!));
      if (!source) return false;
      await slots.run(
        async () => {
          for (const width of IMAGE_WIDTHS) await backend.put(nameOf(key, width, 'avif'), await avifRendition(source, width));
        },
        { background: true },
      );
      return true;
    },
    async addMissingRenditions(keys) {
      let written = 0;
      for (const key of keys) {
        if (!KEY.test(key)) continue;
        const present = await Promise.all(IMAGE_WIDTHS.map((width) => backend.exists(nameOf(key, width))));
        const largest = IMAGE_WIDTHS.filter((_, i) => present[i]).at(-1);
        // Nothing to make it from (the photo was removed).
        if (largest === undefined) continue;
        // A photo the encoder already gave AVIF renditions needs the new widths in AVIF too: pages offer them.
        const presentAvif = await Promise.all(IMAGE_WIDTHS.map((width) => backend.exists(nameOf(key, width, 'avif'))));
        const hasAvif = presentAvif.some(Boolean);
        const missing = IMAGE_WIDTHS.filter((width, i) => width <= largest && (!present[i] || (hasAvif && !presentAvif[i])));
        if (missing.length === 0) continue;
        const source = await backend.get(nameOf(key, largest));
        if (!source) continue;
        written += await slots.run(
          async () => {
            let made = 0;
            for (const width of missing) {
              const i = IMAGE_WIDTHS.indexOf(width);
              // Every instance runs this at start-up: whole objects, so two writing the same one never mix.
              if (!present[i]) {
                await backend.put(nameOf(key, width), (await rendition(source, width)).data);
                made++;
              }
              if (hasAvif && !presentAvif[i]) {
                await backend.put(nameOf(key, width, 'avif'), await avifRendition(source, width));
                made++;
              }
            }
            return made;
          },
          { background: true },
        );
      }
      return written;
    },
  };
}
