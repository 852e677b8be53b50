import { AppError, istDay, OWNER_ONLY, type Gstr1Answer, type PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { get, OWNER, settled, STAFF } from '../features/admin/admin-test-kit';
import { defaultGstPeriod } from '../features/gst/gst-periods';
import { loader } from './admin.gst-returns';

describe('the GST returns page (issue 43)', () => {
  const load = (
    admin: PublicAdmin,
    query = '',
    answer: () => Promise<Gstr1Answer> = async () => ({ period: {}, gstr1: {}, summary: [], warnings: [] }) as unknown as Gstr1Answer,
  ) => {
    const gstr1 = vi.fn(answer);
    const answered = settled(() => loader(get(`/admin/gstReturns${query}`, { services: { gst: { gstr1 } }, admin })));
    return { answered, gstr1 };
  };

  it('asks for last month by default, and the period the address names', async () => {
    const first = load(OWNER);
    expect((await first.answered).status).toBe(200);
    expect(first.gstr1).toHaveBeenCalledWith(defaultGstPeriod(istDay(new Date())));
    const quarter = load(OWNER, '?period=2026-Q3');
    const { body } = await quarter.answered;
    expect(quarter.gstr1).toHaveBeenCalledWith('2026-Q3');
    expect(body).toMatchObject({ period: '2026-Q3', label: 'Q3 2026-27 (October–December 2026)', refusal: null });
  });

  it('offers a period the form does not list (typed in the address) beside the others', async () => {
    const { body } = await load(OWNER, '?period=2024-05').answered;
    expect(body).toMatchObject({ extra: { value: '2024-05', label: 'May 2024' } });
  });

  it('shows the API’s refusal in its words, with its status', async () => {
    const { answered } = load(OWNER, '?period=2099-01', async () => {
      throw new AppError('INVALID_DATA', 'January 2099 has not begun yet (today is 29 Nov 2026); there is nothing to file.');
    });
    const { status, body } = await answered;
    expect(status).toBe(400);
    expect(body).toMatchObject({
      answer: null,
      refusal: 'January 2099 has not begun yet (today is 29 Nov 2026); there is nothing to file.',
    });
  });

  it('refuses staff (403) without asking for the return', async () => {
    const { answered, gstr1 } = load(STAFF);
    expect(await answered).toMatchObject({ status: 403, body: { error: OWNER_ONLY } });
    expect(gstr1).not.toHaveBeenCalled();
  });
});
