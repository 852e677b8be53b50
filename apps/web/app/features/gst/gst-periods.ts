import { gstr1PeriodOf } from '@shop/core';

// The periods the GST returns page offers (issue 43): the last twelve months and the quarters of the financial year
// they fall in, newest first, as GET /api/admin/gst/gstr1 names them ('2026-11', '2026-Q3').

export interface GstPeriodChoice {
  /** The `period` parameter. */
  value: string;
  /** 'November 2026', 'Q3 2026-27 (October–December 2026)': core's label of it. */
  label: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** '2026-11' → '2026-Q3': the quarter of the financial year (April to March) a month falls in. */
export function quarterOfMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number >= 4 ? `${year}-Q${Math.floor((number - 4) / 3) + 1}` : `${year - 1}-Q4`;
}

/** The month `back` months before the month of `today` (YYYY-MM-DD, India), as YYYY-MM. */
export function monthBefore(today: string, back: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${two((index % 12) + 1)}`;
}

/** The form's choices on the India day `today`: this month and the eleven before it, and the quarters they fall in. */
export function gstPeriodChoices(today: string): { months: GstPeriodChoice[]; quarters: GstPeriodChoice[] } {
  const months = Array.from({ length: 12 }, (_, back) => monthBefore(today, back));
  const quarters = [...new Set(months.map(quarterOfMonth))];
  const choice = (value: string): GstPeriodChoice => ({ value, label: gstr1PeriodOf(value)!.label });
  return { months: months.map(choice), quarters: quarters.map(choice) };
}

/** The period shown when the address names none: the month before this one, the return most often due. */
export const defaultGstPeriod = (today: string) => monthBefore(today, 1);
