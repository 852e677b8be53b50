import { describe, expect, it } from 'vitest';
import { defaultGstPeriod, gstPeriodChoices, monthBefore, quarterOfMonth } from './gst-periods';

describe('the GST returns page’s periods', () => {
  it('puts a month in its quarter of the financial year (April–March)', () => {
    expect(['2026-04', '2026-06', '2026-07', '2026-11', '2026-12', '2027-01', '2027-03'].map(quarterOfMonth)).toEqual([
      '2026-Q1',
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
      '2026-Q3',
      '2026-Q4',
      '2026-Q4',
    ]);
  });

  it('counts months back across a year’s end; the default is last month', () => {
    expect(monthBefore('2027-01-15', 1)).toBe('2026-12');
    expect(monthBefore('2027-01-15', 13)).toBe('2025-12');
    expect(defaultGstPeriod('2026-11-29')).toBe('2026-10');
    expect(defaultGstPeriod('2027-01-01')).toBe('2026-12');
  });

  it('offers this month and the eleven before it, newest first, and the five quarters they touch', () => {
    const { months, quarters } = gstPeriodChoices('2026-11-29');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2026-11', label: 'November 2026' });
    expect(months.at(-1)).toEqual({ value: '2025-12', label: 'December 2025' });
    expect(quarters.map((quarter) => quarter.value)).toEqual(['2026-Q3', '2026-Q2', '2026-Q1', '2025-Q4', '2025-Q3']);
    expect(quarters[0]!.label).toBe('Q3 2026-27 (October–December 2026)');
  });
});
