import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  AppError,
  DEFAULT_IMAGE_WIDTH,
  MAX_REVIEW_PHOTOS,
  REVIEW_NOT_RECEIVED,
  REVIEW_PHOTOS_FIELD,
  TOO_MANY_REVIEW_PHOTOS,
  REVIEWS_PAGE_SIZE,
  averageRating,
  isUuid,
  mediaSrcset,
  mediaUrl,
  publicMediaUrl,
  type AddReviewInput,
  type AdminReview,
  type AdminReviewQuery,
  type MyReview,
  type ProductReviews,
  type Rating,
  type Review,
  type ReviewSort,
} from '@shop/core';
import { usersByIds } from '../accounts/queries.js';
import { recordAudit, requireOwner, type AuditActor } from '../audit/service.js';
import { productNames } from '../catalogue/queries.js';
import type { CatalogueChanges } from '../catalogue/changes.js';
import type { Db } from '../db/database.js';
import type { MediaStore, StoredImage } from '../media/store.js';
import type { NotificationService } from '../notifications/service.js';
import { hasReceived } from '../orders/queries.js';
import {
  addHelpfulVote,
  movePhoto,
  photoHash,
  photosOf,
  ratingsOf,
  replaceReviewPhotos,
  reviewById,
  reviewOf,
  reviewPage,
  setReviewHidden,
  setReviewReply,
  starCounts,
  upsertReview,
  visibleReviews,
  type ReviewPhotoRow,
  type ReviewRow,
} from './queries.js';

// Reviews (issue 28): only a shopper who received a product reviews it, once, editable; the product page shows
// the visible ones and their stars; the owner hides one with a reason (the shopper is told, audited) or replies.

/** 'Asha R.': a first name and the initial of the last, as the storefront shows a reviewer. */
export function reviewerName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const initial = rest.at(-1)?.[0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first || 'A shopper';
}

const toReview = (row: ReviewRow, author: string, photos: readonly ReviewPhotoRow[], mediaBase: string): Review => ({
  _id: row.id,
  productId: row.productId,
  rating: row.rating,
  title: row.title,
  text: row.text,
  author,
  verifiedPurchase: true,
  helpfulCount: row.helpfulCount,
  photos: photos.map((photo) => ({
    _id: photo.id,
    url: publicMediaUrl(photo.url, mediaBase),
    srcset: mediaSrcset(photo.storageKey, 'webp', mediaBase),
    width: photo.width,
    height: photo.height,
  })),
  reply: row.reply,
  repliedAt: row.repliedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const REVIEW_NOT_FOUND = 'Review not found';
/** Where a hidden review's photos are kept: a folder of a random name no page ever showed (ADR 021). */
const HIDDEN_FOLDER = 'hidden-';
const tooManyPhotos = () =>
  new AppError('INVALID_DATA', `${REVIEW_PHOTOS_FIELD}: ${TOO_MANY_REVIEW_PHOTOS}`, { [REVIEW_PHOTOS_FIELD]: TOO_MANY_REVIEW_PHOTOS });

export function createReviewsService(
  db: Db,
  deps: { now: () => Date; notifications: NotificationService; changes: CatalogueChanges; media: MediaStore },
) {
  const { now, media } = deps;

  /** The reviews with their photos, as answers carry them, under the names their authors show. */
  async function shown<Row extends ReviewRow>(rows: Row[]): Promise<Array<{ row: Row; review: Review }>> {
    const ids = rows.map((row) => row.id);
    const [people, photos] = await Promise.all([
      usersByIds(
        db,
        rows.map((row) => row.userId),
      ),
      photosOf(db, ids),
    ]);
    return rows.map((row) => ({
      row,
      review: toReview(row, reviewerName(people.get(row.userId)?.name ?? ''), photos.get(row.id) ?? [], media.baseUrl),
    }));
  }

  async function withAuthors(rows: ReviewRow[]): Promise<Review[]> {
    return (await shown(rows)).map(({ review }) => review);
  }

  /**
   * Stores a review's new photos, each checked by content first (one bad file stores nothing), in the product
   * photos' WebP widths under the review's own folder; the same photo twice is stored once. When one cannot be
   * stored (it does not decode, no decode slot is free), those stored before it go, but for files her review uses.
   */
  async function storePhotos(reviewId: string, files: readonly Uint8Array[]): Promise<StoredImage[]> {
    const buffers = files.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const stored: StoredImage[] = [];
    try {
      for (const bytes of buffers) await media.inspectImage(bytes);
      for (const bytes of buffers) {
        const image = await media.saveImage(bytes, `review-${reviewId}`);
        if (!stored.some((other) => other.key === image.key)) stored.push(image);
      }
    } catch (error) {
      const used = new Set(((await photosOf(db, [reviewId])).get(reviewId) ?? []).map((photo) => photo.storageKey));
      await Promise.all(stored.filter((image) => !used.has(image.key)).map((image) => media.remove(image.key)));
      // Said beside the form's file input.
      if (error instanceof AppError)
        throw new AppError(
          error.code,
          `${REVIEW_PHOTOS_FIELD}: ${error.message}`,
          { [REVIEW_PHOTOS_FIELD]: error.message },
          error.retryAfterSeconds,
        );
      throw error;
    }
    return stored;
  }

  /**
   * In a transaction holding the review's row: puts each of its photos where the review's state wants it, under
   * `review-<id>/` while it is shown, under `hidden-<random>/` while it is hidden, so that neither /media nor a public
   * bucket or CDN serves it at a name a page showed (ADR 021). Copies the files, records the new key, and answers the
   * keys whose files go once the transaction commits: for a hidden review, the shown names of all its photos too, so
   * a hide repeated after a failed removal finishes it.
   */
  async function placePhotos(tx: Db, review: ReviewRow): Promise<string[]> {
    const hidden = review.hiddenAt !== null;
    const folder = hidden ? `${HIDDEN_FOLDER}${randomBytes(16).toString('hex')}` : `review-${review.id}`;
    const gone = new Set<string>();
    for (const photo of (await photosOf(tx, [review.id])).get(review.id) ?? []) {
      if (photo.storageKey.startsWith(HIDDEN_FOLDER) !== hidden) {
        const key = `${folder}/${photoHash(photo.storageKey)}`;
        if (await media.copyImage(photo.storageKey, key)) {
          await movePhoto(tx, photo.id, { storageKey: key, url: mediaUrl(key, DEFAULT_IMAGE_WIDTH) });
          gone.add(photo.storageKey);
        }
      }
      if (hidden) gone.add(`review-${review.id}/${photoHash(photo.storageKey)}`);
    }
    return [...gone];
  }

  async function existing(reviewId: string): Promise<ReviewRow> {
    const row = isUuid(reviewId) ? await reviewById(db, reviewId) : undefined;
    if (!row) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    return row;
  }

  return {
    /**
     * Her review of a product she received (403 otherwise), or her edit of the one she wrote; `photos` are added
     * after the ones she keeps (`input.removePhotos` names those she takes off, whose files go once it is saved),
     * at most MAX_REVIEW_PHOTOS in all (400 naming `photos`).
     */
    async add(userId: string, input: AddReviewInput, photos: readonly Uint8Array[] = []): Promise<{ review: Review; created: boolean }> {
      if (!(await productNames(db, [input.productId])).has(input.productId)) throw new AppError('NOT_FOUND', 'Product not found');
      if (!(await hasReceived(db, userId, input.productId))) throw new AppError('NOT_ALLOWED', REVIEW_NOT_RECEIVED);
      if (photos.length > MAX_REVIEW_PHOTOS) throw tooManyPhotos();
      const before = await reviewOf(db, userId, input.productId);
      const reviewId = before?.id ?? randomUUID();
      const removeIds = (input.removePhotos ?? []).filter(isUuid);
      const had = before ? ((await photosOf(db, [before.id])).get(before.id) ?? []) : [];
      // Refused before any photo is encoded; the transaction counts again.
      if (had.filter((photo) => !removeIds.includes(photo.id)).length + photos.length > MAX_REVIEW_PHOTOS) throw tooManyPhotos();
      const stored = await storePhotos(reviewId, photos);
      const at = now();
      let outcome: { row: ReviewRow; created: boolean; removed: ReviewPhotoRow[]; moved: string[] };
      try {
        outcome = await db.transaction(async (tx) => {
          const { rating, title, text, productId } = input;
          // The upsert locks her review's row: racing saves count its photos one after another (photos.pg.test.ts).
          const written = await upsertReview(tx, { id: reviewId, productId, userId, rating, title, text, at });
          const { removed, count } = await replaceReviewPhotos(
            tx,
            written.row.id,
            removeIds,
            stored.map((image) => ({ storageKey: image.key, url: image.url, width: image.width, height: image.height })),
            at,
          );
          if (count > MAX_REVIEW_PHOTOS) throw tooManyPhotos();
          // Her edit of a hidden review: its new photos go under the hidden folder too.
          return { ...written, removed, moved: await placePhotos(tx, written.row) };
        });
      } catch (error) {
        // Nothing was recorded: the files written for it go too (those of photos she already had stay).
        const still = new Set(((await photosOf(db, [reviewId])).get(reviewId) ?? []).map((photo) => photo.storageKey));
        await Promise.all(stored.filter((image) => !still.has(image.key)).map((image) => media.remove(image.key)));
        throw error;
      }
      const kept = new Set(stored.map((image) => image.key));
      const gone = [...outcome.removed.map((photo) => photo.storageKey).filter((key) => !kept.has(key)), ...outcome.moved];
      await Promise.all([...new Set(gone)].map((key) => media.remove(key)));
      // The product's stars changed: the storefront's caches of it go.
      deps.changes.publish([input.productId]);
      const [review] = await withAuthors([outcome.row]);
      return { review: review!, created: outcome.created };
    },

    /**
     * Whether she may review the product (she received it), her review when she wrote one (to edit it), and, when
     * the owner hid it, since when and why (the product page tells her: issue 38).
     */
    async mine(userId: string, productId: string): Promise<MyReview> {
      if (!isUuid(productId)) return { canReview: false, review: null, hidden: null };
      const [received, row] = await Promise.all([hasReceived(db, userId, productId), reviewOf(db, userId, productId)]);
      const [review] = row ? await withAuthors([row]) : [];
      const hidden = row?.hiddenAt ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? '' } : null;
      return { canReview: received, review: review ?? null, hidden };
    },

    /** GET /api/user/review/getProductReviews/{productId}: a page of its visible reviews and its stars. */
    async forProduct(productId: string, query: { page?: number | undefined; sort?: ReviewSort | undefined }): Promise<ProductReviews> {
      if (!isUuid(productId) || !(await productNames(db, [productId])).has(productId)) throw new AppError('NOT_FOUND', 'Product not found');
      const page = query.page ?? 1;
      const [rows, stars] = await Promise.all([visibleReviews(db, productId, query.sort ?? 'recent', page), starCounts(db, productId)]);
      const byStars = { 1: stars.get(1) ?? 0, 2: stars.get(2) ?? 0, 3: stars.get(3) ?? 0, 4: stars.get(4) ?? 0, 5: stars.get(5) ?? 0 };
      const count = Object.values(byStars).reduce((sum, n) => sum + n, 0);
      const sum = Object.entries(byStars).reduce((total, [star, n]) => total + Number(star) * n, 0);
      return {
        reviews: await withAuthors(rows),
        summary: { average: averageRating(sum, count), count, byStars },
        total: count,
        page,
        limit: REVIEWS_PAGE_SIZE,
      };
    },

    /** The stars of the given products, by product (products without reviews are left out). */
    async ratings(productIds: readonly string[]): Promise<Map<string, Rating>> {
      const sums = await ratingsOf(db, productIds);
      return new Map([...sums].map(([id, { sum, count }]) => [id, { average: averageRating(sum, count), count }]));
    },

    /** A shopper's tap on 'Helpful' (not on her own review); answers the review's count. */
    async markHelpful(userId: string, reviewId: string): Promise<number> {
      const row = await existing(reviewId);
      if (row.hiddenAt) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
      if (row.userId === userId) throw new AppError('NOT_ALLOWED', 'You cannot mark your own review helpful.');
      return addHelpfulVote(db, reviewId, userId);
    },

    /** The back-office's list, newest first. */
    async list(query: AdminReviewQuery): Promise<{ reviews: AdminReview[]; total: number; page: number; limit: number }> {
      const page = query.page ?? 1;
      const { rows, total } = await reviewPage(db, query.status ?? 'all', ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
      const [people, names] = await Promise.all([
        usersByIds(
          db,
          rows.map((row) => row.userId),
        ),
        productNames(
          db,
          rows.map((row) => row.productId),
        ),
      ]);
      const reviews = await shown(rows);
      return {
        reviews: reviews.map(({ row, review }) => ({
          ...review,
          productName: names.get(row.productId) ?? '',
          userId: row.userId,
          userEmail: people.get(row.userId)?.email ?? '',
          hiddenAt: row.hiddenAt?.toISOString() ?? null,
          hiddenReason: row.hiddenReason,
        })),
        total,
        page,
        limit: ADMIN_PAGE_SIZE,
      };
    },

    /**
     * Takes a review off the product page with the owner's reason, its photos off their names (placePhotos); the
     * shopper is told why; audited.
     */
    async hide(actor: AuditActor, reviewId: string, reason: string): Promise<void> {
      requireOwner(actor);
      const before = await existing(reviewId);
      const at = now();
      const gone = await db.transaction(async (tx) => {
        const row = await setReviewHidden(tx, reviewId, { at, reason });
        await recordAudit(
          tx,
          actor,
          {
            action: 'review.hide',
            entity: 'review',
            entityId: reviewId,
            before: { hidden: before.hiddenAt !== null },
            after: { hidden: true, reason },
          },
          at,
        );
        if (!before.hiddenAt) {
          const names = await productNames(tx, [before.productId]);
          await deps.notifications.create(
            before.userId,
            {
              title: 'Your review was hidden',
              body: `Your review “${before.title}” of ${names.get(before.productId) ?? 'a product'} is no longer shown: ${reason}`,
              link: null,
            },
            tx,
          );
        }
        return row ? placePhotos(tx, row) : [];
      });
      await Promise.all(gone.map((key) => media.remove(key)));
      deps.changes.publish([before.productId]);
    },

    /**
     * Shows a hidden review again, back in the product's stars, its photos back under its folder; audited (nothing
     * changes for a visible one).
     */
    async unhide(actor: AuditActor, reviewId: string): Promise<void> {
      requireOwner(actor);
      const before = await existing(reviewId);
      if (!before.hiddenAt) return;
      const at = now();
      const gone = await db.transaction(async (tx) => {
        const row = await setReviewHidden(tx, reviewId, null);
        await recordAudit(
          tx,
          actor,
          {
            action: 'review.unhide',
            entity: 'review',
            entityId: reviewId,
            before: { hidden: true, reason: before.hiddenReason },
            after: { hidden: false },
          },
          at,
        );
        return row ? placePhotos(tx, row) : [];
      });
      await Promise.all(gone.map((key) => media.remove(key)));
      deps.changes.publish([before.productId]);
    },

    /** The shop's public answer under a review ('' takes it down); audited. */
    async reply(actor: AuditActor, reviewId: string, reply: string): Promise<void> {
      requireOwner(actor);
      const before = await existing(reviewId);
      const at = now();
      await db.transaction(async (tx) => {
        await setReviewReply(tx, reviewId, reply, at);
        await recordAudit(
          tx,
          actor,
          { action: 'review.reply', entity: 'review', entityId: reviewId, before: { reply: before.reply }, after: { reply } },
          at,
        );
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
