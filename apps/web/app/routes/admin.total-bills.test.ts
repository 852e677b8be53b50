import type { PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { get, OWNER, STAFF } from '../features/admin/admin-test-kit';
import { loader } from './admin.total-bills';

describe('the bills page (issue 40)', () => {
  it("links the CSV export of the page's filters for the owner only: exports are the owner's", async () => {
    const load = async (admin: PublicAdmin) => {
      const billing = { list: vi.fn(async () => ({ bills: [], total: 0, page: 1, limit: 50 })) };
      return loader(get('/admin/totalBills?customer=asha', { services: { billing }, admin }));
    };
    expect((await load(OWNER)).exportUrl).toBe('/api/admin/bill/exportBills?customer=asha');
    expect((await load(STAFF)).exportUrl).toBeNull();
  });
});
