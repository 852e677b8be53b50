import { randomUUID } from 'node:crypto';
import {
  ADMIN_PAGE_SIZE,
  AppError,
  MAX_REVIEW_PHOTOS,
  REVIEW_NOT_RECEIVED,
  REVIEW_PHOTOS_FIELD,
  TOO_MANY_REVIEW_PHOTOS,
  REVIEWS_PAGE_SIZE,
  averageRating,
  isUuid,
  mediaSrcset,
  publicMediaUrl,
  type AddReviewInput,
  type AdminReview,
  type AdminReviewQuery,
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
   * photos' WebP widths under the review's own folder; the same photo twice is stored once.
   */
  async function storePhotos(reviewId: string, files: readonly Uint8Array[]): Promise<StoredImage[]> {
    const buffers = files.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    try {
      for (const bytes of buffers) await media.inspectImage(bytes);
    } catch (error) {
      // Said beside the form's file input.
      if (error instanceof AppError)
        throw new AppError(error.code, `${REVIEW_PHOTOS_FIELD}: ${error.message}`, { [REVIEW_PHOTOS_FIELD]: error.message });
      throw error;
    }
    const stored: StoredImage[] = [];
    for (const bytes of buffers) {
      const image = await media.saveImage(bytes, `review-${reviewId}`);
      if (!stored.some((other) => other.key === image.key)) stored.push(image);
    }
    return stored;
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
      let outcome: { row: ReviewRow; created: boolean; removed: ReviewPhotoRow[] };
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
          return { ...written, removed };
        });
      } catch (error) {
        // Nothing was recorded: the files written for it go too (those of photos she already had stay).
        const still = new Set(((await photosOf(db, [reviewId])).get(reviewId) ?? []).map((photo) => photo.storageKey));
        await Promise.all(stored.filter((image) => !still.has(image.key)).map((image) => media.remove(image.key)));
        throw error;
      }
      const kept = new Set(stored.map((image) => image.key));
      await Promise.all(outcome.removed.filter((photo) => !kept.has(photo.storageKey)).map((photo) => media.remove(photo.storageKey)));
      // The product's stars changed: the storefront's caches of it go.
      deps.changes.publish([input.productId]);
      const [review] = await withAuthors([outcome.row]);
      return { review: review!, created: outcome.created };
    },

    /** Whether she may review the product (she received it), and her review when she wrote one (to edit it). */
    async mine(userId: string, productId: string): Promise<{ canReview: boolean; review: Review | null }> {
      if (!isUuid(productId)) return { canReview: false, review: null };
      const [received, row] = await Promise.all([hasReceived(db, userId, productId), reviewOf(db, userId, productId)]);
      const [review] = row ? await withAuthors([row]) : [];
      return { canReview: received, review: review ?? null };
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

    /** Takes a review off the product page with the owner's reason; the shopper is told why; audited. */
    async hide(actor: AuditActor, reviewId: string, reason: string): Promise<void> {
      requireOwner(actor);
      const before = await existing(reviewId);
      const at = now();
      await db.transaction(async (tx) => {
        await setReviewHidden(tx, reviewId, { at, reason });
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
      });
      deps.changes.publish([before.productId]);
    },

    /** Shows a hidden review again, back in the product's stars; audited (nothing changes for a visible one). */
    async unhide(actor: AuditActor, reviewId: string): Promise<void> {
      requireOwner(actor);
      const before = await existing(reviewId);
      if (!before.hiddenAt) return;
      const at = now();
      await db.transaction(async (tx) => {
        await setReviewHidden(tx, reviewId, null);
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
      });
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
