/** Money is always an integer number of paise (1 rupee = 100 paise); only display code turns it into text. */
export type Paise = number;

export const PAISE_PER_RUPEE = 100;

/** Converts whole or fractional rupees (as typed by a person) to paise, rounding to the nearest paisa. */
export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`not a finite amount: ${rupees}`);
  // Round the decimal text, not the binary product: 1.005 * 100 is 100.49999... in floating point.
  return Math.round(Number(`${rupees}e2`));
}

/** Most digits a typed amount may have before its decimals: ₹9,99,99,999.99, above any price (MAX_PRICE_PAISE is ₹1 crore). */
export const MAX_RUPEE_DIGITS = 8;

// Whole rupees as people write them: plain digits, or grouped by commas the Indian way (1,23,456) or the
// international way (123,456,789); then at most two decimals. A comma not followed by a full group ('12,5') is
// refused rather than dropped: it may be a decimal comma, and ₹125 for ₹12.50 is a costly misreading.
const TYPED_RUPEES = /^(\d+|\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;

/**
 * The one reader of rupees typed by a person or a file (the catalogue CSV, the back-office's price fields, the
 * storefront's price filter, the counter's payments): '1299', '1299.5', '₹ 1,299.50', ' 0.05 ' → paise, or null
 * when the text is not such an amount: empty, negative, more than two decimals, '.5', '12.', '1e3', more than
 * MAX_RUPEE_DIGITS digits before the point. Read from the text, never through a float.
 */
export function parseRupees(text: string): Paise | null {
  const match = TYPED_RUPEES.exec(text.trim().replace(/^₹\s*/, ''));
  if (!match) return null;
  const rupees = match[1]!.replaceAll(',', '');
  if (rupees.replace(/^0+(?=\d)/, '').length > MAX_RUPEE_DIGITS) return null;
  return Number(rupees) * PAISE_PER_RUPEE + Number((match[2] ?? '').padEnd(2, '0'));
}

export function assertPaise(amount: number): asserts amount is Paise {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`paise must be a whole number: ${amount}`);
}

/**
 * A whole number with Indian digit grouping, as `Intl.NumberFormat('en-IN')` writes it: 1234567 → '12,34,567' (the
 * last three digits, then pairs). Written out rather than asked of Intl because a page's first Intl number format
 * costs 40–120 ms of main thread in Chromium (its ICU data is loaded then), one long task on every storefront page,
 * where prices are on screen before anything else runs.
 */
export function formatIndianInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`);
  const digits = String(Math.abs(value));
  const grouped = digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * Formats paise as Indian rupees with Indian digit grouping: 12345600 → '₹1,23,456.00'.
 * `compact` drops '.00' on whole rupees ('₹999'), for prices in running text and on product cards.
 */
export function formatINR(paise: Paise, options: { compact?: boolean } = {}): string {
  assertPaise(paise);
  const abs = Math.abs(paise);
  const rupees = `₹${formatIndianInteger(Math.floor(abs / PAISE_PER_RUPEE))}`;
  const fraction = abs % PAISE_PER_RUPEE;
  const text = options.compact && fraction === 0 ? rupees : `${rupees}.${String(fraction).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}

/** An adjustment with its sign, as a bill's round-off line shows it: '+₹0.25', '−₹0.10' (a minus sign), '₹0.00'. */
export const formatSignedINR = (paise: Paise): string =>
  paise > 0 ? `+${formatINR(paise)}` : paise < 0 ? `−${formatINR(-paise)}` : formatINR(0);

/** `formatINR` without '.00' on whole rupees ('₹999', '₹999.50'): prices in running text, on cards, in the cart. */
export const rupeesCompact = (paise: Paise): string => formatINR(paise, { compact: true });

/**
 * Paise as a plain decimal number of rupees with two decimals and no symbol or grouping: 123456 → '1234.56'. For CSV
 * files, form inputs and machine-read fields (schema.org prices); written from the integer, never through a float.
 */
export function paiseToDecimal(paise: Paise): string {
  assertPaise(paise);
  const abs = Math.abs(paise);
  const text = `${Math.floor(abs / PAISE_PER_RUPEE)}.${String(abs % PAISE_PER_RUPEE).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}
