import type { Address } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_CHECKOUT, confirmedAddress, parseCheckoutState, preferredAddress, serializeCheckoutState } from './checkout-state';

const address = (_id: string, isDefault = false) => ({ _id, isDefault, name: _id }) as Address;
const home = address('home');
const office = address('office', true);
const mother = address('mother');

describe('the checkout state', () => {
  it('round-trips, and anything unreadable is a checkout not started', () => {
    const state = { addressId: 'home', reviewing: true, addressIdsBefore: ['home', 'office'] };
    expect(parseCheckoutState(serializeCheckoutState(state))).toEqual(state);
    expect(parseCheckoutState('{broken')).toEqual(EMPTY_CHECKOUT);
    expect(parseCheckoutState('"text"')).toEqual(EMPTY_CHECKOUT);
    expect(parseCheckoutState(JSON.stringify({ addressId: 7, reviewing: true, addressIdsBefore: ['a', 3] }))).toEqual({
      addressId: null,
      reviewing: false,
      addressIdsBefore: ['a'],
    });
  });

  it('offers an address added since, else the one chosen before, else the default, else the first', () => {
    expect(preferredAddress([home, office, mother], { addressId: 'home', reviewing: false, addressIdsBefore: ['home', 'office'] })).toBe(
      mother,
    );
    expect(preferredAddress([home, office], { addressId: 'home', reviewing: false, addressIdsBefore: ['home', 'office'] })).toBe(home);
    expect(preferredAddress([home, office], EMPTY_CHECKOUT)).toBe(office);
    expect(preferredAddress([home], { ...EMPTY_CHECKOUT, addressId: 'gone' })).toBe(home);
    expect(preferredAddress([], EMPTY_CHECKOUT)).toBeNull();
  });

  it('goes on to payment only with a confirmed address that is still hers', () => {
    expect(confirmedAddress([home, office], { addressId: 'home', reviewing: true, addressIdsBefore: [] })).toBe(home);
    expect(confirmedAddress([home, office], { addressId: 'home', reviewing: false, addressIdsBefore: [] })).toBeNull();
    expect(confirmedAddress([office], { addressId: 'home', reviewing: true, addressIdsBefore: [] })).toBeNull();
  });
});
