import { addressInputSchema, type Address, type AddressInput, AppError } from '@shop/core';
import type { Db } from '../db/database.js';
import { addressesOf, deleteAddress, hasAddress, insertAddress, makeDefault, updateAddress, type AddressRow } from './queries.js';

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
  return {
    /** The default address first, then the newest. */
    async list(userId: string): Promise<Address[]> {
      return (await addressesOf(db, userId)).map(toAddress);
    },

    /** Adds an address; a shopper's first address becomes the default. */
    async add(userId: string, input: AddressInput): Promise<Address> {
      const values = addressInputSchema.parse(input);
      return db.transaction(async (tx) => toAddress(await insertAddress(tx, userId, values, !(await hasAddress(tx, userId)))));
    },

    async update(userId: string, addressId: string, input: AddressInput): Promise<Address> {
      const values = addressInputSchema.parse(input);
      const row = await updateAddress(db, userId, addressId, values);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toAddress(row);
    },

    /** Deletes an address; when it was the default, the newest remaining one takes its place. */
    async remove(userId: string, addressId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteAddress(tx, userId, addressId);
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (row.isDefault) await makeDefault(tx, userId, null);
      });
    },

    async setDefault(userId: string, addressId: string): Promise<Address> {
      return db.transaction(async (tx) => {
        const row = await makeDefault(tx, userId, addressId);
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        return toAddress(row);
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
