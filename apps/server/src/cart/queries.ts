import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { lineDetails, lineKey, type LineDetailRow } from '../catalogue/queries.js';
import type { Db } from '../db/database.js';
import { advisoryLock, sqlStatement, statement } from '../db/statements.js';
import { cartCoupons, cartLines } from './tables.js';

/** A cart line with what pricing and the cart page need of its product and, when it has one still live, its variant. */
export type CartLineRow = { line_id: string; quantity: number } & LineDetailRow;

/**
 * The shopper's lines, oldest first, with their product, live variant, category and photo: the first of the line's
 * colour when the product has one (issue 28), else the product's first. An order's items keep this photo.
 */
export async function cartLineRows(db: Db, userId: string): Promise<CartLineRow[]> {
  const lines = await linesStatement(db, { userId });
  const details = await lineDetails(db, lines);
  return lines.flatMap((line) => {
    const detail = details.get(lineKey(line.productId, line.variantId));
    return detail ? [{ line_id: line.id, quantity: line.quantity, ...detail }] : [];
  });
}

// Every add to the cart and every order runs these: built once (db/statements.ts).
const linesStatement = statement('cart_lines_of_user', (db, name) =>
  db
    .select({ id: cartLines.id, quantity: cartLines.quantity, productId: cartLines.productId, variantId: cartLines.variantId })
    .from(cartLines)
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id))
    .prepare(name),
);
// A line of a product and variant, or of a product without variants (variant_id null).
const lineWhere = (withVariant: boolean) =>
  and(
    eq(cartLines.userId, sql.placeholder('userId')),
    eq(cartLines.productId, sql.placeholder('productId')),
    withVariant ? eq(cartLines.variantId, sql.placeholder('variantId')) : isNull(cartLines.variantId),
  );
const lineOfVariant = statement('cart_line_of_variant', (db, name) => db.select().from(cartLines).where(lineWhere(true)).prepare(name));
const lineOfProduct = statement('cart_line_of_product', (db, name) => db.select().from(cartLines).where(lineWhere(false)).prepare(name));
const deleteLineOfVariant = statement('cart_line_delete_variant', (db, name) =>
  db.delete(cartLines).where(lineWhere(true)).returning({ id: cartLines.id }).prepare(name),
);
const deleteLineOfProduct = statement('cart_line_delete_product', (db, name) =>
  db.delete(cartLines).where(lineWhere(false)).returning({ id: cartLines.id }).prepare(name),
);
// A new line goes in only while the cart has room: the count is the insert's own condition, no read before it.
const insertLineStatement = sqlStatement<
  { id: string },
  { userId: string; productId: string; variantId: string | null; quantity: number; at: Date; maxLines: number }
>(
  'cart_line_insert',
  sql`insert into ${cartLines} (user_id, product_id, variant_id, quantity, created_at, updated_at)
      select ${sql.placeholder('userId')}::uuid, ${sql.placeholder('productId')}::uuid, ${sql.placeholder('variantId')}::uuid,
        ${sql.placeholder('quantity')}::int, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('at')}::timestamptz
      where (select count(*) from ${cartLines} where user_id = ${sql.placeholder('userId')}::uuid) < ${sql.placeholder('maxLines')}::int
      returning id`,
);

/**
 * One change to a shopper's cart at a time: every writer of her lines takes this lock first, so two tabs adding
 * at once can neither both pass the stock check nor both take the last of the MAX_CART_LINES places.
 */
export async function lockCart(tx: Db, userId: string): Promise<void> {
  await advisoryLock(tx, `cart:${userId}`);
}

/** The shopper's line of a product (and variant), or undefined. */
export async function cartLineOf(db: Db, userId: string, productId: string, variantId: string | undefined) {
  const [row] = variantId ? await lineOfVariant(db, { userId, productId, variantId }) : await lineOfProduct(db, { userId, productId });
  return row;
}

/**
 * Sets the line's quantity, adding the line when it is not there (`lineId` null) and the cart holds fewer than
 * `maxLines` lines: whether it was written (false: a new line found the cart full). Call it holding lockCart, so
 * that two adds at once cannot both count the last free place.
 */
export async function saveCartLine(
  tx: Db,
  lineId: string | null,
  line: { userId: string; productId: string; variantId: string | null; quantity: number },
  at: Date,
  maxLines: number,
): Promise<boolean> {
  if (lineId) {
    await tx.update(cartLines).set({ quantity: line.quantity, updatedAt: at }).where(eq(cartLines.id, lineId));
    return true;
  }
  return (await insertLineStatement(tx, { ...line, at, maxLines })).length > 0;
}

/** Removes the shopper's line of a product (and variant): whether there was one. */
export async function deleteCartLine(db: Db, userId: string, productId: string, variantId: string | undefined | null): Promise<boolean> {
  const removed = variantId
    ? await deleteLineOfVariant(db, { userId, productId, variantId })
    : await deleteLineOfProduct(db, { userId, productId });
  return removed.length > 0;
}

// Issue 41: the code on a shopper's bag (one at most), priced afresh each time by promotions.

/** The code on her bag, or null. */
export async function bagCode(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: cartCoupons.code }).from(cartCoupons).where(eq(cartCoupons.userId, userId));
  return row?.code ?? null;
}

export async function setBagCode(db: Db, userId: string, code: string, at: Date): Promise<void> {
  await db
    .insert(cartCoupons)
    .values({ userId, code, appliedAt: at })
    .onConflictDoUpdate({ target: cartCoupons.userId, set: { code, appliedAt: at } });
}

/** Takes the code off her bag (only `code` when given: a paid order clears the code it used, not one applied since). */
export async function clearBagCode(db: Db, userId: string, code?: string): Promise<void> {
  await db.delete(cartCoupons).where(and(eq(cartCoupons.userId, userId), code === undefined ? undefined : eq(cartCoupons.code, code)));
}
