import { z } from 'zod';

import { codSettingsSchema } from './cod.js';
import { DEFAULT_COUNTER_RETURN_POLICY } from './counter-returns.js';
import { INDIAN_STATES, type IndianState } from './form-choices.js';

export { INDIAN_STATES, type IndianState };

/** GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', check character. */
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GST state codes (GSTN's table) of every state and union territory the shop may be in. The first code is the
 * one GSTN issues today; the second, where there is one, is an older code registrations still carry (Andhra
 * Pradesh before 2014's split: 28; Daman and Diu before the 2020 merger: 25).
 */
export const GST_STATE_CODES: Record<IndianState, readonly string[]> = {
  'Jammu and Kashmir': ['01'],
  'Himachal Pradesh': ['02'],
  Punjab: ['03'],
  Chandigarh: ['04'],
  Uttarakhand: ['05'],
  Haryana: ['06'],
  Delhi: ['07'],
  Rajasthan: ['08'],
  'Uttar Pradesh': ['09'],
  Bihar: ['10'],
  Sikkim: ['11'],
  'Arunachal Pradesh': ['12'],
  Nagaland: ['13'],
  Manipur: ['14'],
  Mizoram: ['15'],
  Tripura: ['16'],
  Meghalaya: ['17'],
  Assam: ['18'],
  'West Bengal': ['19'],
  Jharkhand: ['20'],
  Odisha: ['21'],
  Chhattisgarh: ['22'],
  'Madhya Pradesh': ['23'],
  Gujarat: ['24'],
  'Dadra and Nagar Haveli and Daman and Diu': ['26', '25'],
  Maharashtra: ['27'],
  Karnataka: ['29'],
  Goa: ['30'],
  Lakshadweep: ['31'],
  Kerala: ['32'],
  'Tamil Nadu': ['33'],
  Puducherry: ['34'],
  'Andaman and Nicobar Islands': ['35'],
  Telangana: ['36'],
  'Andhra Pradesh': ['37', '28'],
  Ladakh: ['38'],
};

/** The state or union territory a GST state code belongs to, or undefined for a code no state has. */
export function stateOfGstCode(code: string): IndianState | undefined {
  return INDIAN_STATES.find((state) => GST_STATE_CODES[state].includes(code));
}

/**
 * The check character of a GSTIN's first 14 characters (GSTN's mod-36 scheme): each character's value (0–9, A–Z
 * as 10–35) times 1 or 2 alternately, the product's base-36 digits summed; the check is what brings the sum to a
 * multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_CHARACTERS.indexOf(first14.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/** What is wrong with a GSTIN's form (its pattern, its check character), in words, or null when it has none. */
export function gstinFormProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'Please enter a valid GSTIN: 15 capital letters and digits, like 29ABCDE1234F1ZW.';
  if (gstinCheckCharacter(gstin) !== gstin.charAt(14)) {
    return `GSTIN ${gstin} is not valid: its last character (the check character) does not match the first 14; please check it for a typing mistake.`;
  }
  return null;
}

/** What is wrong with a GSTIN for a shop in `state`, in words, or null when it is a valid GSTIN of that state. */
export function gstinProblem(gstin: string, state: IndianState): string | null {
  const problem = gstinFormProblem(gstin);
  if (problem) return problem;
  const code = gstin.slice(0, 2);
  if (GST_STATE_CODES[state].includes(code)) return null;
  const registered = stateOfGstCode(code);
  return registered
    ? `GSTIN ${gstin} is registered in ${registered} (${code}); the shop's state is ${state}.`
    : `GSTIN ${gstin} starts with ${code}, which is no state's GST code; the shop's state is ${state} (${GST_STATE_CODES[state][0]}).`;
}

const settingsFields = z.object({
  /** The shop's trade name: the storefront, mails and the invoice's letterhead. */
  name: z.string().trim().min(1, 'Shop name is required.').max(80),
  /** The name the GSTIN is registered under (a tax invoice states it); often the same as the shop's name. */
  legalName: z.string().trim().min(1, 'Legal name is required: the name your GSTIN is registered under.').max(120),
  tagline: z.string().trim().max(160),
  logoUrl: z.string().trim().max(500),
  address: z.string().trim().min(1, 'Address is required.').max(300),
  phone: z.string().trim().min(1, 'Phone is required.').max(20),
  email: z.email('Please enter a valid email.'),
  socialHandle: z.string().trim().max(60),
  /** When the boutique and its phone are open, as people write it ('Mon–Sat, 10 am – 7 pm IST'); '' hides it. */
  openingHours: z.string().trim().max(120),
  gstin: z.string().trim().regex(GSTIN_PATTERN, 'Please enter a valid GSTIN: 15 capital letters and digits, like 29ABCDE1234F1ZW.'),
  state: z.enum(INDIAN_STATES, { message: 'Please choose a state from the list.' }),
});

/**
 * The shop's details as stored and answered: the fields' own rules only, so a row saved before the GSTIN's
 * check (migration 0032) still reads.
 */
export const storedShopSettingsSchema = settingsFields;

/** The GSTIN's check against the state: a refinement of the schemas the owner saves. */
const gstinOfState = (settings: { gstin: string; state: IndianState }, context: z.RefinementCtx) => {
  const problem = gstinProblem(settings.gstin, settings.state);
  if (problem) context.addIssue({ code: 'custom', path: ['gstin'], message: problem });
};

/** The shop's details as the owner saves them; the GSTIN must carry its right check character and the state's code. */
export const shopSettingsSchema = settingsFields.superRefine(gstinOfState);
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** The most a staff member's counter return may be set to: ₹10,00,000 (a limit above any bill is "no limit"). */
export const MAX_STAFF_RETURN_PAISE = 100_000_000;

/**
 * The owner's controls (issue 40), kept in the settings row beside the shop's details but never public (the
 * storefront's GET /api/shop/settings answers the details only). Cash on delivery (issue 41) joins as its own object.
 */
export const ownerControlsSchema = z.object({
  /** The most a staff member's counter credit note may refund, in paise; 0: the owner does all returns. */
  staffReturnMaxPaise: z
    .number()
    .int('Please enter the amount in whole paise.')
    .min(0, 'The amount cannot be negative; 0 means the owner does all returns.')
    .max(MAX_STAFF_RETURN_PAISE, 'Please enter at most ₹10,00,000.'),
  /** Staff return pieces only of a bill made the same India day. */
  staffReturnsSameDayOnly: z.boolean(),
  /** The pieces at or under which a variant is "running low" on the dashboard and the products list. */
  lowStockThreshold: z
    .number()
    .int('Please enter a whole number of pieces.')
    .min(1, 'Please enter at least 1 piece.')
    .max(1000, 'Please enter at most 1000 pieces.'),
});
export type OwnerControls = z.infer<typeof ownerControlsSchema>;

/**
 * Until the owner saves hers (the columns' defaults, migration 0036): she does all returns, 3 pieces or fewer run
 * low (LOW_STOCK_THRESHOLD is this one).
 */
export const DEFAULT_OWNER_CONTROLS: OwnerControls = {
  staffReturnMaxPaise: DEFAULT_COUNTER_RETURN_POLICY.staffMaxPaise,
  staffReturnsSameDayOnly: DEFAULT_COUNTER_RETURN_POLICY.sameDayOnly,
  lowStockThreshold: 3,
};

/** Which courier a booking takes by default (issue 42): the cheapest (ties: the faster) or the fastest (ties: the cheaper). */
export const COURIER_CHOICES = ['cheapest', 'fastest'] as const;
export type CourierChoice = (typeof COURIER_CHOICES)[number];
export const courierChoiceSchema = z.enum(COURIER_CHOICES, { message: 'Default courier must be Cheapest or Fastest.' });

/**
 * What the owner's Settings page saves: the shop's details, and her controls and cash on delivery when given
 * (omitted: unchanged, so a client that sends the details only keeps working).
 */
export const updateSettingsSchema = settingsFields
  .extend({ controls: ownerControlsSchema.optional(), cod: codSettingsSchema.optional(), courierChoice: courierChoiceSchema.optional() })
  .superRefine(gstinOfState);
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

/**
 * The settings as the owner's back-office reads them: whether the owner has saved them (a shop created with the
 * demo's details has not, and production takes no orders until she does) and when.
 */
export const adminShopSettingsSchema = z.object({
  settings: storedShopSettingsSchema,
  /** ISO instant the owner last saved the details; null while they are the demo's. */
  savedAt: z.string().nullable(),
  /** The owner's controls: counter returns by staff, the low-stock threshold. */
  controls: ownerControlsSchema,
  /** Cash on delivery (issue 41): off by default. */
  cod: codSettingsSchema,
  /** The courier a booking takes when the owner picks none (issue 42). */
  courierChoice: courierChoiceSchema,
});
export type AdminShopSettings = z.infer<typeof adminShopSettingsSchema>;

/**
 * The seller as an invoice, bill or credit note was issued: kept with the document (migration 0032), so a later
 * change of the shop's details does not rewrite what was issued.
 */
export const sellerSchema = z.object({
  name: z.string(),
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  gstin: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;

/** The seller part of the shop's details, as a document issued now keeps it. */
export const sellerOf = (settings: ShopSettings): Seller => ({
  name: settings.name,
  legalName: settings.legalName,
  address: settings.address,
  state: settings.state,
  gstin: settings.gstin,
  phone: settings.phone,
  email: settings.email,
});

/** Why checkout is closed in production until the owner saves the shop's own details (issue 39). */
export const SHOP_NOT_OPEN = 'The shop is not taking orders yet. Please come back soon.';

/** Why the counter makes no bill in production until then: a tax invoice under the demo's GSTIN is the harm. */
export const SHOP_DETAILS_NEEDED =
  "No bills yet: the shop's details (name, address, GSTIN) are still the demo's. The owner saves the real ones on the Settings page first.";
