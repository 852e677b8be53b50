import { addressInputSchema, type Address, type AddressInput, AppError, stateMismatch, unknownPincodeMessage } from '@shop/core';
import type { Db } from '../db/database.js';
import type { PincodeDirectory } from '../pincodes/directory.js';
import { addressesOf, deleteAddress, hasAddress, insertAddress, makeDefault, updateAddress, type AddressRow } from './queries.js';

/** An address-book row as the API shows it; an order keeps it (without isDefault) as its delivery address. */
export const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  name: row.name,
  phone: row.phone,
  street: row.street,
  landmark: row.landmark,
  city: row.city,
  district: row.district,
  state: row.state as Address['state'],
  pincode: row.pincode,
  addressType: row.addressType as Address['addressType'],
  isDefault: row.isDefault,
});

const NOT_FOUND = 'Address not found.';

/** A shopper's delivery addresses; every call is scoped to the owner, so another user's id is 'not found'. */
export function createAddressService(db: Db, pincodes: PincodeDirectory) {
  /**
   * The address as typed, checked against India Post's directory: an unknown pincode or a state the pincode is not
   * in is refused by its field; a district or state left empty (a form posted without scripts) is filled from it.
   */
  const placed = (input: AddressInput) => {
    const values = addressInputSchema.parse(input);
    const place = pincodes.lookup(values.pincode);
    if (!place) {
      const message = unknownPincodeMessage(values.pincode);
      throw new AppError('INVALID_DATA', message, { pincode: message });
    }
    const mismatch = values.state ? stateMismatch(place, values.state) : null;
    if (mismatch) throw new AppError('INVALID_DATA', mismatch, { state: mismatch });
    return { ...values, state: values.state || place.state, district: values.district || place.district };
  };

  return {
    /** The default address first, then the newest. */
    async list(userId: string): Promise<Address[]> {
      return (await addressesOf(db, userId)).map(toAddress);
    },

    /** Adds an address; a shopper's first address becomes the default. */
    async add(userId: string, input: AddressInput): Promise<Address> {
      const values = placed(input);
      return db.transaction(async (tx) => toAddress(await insertAddress(tx, userId, values, !(await hasAddress(tx, userId)))));
    },

    async update(userId: string, addressId: string, input: AddressInput): Promise<Address> {
      const values = placed(input);
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
