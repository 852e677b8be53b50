import type { Address } from '@shop/core';

// Where the shopper is in checkout (spec §2.7): the chosen delivery address and whether she has confirmed it
// (DELIVER HERE: step 3 is open). Spec §2.6 keeps this 'saved order' in session storage; it is a session cookie
// here (checkout-state.server.ts), so that the steps work as plain forms. The order's products are the cart's
// lines, priced again by the server when the payment starts.

export interface CheckoutState {
  addressId: string | null;
  /** The address is confirmed: the review step is open. */
  reviewing: boolean;
  /** The addresses there were when she last went through checkout: one added since is offered first. */
  addressIdsBefore: string[];
  /**
   * A business buyer's GSTIN and name as she gave them with Proceed to Payment (issue 43; checked then, and again by
   * createpayment); absent for none.
   */
  business?: CheckoutBusiness | null;
}

/** The GSTIN and business name checkout carries to the payment. */
export interface CheckoutBusiness {
  gstin: string;
  name: string;
}

export const EMPTY_CHECKOUT: CheckoutState = { addressId: null, reviewing: false, addressIdsBefore: [] };

/** At most this many address ids are remembered (a shopper has a handful). */
const MAX_IDS = 20;
const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

/** The state a stored value holds; anything unreadable is the state of a checkout not started. */
export function parseCheckoutState(raw: string | null | undefined): CheckoutState {
  if (!raw) return EMPTY_CHECKOUT;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY_CHECKOUT;
  }
  if (typeof parsed !== 'object' || parsed === null) return EMPTY_CHECKOUT;
  const { addressId, reviewing, addressIdsBefore, business } = parsed as Record<string, unknown>;
  return {
    addressId: isId(addressId) ? addressId : null,
    reviewing: reviewing === true && isId(addressId),
    addressIdsBefore: Array.isArray(addressIdsBefore) ? addressIdsBefore.filter(isId).slice(0, MAX_IDS) : [],
    ...(isBusiness(business) ? { business: { gstin: business.gstin, name: business.name } } : {}),
  };
}

const isBusiness = (value: unknown): value is CheckoutBusiness => {
  if (typeof value !== 'object' || value === null) return false;
  const { gstin, name } = value as Record<string, unknown>;
  return typeof gstin === 'string' && typeof name === 'string' && gstin.length === 15 && name.length > 0 && name.length <= 120;
};

/** What createpayment takes of the business buyer checkout carries: both fields, or none. */
export const businessPaymentFields = (business: CheckoutBusiness | null | undefined) =>
  business ? { buyerGstin: business.gstin, buyerName: business.name } : {};

export const serializeCheckoutState = (state: CheckoutState): string =>
  JSON.stringify({ ...state, addressIdsBefore: state.addressIdsBefore.slice(0, MAX_IDS) });

/** The address to offer: one added since she last went through checkout, else the one chosen before, else the default. */
export function preferredAddress(addresses: readonly Address[], state: CheckoutState): Address | null {
  const before = state.addressIdsBefore;
  const added = before.length > 0 ? addresses.find((address) => !before.includes(address._id)) : undefined;
  return (
    added ??
    addresses.find((address) => address._id === state.addressId) ??
    addresses.find((address) => address.isDefault) ??
    addresses[0] ??
    null
  );
}

/** The address checkout goes on with: the chosen one while it is still hers and confirmed (DELIVER HERE), else none. */
export const confirmedAddress = (addresses: readonly Address[], state: CheckoutState): Address | null =>
  (state.reviewing && addresses.find((address) => address._id === state.addressId)) || null;
