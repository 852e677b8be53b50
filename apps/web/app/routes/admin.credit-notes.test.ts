import { istDay, type PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { get, OWNER, STAFF } from '../features/admin/admin-test-kit';
import { loader } from './admin.credit-notes';

const EMPTY = { creditNotes: [], totals: { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, total: 0 } };

describe('the credit-note register page (issue 43)', () => {
  const load = async (admin: PublicAdmin, query = '') => {
    const asked: unknown[] = [];
    const billing = {
      creditNoteRegister: vi.fn(async (period: unknown) => {
        asked.push(period);
        return EMPTY;
      }),
    };
    const data = await loader(get(`/admin/creditNotes${query}`, { services: { billing }, admin }));
    return { data, asked: asked[0] };
  };

  it('reads this month to today by default, and the days the URL names', async () => {
    const today = istDay(new Date());
    expect((await load(STAFF)).asked).toEqual({ from: `${today.slice(0, 8)}01`, to: today });
    expect((await load(STAFF, '?from=2026-10-01&to=2026-10-31')).asked).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // Only an end: from the first of its month.
    expect((await load(STAFF, '?to=2026-10-15')).asked).toEqual({ from: '2026-10-01', to: '2026-10-15' });
  });

  it("links the CSV of the same days for the owner only, as the bills' CSV", async () => {
    expect((await load(OWNER, '?from=2026-10-01&to=2026-10-31')).data.exportUrl).toBe(
      '/api/admin/bill/exportCreditNotes?from=2026-10-01&to=2026-10-31',
    );
    expect((await load(STAFF)).data.exportUrl).toBeNull();
  });
});
