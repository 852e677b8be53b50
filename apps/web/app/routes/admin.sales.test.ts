import { AppError, istDay, OWNER_ONLY, rangePresets, type SalesRangeReport } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { get, OWNER, settled, STAFF } from '../features/admin/admin-test-kit';
import { loader as monthlyLoader } from './admin.monthly-selling';
import { loader as salesLoader } from './admin.sales';
import { loader as weeklyLoader } from './admin.weekly-selling';

/** A range report as the service answers it: only what the page reads of it. */
const reportOf = (from: string, to: string) => ({ from, to, label: `${from} to ${to}`, days: [] }) as unknown as SalesRangeReport;

/** The service as the server's: this month (June 2030, to the 15th) by default, the API's refusals of a range. */
function services() {
  return {
    salesReports: {
      range: vi.fn(async (from?: string, to?: string) => {
        if (from === '2030-07-01' && !to) {
          const message = 'from must be on or before to (2030-06-15)';
          throw new AppError('INVALID_DATA', `from: ${message}`, { from: message });
        }
        return reportOf(from ?? '2030-06-01', to ?? '2030-06-15');
      }),
      weekly: vi.fn(async (weekStart?: string) => ({ weekStart: weekStart ?? '2030-06-10', label: 'a week' })),
      monthly: vi.fn(async (month?: string) => ({ month: month ?? '2030-06', label: 'a month' })),
    },
  };
}
type Stubs = ReturnType<typeof services>;

/** A page request of the owner (or `admin`) to a report loader. */
const request = (path: string, stubs: Stubs, admin = OWNER) => get(path, { admin, services: stubs as never }) as never;
const load = (path: string, stubs = services()) => settled(() => salesLoader(request(path, stubs)));

describe('the sales page (/admin/sales)', () => {
  it('asks for the range of the address, both days, and marks the preset it is', async () => {
    const stubs = services();
    const lastMonth = rangePresets(istDay(new Date())).find((preset) => preset.key === 'last-month')!;
    const answer = await load(`/admin/sales?from=${lastMonth.from}&to=${lastMonth.to}`, stubs);
    expect(stubs.salesReports.range).toHaveBeenCalledWith(lastMonth.from, lastMonth.to);
    expect(answer.status).toBe(200);
    const body = answer.body as { presets: Array<{ key: string; current: boolean }>; fields: object; failure: null };
    expect(body.presets.filter((preset) => preset.current).map((preset) => preset.key)).toEqual(['last-month']);
    expect(body).toMatchObject({
      report: { from: lastMonth.from, to: lastMonth.to },
      fields: { from: lastMonth.from, to: lastMonth.to },
      failure: null,
    });
  });

  it('asks for the default range without one, and an empty field says nothing', async () => {
    const stubs = services();
    const answer = await load('/admin/sales?from=&to=', stubs);
    expect(stubs.salesReports.range).toHaveBeenCalledWith(undefined, undefined);
    expect(answer.body).toMatchObject({
      report: { from: '2030-06-01', to: '2030-06-15' },
      fields: { from: '2030-06-01', to: '2030-06-15' },
    });
  });

  it('shows a range the query refuses beside its field, over the default range, with the days as typed', async () => {
    const stubs = services();
    const answer = await load('/admin/sales?from=2025-03-16&to=2025-03-10', stubs);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      report: { from: '2030-06-01', to: '2030-06-15' },
      failure: { fields: { from: 'from must be on or before to (2025-03-10)' } },
      fields: { from: '2025-03-16', to: '2025-03-10' },
    });
    // Only the default range was asked for: the refused one never reached the service.
    expect(stubs.salesReports.range.mock.calls).toEqual([[]]);

    const malformed = await load('/admin/sales?from=2025-03-01&to=2025-02-30');
    expect(malformed).toMatchObject({ status: 200, body: { failure: { fields: { to: 'to must be a date like 2026-03-10' } } } });
    const tooLong = await load('/admin/sales?from=2024-01-01&to=2025-03-31');
    expect(tooLong).toMatchObject({
      status: 200,
      body: { failure: { fields: { to: 'to must be on or before 2024-12-31: a range covers at most 366 days' } } },
    });
  });

  it("shows the service's refusal of the range its defaults make beside its field, not as an error page", async () => {
    const stubs = services();
    const answer = await load('/admin/sales?from=2030-07-01', stubs);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        report: { from: '2030-06-01', to: '2030-06-15' },
        failure: {
          error: 'from: from must be on or before to (2030-06-15)',
          fields: { from: 'from must be on or before to (2030-06-15)' },
        },
        fields: { from: '2030-07-01', to: '' },
      },
    });
  });

  it('is the owner’s: staff get the API’s refusal', async () => {
    const stubs = services();
    expect(await settled(() => salesLoader(request('/admin/sales', stubs, STAFF)))).toEqual({
      status: 403,
      body: { error: OWNER_ONLY },
    });
    expect(stubs.salesReports.range).not.toHaveBeenCalled();
  });
});

describe('the week and month pickers', () => {
  it('shows the week of the Monday of ?weekOf, and keeps ?weekStart working', async () => {
    const stubs = services();
    const picked = await settled(() => weeklyLoader(request('/admin/weeklySelling?weekOf=2025-03-12', stubs)));
    expect(stubs.salesReports.weekly).toHaveBeenLastCalledWith('2025-03-10');
    expect(picked.body).toMatchObject({ weekStart: '2025-03-10', picker: { weekOf: '2025-03-10', failure: null } });

    await settled(() => weeklyLoader(request('/admin/weeklySelling?weekStart=2025-03-17', stubs)));
    expect(stubs.salesReports.weekly).toHaveBeenLastCalledWith('2025-03-17');
    // A Sunday is the end of its week, not the start of the next.
    await settled(() => weeklyLoader(request('/admin/weeklySelling?weekOf=2025-03-16', stubs)));
    expect(stubs.salesReports.weekly).toHaveBeenLastCalledWith('2025-03-10');
  });

  it('shows a refused day on the picker, with this week', async () => {
    const stubs = services();
    const answer = await settled(() => weeklyLoader(request('/admin/weeklySelling?weekOf=12%2F03%2F2025', stubs)));
    expect(stubs.salesReports.weekly).toHaveBeenLastCalledWith(undefined);
    expect(answer).toMatchObject({
      status: 200,
      body: { picker: { weekOf: '12/03/2025', failure: { fields: { weekOf: 'weekOf must be a date like 2026-03-10' } } } },
    });
  });

  it('shows the month of ?month, and a refused one on the picker with this month', async () => {
    const stubs = services();
    const picked = await settled(() => monthlyLoader(request('/admin/monthlySelling?month=2025-03', stubs)));
    expect(stubs.salesReports.monthly).toHaveBeenLastCalledWith('2025-03');
    expect(picked.body).toMatchObject({ month: '2025-03', picker: { month: '2025-03', failure: null } });

    const refused = await settled(() => monthlyLoader(request('/admin/monthlySelling?month=March+2025', stubs)));
    expect(stubs.salesReports.monthly).toHaveBeenLastCalledWith(undefined);
    expect(refused).toMatchObject({
      status: 200,
      body: { month: '2030-06', picker: { month: 'March 2025', failure: { fields: { month: 'month must be like 2025-03' } } } },
    });
  });
});
