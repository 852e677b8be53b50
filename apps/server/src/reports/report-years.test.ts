import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { adminCall, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';

// Issue 6: years 0000 and 9999 reached the date arithmetic and the SQL and answered 500.
const t = useTestApp({ services: { now: () => new Date('2030-06-15T12:00:00+05:30') } });

const call = async (url: string) => {
  const owner = await signedInOwner(t);
  return adminCall(t.app, 'GET', url, { asid: owner.asid });
};

describe('report and list dates outside the shop years (issue 6: years 0000 and 9999 answered 500)', () => {
  it.each([
    ['/api/admin/report/monthly?month=0000-01', 'month'],
    ['/api/admin/report/monthly?month=9999-12', 'month'],
    ['/api/admin/report/weekly?weekStart=0000-01-03', 'weekStart'],
    ['/api/admin/report/weekly?weekStart=9999-12-27', 'weekStart'],
    ['/api/admin/bill/getAllBills?from=0000-01-01', 'from'],
    ['/api/admin/bill/getAllBills?to=9999-12-31', 'to'],
    ['/api/admin/bill/exportBills?to=9999-12-31', 'to'],
    ['/api/admin/order/getAllOrders?from=0000-01-01', 'from'],
    ['/api/admin/order/getAllOrders?to=9999-12-31', 'to'],
    ['/api/admin/audit?from=0000-01-01', 'from'],
    ['/api/admin/audit?to=9999-12-31', 'to'],
  ])('%s answers 400 naming %s', async (url, field) => {
    const response = await call(url);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorEnvelope>().error).toMatch(new RegExp(`^${field}: .*between 2000 and 2100`));
  });

  it.each([
    '/api/admin/report/monthly?month=2000-01',
    '/api/admin/report/monthly?month=2100-12',
    '/api/admin/report/weekly?weekStart=2025-03-10',
    '/api/admin/bill/getAllBills?from=2000-01-01&to=2100-12-31',
    '/api/admin/order/getAllOrders?from=2000-01-01&to=2100-12-31',
    '/api/admin/audit?from=2000-01-01&to=2100-12-31',
  ])('%s in the shop years still answers 200', async (url) => {
    const response = await call(url);
    expect(response.statusCode, response.body).toBe(200);
  });
});
