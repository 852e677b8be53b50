import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { userAddresses } from './tables.js';

export type AddressRow = typeof userAddresses.$inferSelect;
export type AddressValues = Omit<typeof userAddresses.$inferInsert, 'id' | 'userId' | 'isDefault' | 'createdAt'>;

const own = (userId: string, addressId: string) => and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId));

/** The shoppers with an address of this 10-digit mobile, as a subquery another domain's query may filter by. */
export const userIdsWithAddressPhone = (phone: string): SQL => sql`select user_id from ${userAddresses} where phone = ${phone}`;

/** A shopper's addresses, the default first, then the newest. */

export function addressesOf(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt));
}

// Every order reads its address: built once (db/statements.ts).
const addressStatement = statement('address_of_user', (db, name) =>
  db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, sql.placeholder('addressId')), eq(userAddresses.userId, sql.placeholder('userId'))))
    .prepare(name),
);

/** One of a shopper's addresses (undefined for another shopper's), in the caller's transaction. */
export async function addressOf(db: Db, userId: string, addressId: string): Promise<AddressRow | undefined> {
  const [row] = await addressStatement(db, { userId, addressId });
  return row;
}

export async function hasAddress(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: userAddresses.id }).from(userAddresses).where(eq(userAddresses.userId, userId)).limit(1);
  return rows.length > 0;
}

export async function insertAddress(db: Db, userId: string, values: AddressValues, isDefault: boolean): Promise<AddressRow> {
  const [row] = await db
    .insert(userAddresses)
    .values({ ...values, userId, isDefault })
    .returning();
  return row!;
}

export async function updateAddress(db: Db, userId: string, addressId: string, values: AddressValues): Promise<AddressRow | undefined> {
  const [row] = await db.update(userAddresses).set(values).where(own(userId, addressId)).returning();
  return row;
}

export async function deleteAddress(db: Db, userId: string, addressId: string): Promise<AddressRow | undefined> {
  const [row] = await db.delete(userAddresses).where(own(userId, addressId)).returning();
  return row;
}

/** Makes one of a shopper's addresses her default (and no other); her newest when `addressId` is null. */
export async function makeDefault(db: Db, userId: string, addressId: string | null): Promise<AddressRow | undefined> {
  const [target] =
    addressId === null
      ? await db
          .select({ id: userAddresses.id })
          .from(userAddresses)
          .where(eq(userAddresses.userId, userId))
          .orderBy(desc(userAddresses.createdAt))
          .limit(1)
      : await db.select({ id: userAddresses.id }).from(userAddresses).where(own(userId, addressId));
  if (!target) return undefined;
  await db
    .update(userAddresses)
    .set({ isDefault: false })
    .where(and(eq(userAddresses.userId, userId), ne(userAddresses.id, target.id)));
  const [row] = await db.update(userAddresses).set({ isDefault: true }).where(own(userId, target.id)).returning();
  return row;
}
