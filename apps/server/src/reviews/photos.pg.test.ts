import { MAX_REVIEW_PHOTOS } from '@shop/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { capturingMailer } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { photosOf } from './queries.js';

// A review holds at most three photos, however many edits race (PGlite has one connection: only a real server
// with several shows it). The review's row is locked by the upsert that opens each save's transaction, so the
// saves count their photos one after another.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const photo = (background: string) =>
  sharp({ create: { width: 60, height: 80, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function deliveredBuyer() {
  const owner = await signedInOwner(t);
  const staff = await signedInStaff(t, owner);
  const piece = await sellableProduct(t, { stock: 5 });
  const order = await placedOrder(t, mail, { ...piece, paid: true });
  for (const body of [{ status: 'packed' }, { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL1' }, { status: 'delivered' }]) {
    expect(
      (await adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { asid: staff.asid, body })).statusCode,
    ).toBe(200);
  }
  return { userId: order.userId, productId: piece.productId };
}

describe('review photos under concurrency (PostgreSQL)', () => {
  it('three edits adding two photos each to a review with one: one is saved, the others are refused, three photos in all', async () => {
    const { userId, productId } = await deliveredBuyer();
    const review = { productId, rating: 5, title: 'Lovely', text: 'Soft cotton.' };
    const first = await t.services.reviews.add(userId, review, [await photo('#101010')]);
    const colours = [
      ['#aa0000', '#00aa00'],
      ['#0000aa', '#aaaa00'],
      ['#00aaaa', '#aa00aa'],
    ];
    const edits = await Promise.allSettled(
      colours.map(async (pair) => t.services.reviews.add(userId, review, await Promise.all(pair.map(photo)))),
    );
    expect(edits.filter((edit) => edit.status === 'fulfilled')).toHaveLength(1);
    for (const refused of edits.filter((edit) => edit.status === 'rejected')) {
      expect(String(refused.reason)).toContain(`at most ${MAX_REVIEW_PHOTOS} photos`);
    }
    const stored = (await photosOf(t.database.db, [first.review._id])).get(first.review._id) ?? [];
    expect(stored).toHaveLength(MAX_REVIEW_PHOTOS);
    expect(stored.map((row) => row.position)).toEqual([0, 1, 2]);
  });

  it('two first reviews of one product saved at once make one review, with the photos of one of them', async () => {
    const { userId, productId } = await deliveredBuyer();
    const review = { productId, rating: 4, title: 'Nice', text: 'Good fit.' };
    const saves = await Promise.allSettled(
      [
        ['#123456', '#654321'],
        ['#abcdef', '#fedcba'],
      ].map(async (pair) => t.services.reviews.add(userId, review, await Promise.all(pair.map(photo)))),
    );
    const saved = saves.flatMap((save) => (save.status === 'fulfilled' ? [save.value] : []));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.created).toBe(true);
    const mine = await t.services.reviews.mine(userId, productId);
    expect(mine.review?.photos).toHaveLength(2);
  });
});
