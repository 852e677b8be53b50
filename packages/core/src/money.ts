/** Money is always an integer number of paise (1 rupee = 100 paise); only display code turns it into text. */
export type Paise = number;

export const PAISE_PER_RUPEE = 100;

/** Converts whole or fractional rupees (as typed by a person) to paise, rounding to the nearest paisa. */
export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`not a finite amount: ${rupees}`);
  // Round the decimal text, not the binary product: 1.005 * 100 is 100.49999... in floating point.
  return Math.round(Number(`${rupees}e2`));
}

export function assertPaise(amount: number): asserts amount is Paise {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`paise must be a whole number: ${amount}`);
}

const withDecimals = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/**
 * Formats paise as Indian rupees with Indian digit grouping: 12345600 → '₹1,23,456.00'.
 * `compact` drops '.00' on whole rupees ('₹999'), for prices in running text and on product cards.
 */
export function formatINR(paise: Paise, options: { compact?: boolean } = {}): string {
  assertPaise(paise);
  const rupees = paise / PAISE_PER_RUPEE;
  const whole = paise % PAISE_PER_RUPEE === 0;
  return (options.compact && whole ? wholeRupees : withDecimals).format(rupees);
}
