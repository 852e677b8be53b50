import type { PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { get, OWNER, STAFF } from '../features/admin/admin-test-kit';
import { loader } from './admin.orders';

describe('the orders page', () => {
  it("links the orders CSV of the filter's days for the owner only (issue 43)", async () => {
    const load = async (admin: PublicAdmin, query: string) => {
      const adminOrders = { list: vi.fn(async () => ({ orders: [], total: 0, page: 1, limit: 50 })) };
      return loader(get(`/admin/orders${query}`, { services: { adminOrders }, admin }));
    };
    expect((await load(OWNER, '?q=asha&from=2026-11-01&to=2026-11-30')).exportUrl).toBe(
      '/api/admin/order/exportOrders?from=2026-11-01&to=2026-11-30',
    );
    expect((await load(OWNER, '')).exportUrl).toBe('/api/admin/order/exportOrders');
    expect((await load(STAFF, '')).exportUrl).toBeNull();
  });
});
