// The shop keeps India's clock: its days (reports, date filters, financial years, delivery dates) and the dates
// and times its documents and mails show are India Standard Time, whatever the server's or the browser's zone.

/** The shop's time zone (IANA). */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

/** India Standard Time is UTC+5:30 all year (no daylight saving since 1945): the offset of every India midnight. */
const INDIA_UTC_OFFSET = '+05:30';

// Made on first use: a page that imports core but never shows an India date does not pay for Intl's time zone data.
let dayFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;
let weekdayDateFormat: Intl.DateTimeFormat | undefined;
let longDayFormat: Intl.DateTimeFormat | undefined;
let clockFormat: Intl.DateTimeFormat | undefined;

/** The calendar day in India (YYYY-MM-DD) of an instant: 2026-03-31T19:00Z is '2026-04-01'. */
export function istDay(at: Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = dayFormat.formatToParts(at);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${value('year').padStart(4, '0')}-${value('month')}-${value('day')}`;
}

/** India's midnight at the start of a YYYY-MM-DD day: a date filter's `from` means the shop's day. */
export const istDayStart = (day: string): Date => new Date(`${day}T00:00:00${INDIA_UTC_OFFSET}`);

/** The instant a YYYY-MM-DD day ends in India (the next day's midnight, excluded): a date filter's `to` is `< istDayEnd(to)`. */
export const istDayEnd = (day: string): Date => new Date(istDayStart(day).getTime() + 86_400_000);

/** An instant as a document or mail shows it, India time: '20 Nov 2026, 10:00 am'. */
export function istDateTime(at: Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(at);
}

/** The India date of an instant as documents show it: '20 Nov 2026'. */
export function istDate(at: Date): string {
  dateFormat ??= new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, dateStyle: 'medium' });
  return dateFormat.format(at);
}

/** The India time of day of an instant: '10:00 am'. */
export function istTime(at: Date): string {
  timeFormat ??= new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, timeStyle: 'short' });
  return timeFormat.format(at);
}

/** The India weekday and date of an instant, for delivery dates: 'Thu, 26 Nov'. */
export function istWeekdayDate(at: Date): string {
  weekdayDateFormat ??= new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });
  return weekdayDateFormat.format(at);
}

/** A YYYY-MM-DD India day as delivery promises say it: 'Thu, 3 Dec' (product page, checkout, order pages). */
export const istDayShort = (day: string): string => istWeekdayDate(istDayStart(day));

/** A YYYY-MM-DD India day in words, for headings: 'Thursday, 26 November'. */
export function istDayInWords(day: string): string {
  longDayFormat ??= new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
  return longDayFormat.format(istDayStart(day));
}

/** An instant as a spreadsheet reads it, India time, to the minute: '2026-11-20 18:05' (CSV exports). */
export function istTimestamp(at: Date): string {
  clockFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: INDIA_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${istDay(at)} ${clockFormat.format(at)}`;
}
