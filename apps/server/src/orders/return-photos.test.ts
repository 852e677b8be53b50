import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 38, item 7: the return form decoded and re-encoded her photos before it looked whose order it was, so any
// order id (a stranger's, one not delivered) made the shop decode a 16,000 × 16,000 PNG and left a media folder.

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

let staff: SignedInAdminForTest;
beforeAll(async () => {
  staff = await signedInStaff(t, await signedInOwner(t));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** An order of one piece, paid, and delivered unless `delivered` is false. */
async function orderOfOne(delivered = true) {
  const piece = await sellableProduct(t, { stock: 5 });
  const order = await placedOrder(t, mail, { ...piece, paid: true });
  const steps = delivered
    ? [{ status: 'packed' }, { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL9' }, { status: 'delivered' }]
    : [];
  for (const body of steps) {
    expect(
      (await adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { asid: staff.asid, body })).statusCode,
    ).toBe(200);
  }
  return order;
}

const photo = () =>
  sharp({ create: { width: 60, height: 80, channels: 3, background: '#aa3355' } })
    .jpeg()
    .toBuffer();

/** Every call that reads or encodes a photo's pixels (inspectImage reads only its header, but is counted too). */
function imageWork() {
  return [vi.spyOn(t.services.media, 'inspectImage'), vi.spyOn(t.services.media, 'saveImage')];
}

const askReturn = (userId: string, orderId: string, files: Buffer[]) =>
  t.services.orders.requestReturn(userId, orderId, { reason: 'damaged', note: '', photos: [] }, files);

describe('photos sent with a return', () => {
  it("refuses a stranger's order id (and an order not delivered) before any photo is decoded, leaving no media folder", async () => {
    const order = await orderOfOne();
    const spies = imageWork();
    await expect(askReturn(randomUUID(), order.orderId, [await photo()])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(existsSync(path.join(t.mediaDir, `return-${order.orderId}`))).toBe(false);

    const paidOnly = await orderOfOne(false);
    await expect(askReturn(paidOnly.userId, paidOnly.orderId, [await photo()])).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Returns can be requested only for delivered orders.',
    });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    expect(existsSync(path.join(t.mediaDir, `return-${paidOnly.orderId}`))).toBe(false);

    // Her own delivered order: the photo is read and stored.
    const asked = await askReturn(order.userId, order.orderId, [await photo()]);
    expect(asked.returnPhotos).toHaveLength(1);
    expect(spies[1]).toHaveBeenCalledTimes(1);
  });

  it('refuses a photo of too many pixels (a small file) in words naming the field, without decoding it', async () => {
    const order = await orderOfOne();
    // 48 megapixels of one colour: a PNG of ~150 KB, well under the 10 MB a file may weigh.
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const encode = vi.spyOn(t.services.media, 'saveImage');
    await expect(askReturn(order.userId, order.orderId, [huge])).rejects.toMatchObject({
      code: 'INVALID_DATA',
      message: 'photos: This photo is 8000 × 6000 pixels; each photo must be at most 40 megapixels (8000 × 5000, say).',
      fields: { photos: 'This photo is 8000 × 6000 pixels; each photo must be at most 40 megapixels (8000 × 5000, say).' },
    });
    expect(encode).not.toHaveBeenCalled();
    expect(existsSync(path.join(t.mediaDir, `return-${order.orderId}`))).toBe(false);
  });
});
