/**
 * The choices and limits forms show (states, address kinds, genders, a pincode's shape), apart from the schemas
 * that check them: a page that only lists them does not load zod and core's schemas with them (22 KB of brotli;
 * issue 27's budget of 120 KB of JavaScript per page). The schema modules re-export them.
 */

/** Indian states and union territories, for addresses and the shop's place of business. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

/** A pincode: six digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** Kinds of address (spec: 'Home' or 'Work'); an address is 'home' unless it says otherwise. */
export const ADDRESS_TYPES = ['home', 'work'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const ADDRESS_TYPE_LABELS: Record<AddressType, string> = { home: 'Home', work: 'Work' };
export const LANDMARK_MAX_LENGTH = 80;

export const GENDERS = ['female', 'male', 'other'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { female: 'Female', male: 'Male', other: 'Other' };
