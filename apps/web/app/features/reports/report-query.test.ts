import { monthlyQuerySchema, salesRangeQuerySchema, weeklyPageQuerySchema } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { reportPeriod, weekReportHref } from './report-query';

const request = (search: string) => new Request(`http://localhost/admin/weeklySelling${search}`);

describe('a report period from the URL', () => {
  it('reads the week or month asked for, or none (this one)', () => {
    expect(reportPeriod(request('?weekStart=2025-03-10'), weeklyPageQuerySchema, ['weekOf'])).toEqual({
      query: { weekStart: '2025-03-10' },
      failure: null,
    });
    expect(reportPeriod(request('?weekOf=2025-03-12'), weeklyPageQuerySchema, ['weekOf']).query).toEqual({ weekOf: '2025-03-12' });
    expect(reportPeriod(request(''), weeklyPageQuerySchema, ['weekOf'])).toEqual({ query: {}, failure: null });
    expect(reportPeriod(request('?month=2025-03&page=2'), monthlyQuerySchema, ['month']).query).toEqual({ month: '2025-03' });
  });

  it("leaves a refused one out and gives its message to the picker's field", () => {
    expect(reportPeriod(request('?month=March'), monthlyQuerySchema, ['month'])).toEqual({
      query: {},
      failure: { ok: false, error: 'month must be like 2025-03', fields: { month: 'month must be like 2025-03' } },
    });
    // from after to: the message beside From; the query keeps what is left.
    expect(reportPeriod(request('?from=2025-03-16&to=2025-03-10'), salesRangeQuerySchema, ['from', 'to'])).toEqual({
      query: { to: '2025-03-10' },
      failure: {
        ok: false,
        error: 'from must be on or before to (2025-03-10)',
        fields: { from: 'from must be on or before to (2025-03-10)' },
      },
    });
  });

  it('gives the whole form the message of a parameter the picker has no field for', () => {
    expect(reportPeriod(request('?weekStart=2025-03-11'), weeklyPageQuerySchema, ['weekOf'])).toEqual({
      query: {},
      failure: { ok: false, error: 'weekStart must be a Monday', fields: {} },
    });
  });
});

describe('weekReportHref', () => {
  // Regression: 1 November 2026 is a Sunday; the monthly page linked '1 Nov – 1 Nov' to weekStart=2026-11-01.
  it('links a week cut to the month to the report of its Monday', () => {
    expect(weekReportHref('2026-11-01')).toBe('/admin/weeklySelling?weekStart=2026-10-26');
    expect(weekReportHref('2026-11-02')).toBe('/admin/weeklySelling?weekStart=2026-11-02');
  });
});
