import { z } from 'zod';

import { INDIAN_STATES, type IndianState } from './form-choices.js';

export { INDIAN_STATES, type IndianState };

/** GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', check character. */
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const shopSettingsSchema = z.object({
  name: z.string().trim().min(1, 'Shop name is required.').max(80),
  tagline: z.string().trim().max(160),
  logoUrl: z.string().trim().max(500),
  address: z.string().trim().min(1, 'Address is required.').max(300),
  phone: z.string().trim().min(1, 'Phone is required.').max(20),
  email: z.email('Please enter a valid email.'),
  socialHandle: z.string().trim().max(60),
  /** When the boutique and its phone are open, as people write it ('Mon–Sat, 10 am – 7 pm IST'); '' hides it. */
  openingHours: z.string().trim().max(120),
  gstin: z.string().trim().regex(GSTIN_PATTERN, 'Please enter a valid GSTIN.'),
  state: z.enum(INDIAN_STATES, { message: 'Please choose a state from the list.' }),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
