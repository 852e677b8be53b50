// Days as YYYY-MM-DD text and their labels, for reports and delivery dates. No zod here: the product page uses
// addDays without loading the API schemas.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The years a report or a list filter may ask about. Year 0000 is no PostgreSQL date and 9999's next day has five
 * digits, so a wider range only turns typos into server errors; the shop has no sales before 2000.
 */
export const SHOP_YEARS = { first: 2000, last: 2100 } as const;

/** Whether a 'YYYY-MM' or 'YYYY-MM-DD' text falls in SHOP_YEARS. */
export function inShopYears(dayOrMonth: string): boolean {
  const year = Number(dayOrMonth.slice(0, 4));
  return year >= SHOP_YEARS.first && year <= SHOP_YEARS.last;
}

/** The message naming `field` when it is outside SHOP_YEARS. */
export const shopYearsMessage = (field: string) => `${field} must be in a year between ${SHOP_YEARS.first} and ${SHOP_YEARS.last}`;

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** 'Mon' … 'Sun' of a YYYY-MM-DD day. */
export const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()]!;

/** The day `n` days after a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week of a YYYY-MM-DD day. */
export function mondayOf(day: string): string {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** 'March 10-16, 2025'; 'March 31 - April 6, 2025'; 'December 29, 2025 - January 4, 2026'. */
export function weekLabel(start: string, end: string): string {
  const [y1, m1, d1] = parts(start);
  const [y2, m2, d2] = parts(end);
  if (y1 !== y2) return `${MONTHS[m1 - 1]} ${d1}, ${y1} - ${MONTHS[m2 - 1]} ${d2}, ${y2}`;
  if (m1 !== m2) return `${MONTHS[m1 - 1]} ${d1} - ${MONTHS[m2 - 1]} ${d2}, ${y1}`;
  return `${MONTHS[m1 - 1]} ${d1}-${d2}, ${y1}`;
}

/** 'March 2025' of '2025-03'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[number - 1]} ${year}`;
}
