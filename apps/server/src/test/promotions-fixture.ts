import { randomUUID } from 'node:crypto';
import { categories } from '../catalogue/tables.js';
import type { Db } from '../db/database.js';
import { coupons, offers } from '../promotions/tables.js';

// Coupons and offers written straight to their tables (the back-office that creates them is another branch's), for
// the bag, checkout and order tests of issue 41.

let counter = 0;

/** A coupon: 10 % off, no limits, unless told otherwise. Answers its row. */
export async function insertCoupon(db: Db, values: Partial<typeof coupons.$inferInsert> = {}) {
  const code =
    values.code ??
    `TEST${++counter}${randomUUID()
      .slice(0, 6)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')}`;
  const [row] = await db
    .insert(coupons)
    .values({ kind: 'percent', value: 10, ...values, code })
    .returning();
  return row!;
}

/** An automatic offer; `order_flat` ₹200 off from ₹2,000 unless told otherwise. */
export async function insertOffer(db: Db, values: Partial<typeof offers.$inferInsert> = {}) {
  const [row] = await db
    .insert(offers)
    .values({ name: '₹200 off above ₹2,000', kind: 'order_flat', minOrderPaise: 2_00_000, flatPaise: 20_000, ...values })
    .returning();
  return row!;
}

/** A category of its own, for category-limited codes and offers. */
export async function insertCategory(db: Db, name = `Kurtis ${++counter} ${randomUUID().slice(0, 4)}`) {
  const [row] = await db
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), style: 'traditional', hsnCode: '6211' })
    .returning();
  return row!.id;
}
