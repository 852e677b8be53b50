import { AppError, type PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, post, STAFF, STAFF_ACTOR } from '../features/admin/admin-test-kit';
import { action, loader } from './admin.orders';

const list = () => ({ list: vi.fn(async () => ({ orders: [], total: 0, page: 1, limit: 50 })) });

describe('the orders page', () => {
  it("links the orders CSV of the filter's days for the owner only (issue 43)", async () => {
    const load = async (admin: PublicAdmin, query: string) =>
      loader(get(`/admin/orders${query}`, { services: { adminOrders: list(), shipping: { books: false } }, admin }));
    expect((await load(OWNER, '?q=asha&from=2026-11-01&to=2026-11-30')).exportUrl).toBe(
      '/api/admin/order/exportOrders?from=2026-11-01&to=2026-11-30',
    );
    expect((await load(OWNER, '')).exportUrl).toBe('/api/admin/order/exportOrders');
    expect((await load(STAFF, '')).exportUrl).toBeNull();
  });

  it('offers Ship selected only when the shop books couriers (issue 42)', async () => {
    const load = async (books: boolean) =>
      loader(get('/admin/orders', { services: { adminOrders: list(), shipping: { books } }, admin: STAFF }));
    expect((await load(true)).canBook).toBe(true);
    expect((await load(false)).canBook).toBe(false);
  });
});

describe('Ship selected (issue 42)', () => {
  const A = '8b6f1f4e-2a51-4c1e-9d0b-6a1c2e3f4a5b';
  const B = '0f7e3c2a-1b4d-4e5f-8a9b-0c1d2e3f4a5b';
  const LINKS = { labelsUrl: 'http://shop.test/labels.pdf', manifestUrl: 'http://shop.test/manifest.pdf' };
  const shipSelected = async (fields: Array<[string, string]>, shipMany = vi.fn(async () => LINKS)) => {
    const args = post('/admin/orders', {}, { services: { shipping: { shipMany } }, admin: STAFF });
    // Repeated names (one orderIds per ticked box), as the browser posts them.
    const text = new URLSearchParams(fields).toString();
    const request = new Request('http://localhost/admin/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(text.length) },
      body: text,
    });
    return { answer: answerOf(await action({ ...args, request })), shipMany };
  };

  it('books the ticked orders and answers the labels PDF and the manifest for the page to link', async () => {
    const { answer, shipMany } = await shipSelected([
      ['intent', 'shipMany'],
      ['orderIds', A],
      ['orderIds', B],
    ]);
    expect(shipMany).toHaveBeenCalledWith(STAFF_ACTOR, [A, B]);
    expect(answer).toEqual({ status: 200, body: { ok: true, count: 2, ...LINKS } });
  });

  it('refuses nothing ticked, or something that is not an order, naming the field, booking nothing', async () => {
    for (const fields of [
      [['intent', 'shipMany']],
      [
        ['intent', 'shipMany'],
        ['orderIds', 'ORD-1'],
      ],
    ] as Array<Array<[string, string]>>) {
      const { answer, shipMany } = await shipSelected(fields);
      expect(answer).toMatchObject({ status: 400, body: { ok: false, fields: { orderIds: expect.any(String) as unknown } } });
      expect(shipMany).not.toHaveBeenCalled();
    }
    const none = await shipSelected([['intent', 'shipMany']]);
    expect(none.answer).toMatchObject({ body: { error: 'Select at least one paid order.' } });
  });

  it("says the order a booking stopped at, in the service's words", async () => {
    const refusal = new AppError('CONFLICT', 'ORD-2026-0042: Only a paid order can be shipped from here.');
    const { answer } = await shipSelected(
      [
        ['intent', 'shipMany'],
        ['orderIds', A],
      ],
      vi.fn(async () => {
        throw refusal;
      }),
    );
    expect(answer).toMatchObject({ status: 409, body: { ok: false, error: 'ORD-2026-0042: Only a paid order can be shipped from here.' } });
  });
});
