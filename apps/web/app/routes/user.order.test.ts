import { AppError, type OrderDetail, type PageContext, type PublicUser } from '@shop/core';
import { parseSetCookie } from 'cookie';
import { describe, expect, it, vi } from 'vitest';
import { createLoadContext, shopperContext } from '../context';
import { FLASH_COOKIE } from '../lib/flash.server';
import { deliveryDayOf } from '../features/orders/delivery-day.server';
import { action, loader } from './user.order';

const asha = { _id: 'u1' } as PublicUser;
const paidOrder = {
  _id: 'o1',
  orderNumber: 'ORD-2026-000001',
  total: 129_900,
  payment: { paymentStatus: 'captured' },
} as unknown as OrderDetail;

function post(fields: Record<string, string>, services: Record<string, unknown>, enhanced = false) {
  const body = new URLSearchParams(fields);
  if (enhanced) body.set('_enhanced', '1');
  // A browser's form post says its length; the action refuses one that does not (lib/read-form.server.ts).
  const request = new Request('http://localhost/user/orders/o1', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body.toString())) },
  });
  const context = createLoadContext({ services } as unknown as PageContext);
  context.set(shopperContext, asha);
  return { request, context, params: { orderId: 'o1' }, url: new URL(request.url), pattern: '/user/orders/:orderId' };
}

const dataOf = (value: unknown) => value as { data: Record<string, unknown>; init: { status?: number } | null };

describe('the order page’s action', () => {
  it('asks why before cancelling, then cancels a paid order with its refund’s words', async () => {
    const cancelOrder = vi.fn(async () => ({ refund: { amount: paidOrder.total, started: true } }));
    const services = { payments: { cancelOrder } };
    const empty = dataOf(await action(post({ intent: 'cancel', reason: ' ' }, services, true)));
    expect(empty.init?.status).toBe(400);
    expect(empty.data).toMatchObject({ ok: false, intent: 'cancel', fields: { reason: 'Please tell us why you are cancelling.' } });
    expect(cancelOrder).not.toHaveBeenCalled();

    // A reason from the list, with her own words after it.
    const done = dataOf(
      await action(
        post({ intent: 'cancel', reason: 'Want to change size or colour', reasonDetail: 'Ordered the wrong size' }, services, true),
      ),
    );
    expect(cancelOrder).toHaveBeenCalledWith('u1', 'o1', 'Want to change size or colour: Ordered the wrong size');
    expect(done.data).toMatchObject({ ok: true, toast: { message: 'Order cancelled. Your refund of ₹1,299 has been started.' } });
  });

  it('requests a return, and without scripts goes back to the order with the message', async () => {
    const requestReturn = vi.fn(async () => ({}));
    const answer = (await action(
      post({ intent: 'return', reason: 'damaged', note: 'Torn seam', returnItem: 'i1', 'quantity:i1': '2' }, { orders: { requestReturn } }),
    )) as Response;
    expect(requestReturn).toHaveBeenCalledWith(
      'u1',
      'o1',
      expect.objectContaining({ reason: 'damaged', note: 'Torn seam', items: [{ itemId: 'i1', quantity: 2 }] }),
      [],
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/user/orders/o1');
    const flash = answer.headers
      .getSetCookie()
      .map((cookie) => parseSetCookie(cookie))
      .find((cookie) => cookie.name === FLASH_COOKIE);
    expect(JSON.parse(flash?.value ?? '{}')).toEqual({
      kind: 'success',
      message: 'Return requested. We will get back to you within 2 business days.',
    });
  });

  it('sends a cash-on-delivery return’s UPI ID, and shows a malformed one beside its field (issue 41)', async () => {
    const requestReturn = vi.fn(async () => ({}));
    const fields = { intent: 'return', reason: 'damaged', returnItem: 'i1', 'quantity:i1': '1' };
    await action(post({ ...fields, upiId: 'asha.rao@okaxis' }, { orders: { requestReturn } }));
    expect(requestReturn).toHaveBeenCalledWith('u1', 'o1', expect.objectContaining({ upiId: 'asha.rao@okaxis' }), []);
    const refused = dataOf(await action(post({ ...fields, upiId: 'asha at okaxis' }, { orders: { requestReturn } })));
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, fields: { upiId: 'Enter a UPI ID as name@bank, such as asha.rao@okaxis.' } });
    expect(requestReturn).toHaveBeenCalledTimes(1);
  });

  it('shows the service’s refusal on the form (a shipped order, a return too late)', async () => {
    const requestReturn = vi.fn(async () => {
      throw new AppError('CONFLICT', 'Returns must be requested within 48 hours of delivery.');
    });
    const refused = dataOf(await action(post({ intent: 'return', reason: 'wrong', returnItem: 'i1' }, { orders: { requestReturn } })));
    expect(refused.init?.status).toBe(409);
    expect(refused.data).toMatchObject({ ok: false, intent: 'return', error: 'Returns must be requested within 48 hours of delivery.' });
  });
});

describe('the order page’s delivery day (issue 42)', () => {
  const onItsWay = {
    ...paidOrder,
    createdAt: '2026-11-28T04:00:00.000Z',
    address: { pincode: '560001' },
    deliveredAt: null,
    expectedDelivery: { from: '2026-11-30T18:30:00.000Z', to: '2026-12-02T18:30:00.000Z' },
    timeline: [
      { status: 'pending_payment', note: '', at: '2026-11-28T04:00:00.000Z' },
      { status: 'paid', note: '', at: '2026-11-28T05:30:00.000Z' },
    ],
  } as unknown as OrderDetail;
  const services = (answer: () => Promise<unknown>) => ({ shipping: { estimate: vi.fn(answer) } });

  it("is the couriers' day to its pincode from when it was paid, as the product page and checkout say it", async () => {
    const given = services(async () => ({ serviceable: true, deliveryBy: '2026-12-03', cod: true }));
    expect(await deliveryDayOf(given as never, onItsWay)).toBe('2026-12-03');
    expect(given.shipping.estimate).toHaveBeenCalledWith('560001', new Date('2026-11-28T05:30:00.000Z'));
  });

  it('is none once delivered, when no delivery is expected, or when the estimate cannot be had or says no', async () => {
    const served = services(async () => ({ serviceable: true, deliveryBy: '2026-12-03', cod: true }));
    expect(await deliveryDayOf(served as never, { ...onItsWay, deliveredAt: '2026-12-02T10:00:00.000Z' })).toBeNull();
    expect(await deliveryDayOf(served as never, { ...onItsWay, expectedDelivery: null })).toBeNull();
    expect(served.shipping.estimate).not.toHaveBeenCalled();
    expect(await deliveryDayOf(services(async () => Promise.reject(new Error('down'))) as never, onItsWay)).toBeNull();
    expect(await deliveryDayOf(services(async () => ({ serviceable: false, deliveryBy: null, cod: false })) as never, onItsWay)).toBeNull();
  });

  it('is on the loader’s answer with the order', async () => {
    const getMine = vi.fn(async () => onItsWay);
    const context = createLoadContext({
      services: { orders: { getMine }, ...services(async () => ({ serviceable: true, deliveryBy: '2026-12-03', cod: true })) },
    } as unknown as PageContext);
    context.set(shopperContext, asha);
    const request = new Request('http://localhost/user/orders/o1');
    const answer = await loader({ request, context, params: { orderId: 'o1' }, url: new URL(request.url), pattern: '' });
    expect(answer).toEqual({ order: onItsWay, deliveryBy: '2026-12-03' });
  });
});
