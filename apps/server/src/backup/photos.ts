import { IMAGE_WIDTHS, MEDIA_PATH } from '@shop/core';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, selectRows, type Db } from '../db/database.js';
import type { MediaBackend } from '../media/backend.js';
import { createLocalBackend } from '../media/local-backend.js';
import { createS3Backend } from '../media/s3-backend.js';
import type { MediaStoreConfig } from '../media/store.js';
import type { BackupTarget } from './backup.js';

// After a restore, the photos the restored database names must be in the media store the shop will read: the
// archive's own (MEDIA_STORE=local) or a bucket restored with the store's tools (MEDIA_STORE=s3). A shop whose
// photos are missing looks whole in every check but its pages, so db:restore looks at each one.

/** How many of the database's photos to list by name when some are missing; the rest are counted. */
const LISTED = 20;
/** Objects asked about at once (one HEAD each on S3). */
const AT_ONCE = 16;

/** `/media/return-…/<hash>-640.webp` → `return-…/<hash>`; null for any other URL. */
const RENDITION_URL = new RegExp(`^${MEDIA_PATH}/(.+)-(?:${IMAGE_WIDTHS.join('|')})\\.(?:webp|avif)$`);

/**
 * Every stored photo the database names, by storage key: product photos (those deleted and still undoable too),
 * review photos and the photos of returns. Order lines and bills keep their own copy of a product photo's URL,
 * which may outlive the photo by design: they are not counted.
 */
export async function photoKeysOf(db: Db): Promise<string[]> {
  const rows = await selectRows<{ key: string; url: boolean }>(
    db,
    sql`select storage_key as key, false as url from product_images
        union select storage_key, false from deleted_product_images
        union select storage_key, false from review_photos
        union select photo, true from orders, unnest(return_photos) as photo`,
  );
  const keys = new Set<string>();
  for (const row of rows) {
    const key = row.url ? RENDITION_URL.exec(row.key)?.[1] : row.key;
    if (key) keys.add(key);
  }
  return [...keys].sort();
}

export interface PhotoCheck {
  total: number;
  /** Storage keys with a WebP rendition missing, in order. */
  missing: string[];
  /** Where the store is, for messages: 'DATA_DIR/media (/srv/shop/data/media)', 'the S3 bucket saanjh-photos'. */
  store: string;
}

export const describeStore = (media: MediaStoreConfig) =>
  media.kind === 'local' ? `the media folder ${media.root}` : `the S3 bucket ${media.bucket}`;

/** Looks for every WebP rendition of every key in the store; a photo is found when all of them are there. */
export async function checkPhotos(keys: readonly string[], media: MediaStoreConfig): Promise<PhotoCheck> {
  let backend: MediaBackend;
  let close = () => {};
  if (media.kind === 'local') backend = createLocalBackend(media.root);
  else {
    const s3 = createS3Backend(media);
    backend = s3;
    close = () => s3.close();
  }
  const missing = new Set<string>();
  const names = keys.flatMap((key) => IMAGE_WIDTHS.map((width) => ({ key, name: `${key}-${width}.webp` })));
  try {
    let next = 0;
    const worker = async () => {
      while (next < names.length) {
        const { key, name } = names[next++]!;
        if (!missing.has(key) && !(await backend.exists(name))) missing.add(key);
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  } finally {
    close();
  }
  return { total: keys.length, missing: keys.filter((key) => missing.has(key)), store: describeStore(media) };
}

/** The photos of the shop's database (DATABASE_URL, or the embedded one in DATA_DIR), looked for in `media`. */
export async function checkShopPhotos(target: Pick<BackupTarget, 'dataDir' | 'databaseUrl'>, media: MediaStoreConfig): Promise<PhotoCheck> {
  const database = target.databaseUrl ? await openPostgres(target.databaseUrl, { max: 1 }) : await openPglite(target.dataDir);
  let keys: string[];
  try {
    keys = await photoKeysOf(database.db);
  } finally {
    await database.close();
  }
  return checkPhotos(keys, media);
}

/** 'photos: 24 of 24 found' */
export const describePhotoCheck = (check: PhotoCheck) => `photos: ${check.total - check.missing.length} of ${check.total} found`;

/** The line a failed check ends with: how many are missing, where, and the first of them by name. */
export function describeMissing(check: PhotoCheck): string {
  const named = check.missing.slice(0, LISTED).join(', ');
  const more = check.missing.length > LISTED ? ` and ${check.missing.length - LISTED} more` : '';
  return `${describePhotoCheck(check)}; ${check.missing.length} missing from ${check.store}: ${named}${more}`;
}
