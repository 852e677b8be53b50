import { PAISE_PER_RUPEE } from '@shop/core';

// Rupees typed into a field are read by @shop/core's parseRupees, the one reader of typed amounts.

/** What a rupee field shows for an amount in paise: '1299.00', '0.50' (two decimals, no grouping, for editing). */
export const rupeesInput = (paise: number): string => (paise / PAISE_PER_RUPEE).toFixed(2);

/** A whole number of pieces or percent as typed, or null. */
export function parseWhole(text: string): number | null {
  const cleaned = text.trim();
  return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : null;
}
