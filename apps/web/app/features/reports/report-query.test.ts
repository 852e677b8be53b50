import { monthlyQuerySchema, weeklyQuerySchema } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { reportQuery, weekReportHref } from './report-query';

const request = (search: string) => new Request(`http://localhost/admin/weeklySelling${search}`);

describe('a report period from the URL', () => {
  it('reads the week or month asked for, or none (this one)', () => {
    expect(reportQuery(request('?weekStart=2025-03-10'), weeklyQuerySchema)).toEqual({ weekStart: '2025-03-10' });
    expect(reportQuery(request(''), weeklyQuerySchema)).toEqual({});
    expect(reportQuery(request('?month=2025-03&page=2'), monthlyQuerySchema)).toEqual({ month: '2025-03' });
  });

  it("refuses a malformed one as the page's 400, in the schema's words", () => {
    let thrown: unknown;
    try {
      reportQuery(request('?weekStart=2025-03-11'), weeklyQuerySchema);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ type: 'DataWithResponseInit', data: { error: 'weekStart must be a Monday' }, init: { status: 400 } });
  });
});

describe('weekReportHref', () => {
  // Regression: 1 November 2026 is a Sunday; the monthly page linked '1 Nov – 1 Nov' to weekStart=2026-11-01.
  it('links a week cut to the month to the report of its Monday', () => {
    expect(weekReportHref('2026-11-01')).toBe('/admin/weeklySelling?weekStart=2026-10-26');
    expect(weekReportHref('2026-11-02')).toBe('/admin/weeklySelling?weekStart=2026-11-02');
  });
});
