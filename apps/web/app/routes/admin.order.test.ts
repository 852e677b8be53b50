import { AppError, OWNER_ONLY, type PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, OWNER, OWNER_ACTOR, post, STAFF, STAFF_ACTOR, type PostOptions } from '../features/admin/admin-test-kit';
import { action } from './admin.order';

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
