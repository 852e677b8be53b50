import { REVIEWS_PAGE_SIZE, type ReviewSort } from '@shop/core';
import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../db/database.js';
import { productReviews, reviewHelpfulVotes } from './tables.js';

// The SQL of reviews: a shopper's one review per product, the product page's visible reviews and stars, the
// back-office's list, and helpful taps.

export type ReviewRow = typeof productReviews.$inferSelect;

/**
 * The stars of the product `productId` names (an SQL expression of the caller's query, e.g. p.id), as a column for
 * another domain's query: `{ "sum": …, "count": … }` of its visible reviews.
 */
export const productRatingColumn = (productId: SQL): SQL =>
  sql`(select json_build_object('sum', coalesce(sum(r.rating), 0), 'count', count(*)) from ${productReviews} r
       where r.product_id = ${productId} and r.hidden_at is null)`;

/** Writes her review, or her edit of the one she wrote (the same row); answers it and whether it is new. */
export async function upsertReview(
  db: Db,
  values: { productId: string; userId: string; rating: number; title: string; text: string; at: Date },
): Promise<{ row: ReviewRow; created: boolean }> {
  const [written] = await selectRows<{ id: string; created: boolean }>(
    db,
    sql`insert into ${productReviews} (product_id, user_id, rating, title, text, created_at, updated_at)
        values (${values.productId}, ${values.userId}, ${values.rating}, ${values.title}, ${values.text}, ${values.at}, ${values.at})
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
