import { MAX_REVIEW_PHOTOS, REVIEWS_PAGE_SIZE, type ReviewSort } from '@shop/core';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';
import { productReviews, reviewHelpfulVotes, reviewPhotos } from './tables.js';

// The SQL of reviews: a shopper's one review per product, the product page's visible reviews and stars, the
// back-office's list, and helpful taps.

export type ReviewRow = typeof productReviews.$inferSelect;
export type ReviewPhotoRow = typeof reviewPhotos.$inferSelect;

/**
 * The stars of the product `productId` names (an SQL expression of the caller's query, e.g. p.id), as a column for
 * another domain's query: `{ "sum": …, "count": … }` of its visible reviews.
 */
export const productRatingColumn = (productId: SQL): SQL =>
  sql`(select json_build_object('sum', coalesce(sum(r.rating), 0), 'count', count(*)) from ${productReviews} r
       where r.product_id = ${productId} and r.hidden_at is null)`;

/**
 * Writes her review (with the id `id`), or her edit of the one she wrote (the same row, its id kept); answers it and
 * whether it is new.
 */
export async function upsertReview(
  db: Db,
  values: { id: string; productId: string; userId: string; rating: number; title: string; text: string; at: Date },
): Promise<{ row: ReviewRow; created: boolean }> {
  const [written] = await selectRows<{ id: string; created: boolean }>(
    db,
    sql`insert into ${productReviews} (id, product_id, user_id, rating, title, text, created_at, updated_at)
        values (${values.id}, ${values.productId}, ${values.userId}, ${values.rating}, ${values.title}, ${values.text}, ${values.at}, ${values.at})
        on conflict (product_id, user_id) do update set rating = excluded.rating, title = excluded.title, text = excluded.text,
          updated_at = excluded.updated_at
        returning id, (xmax = 0) as created`,
  );
  const [row] = await db.select().from(productReviews).where(eq(productReviews.id, written!.id));
  return { row: row!, created: Boolean(written!.created) };
}

/** Her review of a product, if she wrote one. */
export async function reviewOf(db: Db, userId: string, productId: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
  return row;
}

export async function reviewById(db: Db, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(productReviews).where(eq(productReviews.id, reviewId));
  return row;
}

const visibleOf = (productId: string): SQL => and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt))!;

/** A page of a product's visible reviews: newest first, or most helpful (then newest). */
export function visibleReviews(db: Db, productId: string, sort: ReviewSort, page: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(productReviews)
    .where(visibleOf(productId))
    .orderBy(...(sort === 'helpful' ? [desc(productReviews.helpfulCount)] : []), desc(productReviews.createdAt), desc(productReviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
}

/** How many visible reviews of each star a product has. */
export async function starCounts(db: Db, productId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ rating: productReviews.rating, n: sql<number>`count(*)::int` })
    .from(productReviews)
    .where(visibleOf(productId))
    .groupBy(productReviews.rating);
  return new Map(rows.map((row) => [Number(row.rating), Number(row.n)]));
}

/** The stars of the given products (visible reviews): their sum and count, by product; products without any are left out. */
export async function ratingsOf(db: Db, productIds: readonly string[]): Promise<Map<string, { sum: number; count: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productReviews.productId,
      sum: sql<number>`sum(${productReviews.rating})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(productReviews)
    .where(and(inArray(productReviews.productId, [...new Set(productIds)]), isNull(productReviews.hiddenAt)))
    .groupBy(productReviews.productId);
  return new Map(rows.map((row) => [row.productId, { sum: Number(row.sum), count: Number(row.count) }]));
}

/** A tap on 'Helpful' (once per shopper), and the review's count after it. */
export async function addHelpfulVote(db: Db, reviewId: string, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.insert(reviewHelpfulVotes).values({ reviewId, userId }).onConflictDoNothing();
    const [row] = await tx
      .update(productReviews)
      .set({ helpfulCount: sql`(select count(*)::int from ${reviewHelpfulVotes} where review_id = ${reviewId})` })
      .where(eq(productReviews.id, reviewId))
      .returning({ helpfulCount: productReviews.helpfulCount });
    return row?.helpfulCount ?? 0;
  });
}

/** The back-office's list: newest first; all, only visible, or only hidden. */
export async function reviewPage(
  db: Db,
  status: 'all' | 'visible' | 'hidden',
  limit: number,
  offset: number,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where =
    status === 'hidden' ? isNotNull(productReviews.hiddenAt) : status === 'visible' ? isNull(productReviews.hiddenAt) : sql`true`;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(productReviews)
      .where(where)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productReviews)
      .where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Hides a review with the owner's reason, or shows it again (reason null). */
export async function setReviewHidden(
  db: Db,
  reviewId: string,
  hidden: { at: Date; reason: string } | null,
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(productReviews)
    .set(hidden ? { hiddenAt: hidden.at, hiddenReason: hidden.reason } : { hiddenAt: null, hiddenReason: null })
    .where(eq(productReviews.id, reviewId))
    .returning();
  return row;
}

/** The shop's public answer to a review ('' takes it down). */
export async function setReviewReply(db: Db, reviewId: string, reply: string, at: Date): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(productReviews)
    .set(reply ? { reply, repliedAt: at } : { reply: null, repliedAt: null })
    .where(eq(productReviews.id, reviewId))
    .returning();
  return row;
}

/** The content hash a photo's storage key ends with (`<folder>/<hash>`). */
export const photoHash = (storageKey: string) => storageKey.slice(storageKey.indexOf('/') + 1);

/** Records where a review photo's files are now (another folder: ADR 021). */
export async function movePhoto(tx: Db, photoId: string, place: { storageKey: string; url: string }): Promise<void> {
  await tx.update(reviewPhotos).set(place).where(eq(reviewPhotos.id, photoId));
}

/** The photos of the given reviews in their order, by review. */
export async function photosOf(db: Db, reviewIds: readonly string[]): Promise<Map<string, ReviewPhotoRow[]>> {
  const byReview = new Map<string, ReviewPhotoRow[]>();
  if (reviewIds.length === 0) return byReview;
  const rows = await db
    .select()
    .from(reviewPhotos)
    .where(inArray(reviewPhotos.reviewId, [...new Set(reviewIds)]))
    .orderBy(asc(reviewPhotos.position), asc(reviewPhotos.createdAt));
  for (const row of rows) byReview.set(row.reviewId, [...(byReview.get(row.reviewId) ?? []), row]);
  return byReview;
}

/**
 * Sets a review's photos: takes off those named in `removeIds` (answered, for their files to go), adds `added`
 * after the rest and numbers them 0…n-1. In the caller's transaction, which holds the review's row.
 */
export async function replaceReviewPhotos(
  tx: Db,
  reviewId: string,
  removeIds: readonly string[],
  added: ReadonlyArray<{ storageKey: string; url: string; width: number; height: number }>,
  at: Date,
): Promise<{ removed: ReviewPhotoRow[]; count: number }> {
  const removed =
    removeIds.length === 0
      ? []
      : await tx
          .delete(reviewPhotos)
          .where(and(eq(reviewPhotos.reviewId, reviewId), inArray(reviewPhotos.id, [...removeIds])))
          .returning();
  const kept = (await photosOf(tx, [reviewId])).get(reviewId) ?? [];
  // The same picture (its content hash) she has already, under the review's folder or a hidden one, is not added twice.
  const fresh = added.filter((photo) => !kept.some((row) => photoHash(row.storageKey) === photoHash(photo.storageKey)));
  const count = kept.length + fresh.length;
  // Positions stay within 0…2 (the table's check): the kept ones move up first, the new ones follow.
  for (const [position, row] of kept.entries()) {
    if (row.position !== position) await tx.update(reviewPhotos).set({ position }).where(eq(reviewPhotos.id, row.id));
  }
  if (fresh.length > 0 && count <= MAX_REVIEW_PHOTOS) {
    await tx
      .insert(reviewPhotos)
      .values(fresh.map((photo, index) => ({ ...photo, reviewId, position: kept.length + index, createdAt: at })));
  }
  return { removed, count };
}
