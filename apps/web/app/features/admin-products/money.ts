import { PAISE_PER_RUPEE, rupeesToPaise } from '@shop/core';

const RUPEES = /^\d{1,8}(\.\d{1,2})?$/;

/** What a rupee field shows for an amount in paise: '1299.00', '0.50' (two decimals, no grouping, for editing). */
export const rupeesInput = (paise: number): string => (paise / PAISE_PER_RUPEE).toFixed(2);

/**
 * Reads a rupee amount as typed ('1299', '1299.5', '1,299.50', '₹ 1299') and answers paise, or null when it
 * is not an amount with at most two decimals.
 */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!RUPEES.test(cleaned)) return null;
  return rupeesToPaise(Number(cleaned));
}

/** A whole number of pieces or percent as typed, or null. */
export function parseWhole(text: string): number | null {
  const cleaned = text.trim();
  return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : null;
}
