import { OWNER_ONLY, type Dashboard } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { get, OWNER, settled, STAFF } from '../features/admin/admin-test-kit';
import { loader as dashboardLoader } from './admin.dashboard';
import { loader as monthlyLoader } from './admin.monthly-selling';
import { loader as weeklyLoader } from './admin.weekly-selling';

// Staff see what the invite promised them (issue 26): the work to do, not the shop's revenue.
describe('revenue is the owner’s', () => {
  const services = () => ({
    reportCounts: {
      counts: vi.fn(async () => ({
        today: '2026-11-26',
        ordersToPack: 2,
        lowStockVariants: 3,
        soldOutVariants: 2,
        runningLowVariants: 1,
        lowStockThreshold: 3,
        todaysOrders: 1,
      })),
    },
    salesReports: { dashboard: vi.fn(async () => ({ today: { revenue: 1 } }) as unknown as Dashboard), weekly: vi.fn(), monthly: vi.fn() },
  });

  it('the dashboard gives the owner the sales report and staff only the counts', async () => {
    const forOwner = services();
    const owner = await settled(() => dashboardLoader(get('/admin/dashboard', { admin: OWNER, services: forOwner })));
    expect(owner.body).toMatchObject({ report: { today: { revenue: 1 } } });

    const forStaff = services();
    const staff = await settled(() => dashboardLoader(get('/admin/dashboard', { admin: STAFF, services: forStaff })));
    expect(staff.status).toBe(200);
    expect(staff.body).toMatchObject({ counts: { ordersToPack: 2 }, report: null });
    expect(forStaff.salesReports.dashboard).not.toHaveBeenCalled();
  });

  it('links each sales tile to the sales page of the same days, orders and bills together (issue 40)', async () => {
    const owner = await settled(() => dashboardLoader(get('/admin/dashboard', { admin: OWNER, services: services() })));
    expect(owner.body).toMatchObject({
      salesHrefs: {
        today: '/admin/sales?from=2026-11-26&to=2026-11-26',
        last7Days: '/admin/sales?from=2026-11-20&to=2026-11-26',
        // The same 30 days as the tile (26 November and the 29 days before), not the calendar month.
        last30Days: '/admin/sales?from=2026-10-28&to=2026-11-26',
      },
    });
  });

  it.each([
    ['weekly', weeklyLoader, '/admin/weeklySelling'],
    ['monthly', monthlyLoader, '/admin/monthlySelling'],
  ] as const)('the %s report refuses staff with the API’s words', async (_name, loader, path) => {
    const forStaff = services();
    expect(await settled(() => loader(get(path, { admin: STAFF, services: forStaff }) as never))).toEqual({
      status: 403,
      body: { error: OWNER_ONLY },
    });
    expect(forStaff.salesReports.weekly).not.toHaveBeenCalled();
    expect(forStaff.salesReports.monthly).not.toHaveBeenCalled();
  });
});
