import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { MediaStore } from '../media/store.js';
import type { CatalogueChanges } from './changes.js';
import { productImages } from './tables.js';

/** Photos encoded between two change notices: the listings refresh every few photos, not after each one. */
const BATCH = 8;

/** When another instance holds the lock, how long before looking again. */
const RETRY_MS = 30_000;

/** Advisory-lock key: one instance at a time encodes (the others would encode the same photos). */
export const PHOTO_ENCODER_LOCK_KEY = 7_302_026_003;

interface EncoderLog {
  info(message: string): void;
  error(details: object, message: string): void;
}

export interface PhotoEncoder {
  /** Encodes every photo still without AVIF renditions, in order; returns how many it encoded. */
  encodePending(): Promise<number>;
  /**
   * Starts encoding in the background whenever there is work (at start and after `wake`), each round inside
   * `exclusive` (a PostgreSQL advisory lock: an instance that finds it taken leaves the work to the holder).
   */
  start(options: { log: EncoderLog; exclusive: (key: number, task: () => Promise<void>) => Promise<boolean> }): void;
  /** New photos were stored: encode them in the background (does nothing until `start`). */
  wake(): void;
  /** Lets the encoding under way finish its photo and stops. */
  stop(): Promise<void>;
}

/**
 * AVIF renditions of product photos, made after the upload, in the background: an AVIF encode costs about four
 * times a WebP one (~0.8 s for a photo's four widths on one core), too long for an upload request or the
 * demo catalogue's first start. The WebP renditions serve until then; a photo's `avif` flag is set only when
 * all its AVIF files are written, and pages offer a <picture> source only for flagged photos (ADR 017).
 */
export function createPhotoEncoder(db: Db, deps: { media: MediaStore; changes: CatalogueChanges }): PhotoEncoder {
  const { media, changes } = deps;
  let started = false;
  let stopping = false;
  let running: Promise<void> | null = null;
  let wanted = false;
  let log: EncoderLog | null = null;
  let exclusive: Parameters<PhotoEncoder['start']>[0]['exclusive'] = async (_key, task) => {
    await task();
    return true;
  };

  async function encodePending(): Promise<number> {
    let encoded = 0;
    // A cursor, so that a photo whose files are gone (removed meanwhile) is passed over, not retried forever.
    let after = '';
    for (;;) {
      if (stopping) break;
      const rows = await db
        .select({ key: productImages.storageKey, productId: productImages.productId })
        .from(productImages)
        .where(and(eq(productImages.avif, false), gt(productImages.storageKey, after)))
        .orderBy(asc(productImages.storageKey))
        .limit(BATCH);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.key;
      const done: typeof rows = [];
      for (const row of rows) if (await media.addAvif(row.key)) done.push(row);
      if (done.length === 0) continue;
      await db
        .update(productImages)
        .set({ avif: true })
        .where(
          inArray(
            productImages.storageKey,
            done.map((row) => row.key),
          ),
        );
      changes.publish([...new Set(done.map((row) => row.productId))]);
      encoded += done.length;
    }
    return encoded;
  }

  function wake(): void {
    if (!started) return;
    if (running) {
      wanted = true;
      return;
    }
    running = (async () => {
      do {
        wanted = false;
        const ran = await exclusive(PHOTO_ENCODER_LOCK_KEY, async () => {
          const encoded = await encodePending();
          if (encoded > 0) log?.info(`photos: AVIF renditions made for ${encoded} photos`);
        });
        // Another instance is encoding; its round may have passed our new photos already: look again later.
        if (!ran) setTimeout(wake, RETRY_MS).unref();
      } while (wanted && started);
    })()
      .catch((error: unknown) => log?.error({ err: error }, 'AVIF renditions could not be made'))
      .finally(() => {
        running = null;
      });
  }

  return {
    encodePending,
    start(options) {
      log = options.log;
      exclusive = options.exclusive;
      started = true;
      stopping = false;
      wake();
    },
    wake,
    async stop() {
      started = false;
      stopping = true;
      await running;
    },
  };
}
