import { monthlyQuerySchema, weeklyQuerySchema } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { reportQuery } from './report-query';

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
