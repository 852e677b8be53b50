import { addressInputSchema, type Address, type AddressInput, AppError } from '@shop/core';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { userAddresses } from '../accounts/tables.js';

type AddressRow = typeof userAddresses.$inferSelect;

const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  name: row.name,
  phone: row.phone,
  street: row.street,
  city: row.city,
  district: row.district,
  state: row.state as Address['state'],
  pincode: row.pincode,
  isDefault: row.isDefault,
});

const NOT_FOUND = 'Address not found.';

/** A shopper's delivery addresses; every call is scoped to the owner, so another user's id is 'not found'. */
export function createAddressService(db: Db) {
  const own = (userId: string, addressId: string) => and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId));

  return {
    /** The default address first, then the newest. */
    async list(userId: string): Promise<Address[]> {
      const rows = await db
        .select()
        .from(userAddresses)
        .where(eq(userAddresses.userId, userId))
        .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt));
      return rows.map(toAddress);
    },

    /** Adds an address; a shopper's first address becomes the default. */
    async add(userId: string, input: AddressInput): Promise<Address> {
      const values = addressInputSchema.parse(input);
      return db.transaction(async (tx) => {
        const existing = await tx.select({ id: userAddresses.id }).from(userAddresses).where(eq(userAddresses.userId, userId)).limit(1);
        const [row] = await tx
          .insert(userAddresses)
          .values({ ...values, userId, isDefault: existing.length === 0 })
          .returning();
        return toAddress(row!);
      });
    },

    async update(userId: string, addressId: string, input: AddressInput): Promise<Address> {
      const values = addressInputSchema.parse(input);
      const [row] = await db.update(userAddresses).set(values).where(own(userId, addressId)).returning();
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toAddress(row);
    },

    /** Deletes an address; when it was the default, the newest remaining one takes its place. */
    async remove(userId: string, addressId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(userAddresses).where(own(userId, addressId)).returning();
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (!row.isDefault) return;
        const [next] = await tx
          .select({ id: userAddresses.id })
          .from(userAddresses)
          .where(eq(userAddresses.userId, userId))
          .orderBy(desc(userAddresses.createdAt))
          .limit(1);
        if (next) await tx.update(userAddresses).set({ isDefault: true }).where(eq(userAddresses.id, next.id));
      });
    },

    async setDefault(userId: string, addressId: string): Promise<Address> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select({ id: userAddresses.id }).from(userAddresses).where(own(userId, addressId));
        if (!target) throw new AppError('NOT_FOUND', NOT_FOUND);
        await tx
          .update(userAddresses)
          .set({ isDefault: false })
          .where(and(eq(userAddresses.userId, userId), ne(userAddresses.id, addressId)));
        const [row] = await tx.update(userAddresses).set({ isDefault: true }).where(own(userId, addressId)).returning();
        return toAddress(row!);
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
