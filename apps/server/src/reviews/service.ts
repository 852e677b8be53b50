import {
  ADMIN_PAGE_SIZE,
  AppError,
  REVIEW_NOT_RECEIVED,
  REVIEWS_PAGE_SIZE,
  averageRating,
  isUuid,
  type AddReviewInput,
  type AdminReview,
  type AdminReviewQuery,
  type ProductReviews,
  type Rating,
  type Review,
  type ReviewSort,
} from '@shop/core';
import { usersByIds } from '../accounts/queries.js';
import { recordAudit, type AuditActor } from '../audit/service.js';
import { productNames } from '../catalogue/queries.js';
import type { CatalogueChanges } from '../catalogue/changes.js';
import type { Db } from '../db/database.js';
import type { NotificationService } from '../notifications/service.js';
import { hasReceived } from '../orders/queries.js';
import {
  addHelpfulVote,
  ratingsOf,
  reviewById,
  reviewOf,
  reviewPage,
  setReviewHidden,
  setReviewReply,
  starCounts,
  upsertReview,
  visibleReviews,
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

const toReview = (row: ReviewRow, author: string): Review => ({
  _id: row.id,
  productId: row.productId,
  rating: row.rating,
  title: row.title,
  text: row.text,
  author,
  verifiedPurchase: true,
  helpfulCount: row.helpfulCount,
  reply: row.reply,
  repliedAt: row.repliedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const REVIEW_NOT_FOUND = 'Review not found';

export function createReviewsService(db: Db, deps: { now: () => Date; notifications: NotificationService; changes: CatalogueChanges }) {
  const { now } = deps;

  async function withAuthors(rows: ReviewRow[]): Promise<Review[]> {
    const people = await usersByIds(
      db,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => toReview(row, reviewerName(people.get(row.userId)?.name ?? '')));
  }

  async function existing(reviewId: string): Promise<ReviewRow> {
    const row = isUuid(reviewId) ? await reviewById(db, reviewId) : undefined;
    if (!row) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND);
    return row;
  }

  return {
    /** Her review of a product she received (403 otherwise), or her edit of the one she wrote. */
    async add(userId: string, input: AddReviewInput): Promise<{ review: Review; created: boolean }> {
      if (!(await productNames(db, [input.productId])).has(input.productId)) throw new AppError('NOT_FOUND', 'Product not found');
      if (!(await hasReceived(db, userId, input.productId))) throw new AppError('NOT_ALLOWED', REVIEW_NOT_RECEIVED);
      const { row, created } = await upsertReview(db, { ...input, userId, at: now() });
      // The product's stars changed: the storefront's caches of it go.
      deps.changes.publish([input.productId]);
      const [review] = await withAuthors([row]);
      return { review: review!, created };
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
      return {
        reviews: rows.map((row) => ({
          ...toReview(row, reviewerName(people.get(row.userId)?.name ?? '')),
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

    /** The shop's public answer under a review ('' takes it down); audited. */
    async reply(actor: AuditActor, reviewId: string, reply: string): Promise<void> {
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
