import { AppError, OWNER_ONLY, type PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, OWNER_ACTOR, post, STAFF, STAFF_ACTOR, type PostOptions } from '../features/admin/admin-test-kit';
import { action, loader } from './admin.order';

const ORDER_ID = '8b6f1f4e-2a51-4c1e-9d0b-6a1c2e3f4a5b';

function adminOrders() {
  return {
    updateStatus: vi.fn(async () => {}),
    cancel: vi.fn(async () => {}),
    approveReturn: vi.fn(async () => {}),
    rejectReturn: vi.fn(async () => {}),
    refund: vi.fn(async () => {}),
    retryRefund: vi.fn(async () => {}),
    receiveReturn: vi.fn(async () => {}),
  };
}

/** A post to the order page by `admin` (the layout's middleware has put her in the context). */
async function move(admin: PublicAdmin, fields: Record<string, string>, options: PostOptions & { orderId?: string } = {}) {
  const orders = adminOrders();
  const orderId = options.orderId ?? ORDER_ID;
  const args = post(`/admin/orders/${orderId}`, fields, { services: { adminOrders: orders }, admin, params: { orderId }, ...options });
  const answer = answerOf(await action(args as never));
  return { answer, orders };
}

describe("the admin order page's moves (issue 10)", () => {
  it('packs for any admin, audited under her name; a fetcher gets the toast', async () => {
    const { answer, orders } = await move(STAFF, { intent: 'pack' }, { enhanced: true });
    expect(orders.updateStatus).toHaveBeenCalledWith(STAFF_ACTOR, ORDER_ID, { status: 'packed' });
    expect(answer).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: 'Order marked packed' } } });
  });

  it('ships with the courier and tracking number; a plain post goes back to the order with the message', async () => {
    const { answer, orders } = await move(OWNER, { intent: 'ship', courier: ' Delhivery ', trackingNumber: 'DLV123456789' });
    expect(orders.updateStatus).toHaveBeenCalledWith(expect.anything(), ORDER_ID, {
      status: 'shipped',
      courier: 'Delhivery',
      trackingNumber: 'DLV123456789',
    });
    expect(answer).toEqual({
      status: 302,
      location: `/admin/orders/${ORDER_ID}`,
      flash: { kind: 'success', message: 'Order marked shipped' },
    });
  });

  it('refuses a shipment without its courier: told as the toast with scripts, as the message on the order without', async () => {
    const enhanced = await move(OWNER, { intent: 'ship', courier: '', trackingNumber: 'DLV1' }, { enhanced: true });
    expect(enhanced.answer).toEqual({
      status: 400,
      body: { ok: false, error: 'Courier is required.', fields: { courier: 'Courier is required.' } },
    });
    const plain = await move(OWNER, { intent: 'ship', courier: 'Delhivery', trackingNumber: '' });
    expect(plain.answer).toEqual({
      status: 302,
      location: `/admin/orders/${ORDER_ID}`,
      flash: { kind: 'error', message: 'Tracking number is required.' },
    });
    expect(plain.orders.updateStatus).not.toHaveBeenCalled();
  });

  it("keeps cancel, refund and Retry refund to owners, in the API's words", async () => {
    const moves: Record<string, string>[] = [{ intent: 'cancel', reason: 'Out of stock' }, { intent: 'refund' }, { intent: 'retryRefund' }];
    for (const fields of moves) {
      const { answer, orders } = await move(STAFF, fields, { enhanced: true });
      expect(answer).toEqual({ status: 403, body: { ok: false, error: OWNER_ONLY, fields: {} } });
      expect(orders.cancel).not.toHaveBeenCalled();
      expect(orders.refund).not.toHaveBeenCalled();
      expect(orders.retryRefund).not.toHaveBeenCalled();
    }
    const { orders } = await move(OWNER, { intent: 'cancel', reason: 'Asked by the shopper' }, { enhanced: true });
    expect(orders.cancel).toHaveBeenCalledWith(OWNER_ACTOR, ORDER_ID, 'Asked by the shopper');
  });

  it('sends a refund that did not go through again for the owner (Retry refund), without scripts too', async () => {
    const { answer, orders } = await move(OWNER, { intent: 'retryRefund' });
    expect(orders.retryRefund).toHaveBeenCalledWith(OWNER_ACTOR, ORDER_ID);
    expect(answer).toEqual({
      status: 302,
      location: `/admin/orders/${ORDER_ID}`,
      flash: { kind: 'success', message: 'Refund sent again' },
    });
  });

  it('refunds the amount the owner confirmed, in paise; none typed: the server reckons it; a bad amount names the field (issue 40)', async () => {
    const chosen = await move(OWNER, { intent: 'refund', amount: '₹ 1,299.50' }, { enhanced: true });
    expect(chosen.orders.refund).toHaveBeenCalledWith(OWNER_ACTOR, ORDER_ID, 129_950, undefined);
    const blank = await move(OWNER, { intent: 'refund', amount: '' });
    expect(blank.orders.refund).toHaveBeenCalledWith(OWNER_ACTOR, ORDER_ID, undefined, undefined);
    const bad = await move(OWNER, { intent: 'refund', amount: '12.345' }, { enhanced: true });
    expect(bad.answer).toMatchObject({ status: 400, body: { fields: { amount: 'Enter the amount in rupees, such as 1299.50.' } } });
    expect(bad.orders.refund).not.toHaveBeenCalled();
  });

  it('receives a return from the plain form: each line back on sale or written off, for any admin (issue 40)', async () => {
    const kurti = '11111111-2222-4333-8444-555555555555';
    const dupatta = '66666666-7777-4888-8999-aaaaaaaaaaaa';
    const { answer, orders } = await move(STAFF, {
      intent: 'receiveReturn',
      [`restock.${kurti}`]: '1',
      [`writeOff.${kurti}`]: '1',
      [`restock.${dupatta}`]: '0',
      [`writeOff.${dupatta}`]: '',
    });
    expect(orders.receiveReturn).toHaveBeenCalledWith(STAFF_ACTOR, ORDER_ID, [
      { itemId: kurti, quantity: 1, restock: true },
      { itemId: kurti, quantity: 1, restock: false },
    ]);
    expect(answer).toEqual({ status: 302, location: `/admin/orders/${ORDER_ID}`, flash: { kind: 'success', message: 'Return received' } });
    const bad = await move(STAFF, { intent: 'receiveReturn', [`restock.${kurti}`]: '-1' }, { enhanced: true });
    expect(bad.answer).toMatchObject({ status: 400, body: { fields: { items: 'Enter each count as a whole number from 0 to 10.' } } });
  });

  it('asks for the reason of a cancel or a refused return', async () => {
    const { answer } = await move(OWNER, { intent: 'rejectReturn', reason: ' ' }, { enhanced: true });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Please give a reason.' } });
  });

  it("answers the orders service's refusal (a move the status does not allow) and an order that is not there", async () => {
    const orders = adminOrders();
    orders.updateStatus.mockRejectedValueOnce(new AppError('CONFLICT', 'Only a shipped order can be marked delivered.'));
    const args = post(
      `/admin/orders/${ORDER_ID}`,
      { intent: 'deliver' },
      { services: { adminOrders: orders }, admin: STAFF, params: { orderId: ORDER_ID } },
    );
    expect(answerOf(await action(args as never))).toEqual({
      status: 302,
      location: `/admin/orders/${ORDER_ID}`,
      flash: { kind: 'error', message: 'Only a shipped order can be marked delivered.' },
    });

    const missing = await move(OWNER, { intent: 'pack' }, { enhanced: true, orderId: 'not-an-order' });
    expect(missing.answer).toMatchObject({ status: 404, body: { error: 'Order not found' } });
    expect(missing.orders.updateStatus).not.toHaveBeenCalled();
  });

  it('delivers a COD order with the cash typed in rupees, and marks a parcel returned to origin (issue 41)', async () => {
    const cod = await move(STAFF, { intent: 'deliver', cashCollected: ' 1249.00 ' });
    expect(cod.orders.updateStatus).toHaveBeenCalledWith(STAFF_ACTOR, ORDER_ID, { status: 'delivered', cashCollected: 124_900 });
    const online = await move(STAFF, { intent: 'deliver' });
    expect(online.orders.updateStatus).toHaveBeenCalledWith(STAFF_ACTOR, ORDER_ID, { status: 'delivered' });
    const bad = await move(STAFF, { intent: 'deliver', cashCollected: 'twelve' }, { enhanced: true });
    expect(bad.answer).toMatchObject({
      status: 400,
      body: { fields: { cashCollected: 'Enter the cash collected in rupees, such as 1249.' } },
    });
    expect(bad.orders.updateStatus).not.toHaveBeenCalled();
    const back = await move(STAFF, { intent: 'returnToOrigin' });
    expect(back.orders.updateStatus).toHaveBeenCalledWith(STAFF_ACTOR, ORDER_ID, { status: 'returned_to_origin' });
    expect(back.answer).toMatchObject({ status: 302, flash: { kind: 'success', message: 'Order marked returned to origin' } });
  });

  it('records a COD refund sent by hand with its UPI reference, checked as the API checks it (issue 41)', async () => {
    const sent = await move(OWNER, { intent: 'refund', amount: '600', reference: ' 412345678901 ' });
    expect(sent.orders.refund).toHaveBeenCalledWith(OWNER_ACTOR, ORDER_ID, 60_000, '412345678901');
    const bad = await move(OWNER, { intent: 'refund', amount: '600', reference: '12 34' }, { enhanced: true });
    expect(bad.answer).toMatchObject({
      status: 400,
      body: { fields: { reference: 'Enter the UPI transaction reference as 6 to 35 letters or digits.' } },
    });
    expect(bad.orders.refund).not.toHaveBeenCalled();
  });
});

describe('booking the courier from the order page (issue 42)', () => {
  const booking = async (fields: Record<string, string>, enhanced = false) => {
    const shipping = { ship: vi.fn(async () => {}) };
    const args = post(`/admin/orders/${ORDER_ID}`, fields, {
      services: { adminOrders: adminOrders(), shipping },
      admin: STAFF,
      params: { orderId: ORDER_ID },
      enhanced,
    });
    return { answer: answerOf(await action(args as never)), shipping };
  };

  it("books with the owner's default (no courier), or the courier picked from the list; without scripts back to the order", async () => {
    const plain = await booking({ intent: 'book' });
    expect(plain.shipping.ship).toHaveBeenCalledWith(STAFF_ACTOR, ORDER_ID, {});
    expect(plain.answer).toEqual({
      status: 302,
      location: `/admin/orders/${ORDER_ID}`,
      flash: { kind: 'success', message: 'Parcel booked: print the label' },
    });
    const picked = await booking({ intent: 'book', courierId: '1' }, true);
    expect(picked.shipping.ship).toHaveBeenCalledWith(STAFF_ACTOR, ORDER_ID, { courierId: 1 });
    expect(picked.answer).toEqual({
      status: 200,
      body: { ok: true, toast: { kind: 'success', message: 'Parcel booked: print the label' } },
    });
  });

  it('refuses a courier that is not one from the list, naming the field, and books nothing', async () => {
    for (const courierId of ['', 'blue-dart', '-4', '0']) {
      const { answer, shipping } = await booking({ intent: 'book', courierId }, true);
      expect(answer).toEqual({
        status: 400,
        body: { ok: false, error: 'Choose a courier from the list.', fields: { courierId: 'Choose a courier from the list.' } },
      });
      expect(shipping.ship).not.toHaveBeenCalled();
    }
  });

  it("says the provider's refusal as the booking failure", async () => {
    const shipping = {
      ship: vi.fn(async () => {
        throw new AppError('UNAVAILABLE', 'Booking failed — retry: Selected courier is not serviceable for this shipment.');
      }),
    };
    const args = post(
      `/admin/orders/${ORDER_ID}`,
      { intent: 'book', courierId: '99' },
      {
        services: { adminOrders: adminOrders(), shipping },
        admin: OWNER,
        params: { orderId: ORDER_ID },
        enhanced: true,
      },
    );
    expect(answerOf(await action(args as never))).toMatchObject({
      status: 503,
      body: { ok: false, error: 'Booking failed — retry: Selected courier is not serviceable for this shipment.' },
    });
  });
});

describe("the order page's courier list (issue 42)", () => {
  const OPTIONS = {
    couriers: [{ id: 43, name: 'Delhivery Surface', ratePaise: 5_400, days: 4, deliveryBy: '2026-12-03', cod: true }],
    defaultCourierId: 43,
    choice: 'cheapest' as const,
  };
  const load = async (order: Record<string, unknown>, couriersFor: () => Promise<unknown>) => {
    const shipping = { couriersFor: vi.fn(couriersFor) };
    const detail = vi.fn(async () => ({ _id: ORDER_ID, canBook: true, status: 'paid', shipment: null, ...order }));
    const args = get(`/admin/orders/${ORDER_ID}`, {
      services: { adminOrders: { detail }, shipping } as never,
      admin: STAFF,
      params: { orderId: ORDER_ID },
    });
    return { data: await loader(args as never), shipping };
  };

  it('lists the couriers for a paid order the shop books, and for no other', async () => {
    const paid = await load({}, async () => OPTIONS);
    expect(paid.data).toMatchObject({ couriers: OPTIONS, couriersFailure: null });
    expect(paid.shipping.couriersFor).toHaveBeenCalledWith(ORDER_ID);
    for (const other of [{ status: 'packed' }, { canBook: false }, { shipment: { awb: '1' } }]) {
      const { data, shipping } = await load(other, async () => OPTIONS);
      expect(data).toMatchObject({ couriers: null, couriersFailure: null });
      expect(shipping.couriersFor).not.toHaveBeenCalled();
    }
  });

  it("shows the provider's refusal in the list's place, the page still there", async () => {
    const { data } = await load({}, async () => {
      throw new AppError('UNAVAILABLE', 'Booking failed — retry: Shiprocket is not working right now');
    });
    expect(data).toMatchObject({ couriers: null, couriersFailure: 'Booking failed — retry: Shiprocket is not working right now' });
  });
});
