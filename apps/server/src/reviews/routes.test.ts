import type { AdminReview, AuditEntry, ProductReviews, Review, UserNotification } from '@shop/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall } from '../test/accounts.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { reviewerName } from './service.js';

// Reviews from real buyers (issue 28): the contract's calls and rules.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
});

/** A shopper whose order of the product was delivered (or only paid, when `delivered` is false). */
async function buyer(productId: string, variantId: string | undefined, delivered = true) {
  const order = await placedOrder(t, mail, { productId, variantId, paid: true });
  if (delivered) {
    const move = (body: object) =>
      adminCall(t.app, 'POST', `/api/admin/order/updateOrderStatus/${order.orderId}`, { asid: staff.asid, body });
    for (const body of [
      { status: 'packed' },
      { status: 'shipped', courier: 'Delhivery', trackingNumber: 'DL1' },
      { status: 'delivered' },
    ]) {
      expect((await move(body)).statusCode).toBe(200);
    }
  }
  return order;
}

const addReview = (sid: string, body: object) => jsonCall(t.app, 'POST', '/api/user/review/addReview', { sid, body });
const reviewsOf = async (productId: string, query = '') =>
  dataOf<ProductReviews>(await jsonCall(t.app, 'GET', `/api/user/review/getProductReviews/${productId}${query}`));

describe('addReview and getProductReviews', () => {
  it('lets a shopper who received the product review it once (201), edit it (200), and shows it with the stars', async () => {
    const piece = await sellableProduct(t, { name: 'Reviewed Kurta', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const first = await addReview(asha.sid, {
      productId: piece.productId,
      rating: 4,
      title: 'Lovely cotton',
      text: 'Soft and true to size.',
    });
    expect(first.statusCode, first.body).toBe(201);
    const review = dataOf<{ review: Review }>(first).review;
    expect(review).toMatchObject({
      productId: piece.productId,
      rating: 4,
      title: 'Lovely cotton',
      verifiedPurchase: true,
      helpfulCount: 0,
      reply: null,
    });
    const edited = await addReview(asha.sid, { productId: piece.productId, rating: 5, title: 'Lovely cotton', text: 'Washed well too.' });
    expect(edited.statusCode).toBe(200);
    expect(dataOf<{ review: Review }>(edited).review).toMatchObject({ _id: review._id, rating: 5, text: 'Washed well too.' });
    expect(await t.services.reviews.mine(asha.userId, piece.productId)).toMatchObject({ canReview: true, review: { _id: review._id } });

    const other = await buyer(piece.productId, piece.variantId);
    expect((await addReview(other.sid, { productId: piece.productId, rating: 2, title: 'Faded', text: 'Colour ran.' })).statusCode).toBe(
      201,
    );
    const page = await reviewsOf(piece.productId);
    expect(page.summary).toEqual({ average: 3.5, count: 2, byStars: { 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 } });
    expect(page.reviews.map((row) => row.rating)).toEqual([2, 5]);
    expect(page).toMatchObject({ total: 2, page: 1, limit: 10 });

    // 'Helpful' once per shopper, never on her own; the helpful sort puts it first.
    const helpful = (sid: string, reviewId: string) => jsonCall(t.app, 'POST', `/api/user/review/markHelpful/${reviewId}`, { sid });
    expect(dataOf<{ helpfulCount: number }>(await helpful(other.sid, review._id)).helpfulCount).toBe(1);
    expect(dataOf<{ helpfulCount: number }>(await helpful(other.sid, review._id)).helpfulCount).toBe(1);
    const own = await helpful(asha.sid, review._id);
    expect([own.statusCode, errorOf(own)]).toEqual([403, 'You cannot mark your own review helpful.']);
    expect((await reviewsOf(piece.productId, '?sort=helpful')).reviews.map((row) => row._id)[0]).toBe(review._id);
    expect((await jsonCall(t.app, 'GET', `/api/user/review/getProductReviews/${piece.productId}?sort=best`)).statusCode).toBe(400);

    // The product's details and its card carry the stars; 'rating 4 and above' filters by them.
    const details = await jsonCall(t.app, 'GET', `/api/user/product/getProductDetails/${piece.productId}`);
    expect(dataOf<{ product: { rating: unknown } }>(details).product.rating).toEqual({ average: 3.5, count: 2 });
    const listed = async (query: string) =>
      dataOf<{ products: Array<{ _id: string; rating: unknown }> }>(
        await jsonCall(t.app, 'GET', `/api/user/product/filter?sort=newest&limit=48&${query}`),
      ).products.filter((card) => card._id === piece.productId);
    expect((await listed('minRating=3')).map((card) => card.rating)).toEqual([{ average: 3.5, count: 2 }]);
    expect(await listed('minRating=4')).toEqual([]);
    expect((await jsonCall(t.app, 'GET', '/api/user/product/filter?minRating=6')).statusCode).toBe(400);
  });

  it('refuses a shopper who has not received it (403 in words), bad fields naming them, and an unknown product', async () => {
    const piece = await sellableProduct(t, { name: 'Unreceived Saree', stock: 10 });
    const waiting = await buyer(piece.productId, piece.variantId, false);
    const early = await addReview(waiting.sid, { productId: piece.productId, rating: 5, title: 'Cannot wait', text: 'Not here yet.' });
    expect([early.statusCode, errorOf(early)]).toEqual([403, 'You can review products you have received.']);
    expect(await t.services.reviews.mine(waiting.userId, piece.productId)).toEqual({ canReview: false, review: null });
    const cases: Array<[object, string]> = [
      [{ productId: piece.productId, rating: 6, title: 'x', text: 'y' }, 'rating: Please choose 1 to 5 stars.'],
      [{ productId: piece.productId, rating: 4, title: ' ', text: 'y' }, 'title: Please give your review a title.'],
      [{ productId: piece.productId, rating: 4, title: 'x', text: '' }, 'text: Please tell us what you thought.'],
    ];
    for (const [body, message] of cases) {
      const refused = await addReview(waiting.sid, body);
      expect([refused.statusCode, errorOf(refused)]).toEqual([400, message]);
    }
    const unknown = await addReview(waiting.sid, { productId: '00000000-0000-4000-8000-000000000000', rating: 4, title: 'x', text: 'y' });
    expect(unknown.statusCode).toBe(404);
    expect((await jsonCall(t.app, 'POST', '/api/user/review/addReview', { body: { productId: piece.productId } })).statusCode).toBe(401);
    expect((await jsonCall(t.app, 'GET', '/api/user/review/getProductReviews/nope')).statusCode).toBe(404);
  });
});

describe('the owner and reviews', () => {
  it('lists them for any admin; hides one with a reason (off the page and the stars, the shopper told, audited) and replies', async () => {
    const piece = await sellableProduct(t, { name: 'Moderated Dupatta', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const written = dataOf<{ review: Review }>(
      await addReview(asha.sid, { productId: piece.productId, rating: 1, title: 'Call me', text: 'Ring 98765 43210 for a better price' }),
    ).review;
    const list = dataOf<{ reviews: AdminReview[] }>(await adminCall(t.app, 'GET', '/api/admin/review/getAllReviews', { asid: staff.asid }));
    expect(list.reviews.find((row) => row._id === written._id)).toMatchObject({
      productName: 'Moderated Dupatta',
      hiddenAt: null,
      userEmail: asha.email,
    });

    const byStaff = await adminCall(t.app, 'POST', `/api/admin/review/hideReview/${written._id}`, {
      asid: staff.asid,
      body: { reason: 'x' },
    });
    expect(byStaff.statusCode).toBe(403);
    const noReason = await adminCall(t.app, 'POST', `/api/admin/review/hideReview/${written._id}`, {
      asid: owner.asid,
      body: { reason: '' },
    });
    expect([noReason.statusCode, errorOf(noReason)]).toEqual([400, 'reason: Please give a reason.']);
    const hidden = await adminCall(t.app, 'POST', `/api/admin/review/hideReview/${written._id}`, {
      asid: owner.asid,
      body: { reason: 'It shares a phone number.' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const page = await reviewsOf(piece.productId);
    expect([page.reviews, page.summary.count]).toEqual([[], 0]);
    const notes = dataOf<{ notifications: UserNotification[] }>(
      await jsonCall(t.app, 'GET', '/api/user/profile/getMyNotifications', { sid: asha.sid }),
    );
    expect(notes.notifications.map((note) => note.body)).toContainEqual(expect.stringContaining('It shares a phone number.'));
    const onlyHidden = dataOf<{ reviews: AdminReview[] }>(
      await adminCall(t.app, 'GET', '/api/admin/review/getAllReviews?status=hidden', { asid: staff.asid }),
    );
    expect(onlyHidden.reviews.map((row) => row._id)).toContain(written._id);

    const other = await buyer(piece.productId, piece.variantId);
    const good = dataOf<{ review: Review }>(
      await addReview(other.sid, { productId: piece.productId, rating: 5, title: 'Beautiful', text: 'Rich colour.' }),
    ).review;
    const replied = await adminCall(t.app, 'POST', `/api/admin/review/replyReview/${good._id}`, {
      asid: owner.asid,
      body: { reply: 'Thank you, Kavya!' },
    });
    expect(replied.statusCode).toBe(200);
    expect((await reviewsOf(piece.productId)).reviews[0]).toMatchObject({ _id: good._id, reply: 'Thank you, Kavya!' });
    const entries = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', `/api/admin/audit?entity=review&entityId=${written._id}`, { asid: owner.asid }),
    ).entries;
    expect(entries.map((entry) => entry.action)).toEqual(['review.hide']);
    expect(
      (await adminCall(t.app, 'POST', '/api/admin/review/hideReview/nope', { asid: owner.asid, body: { reason: 'x' } })).statusCode,
    ).toBe(404);
  });

  it('names a reviewer by her first name and initial', () => {
    expect([reviewerName('Asha Rao'), reviewerName('asha  devi rao'), reviewerName('Asha'), reviewerName('')]).toEqual([
      'Asha R.',
      'asha R.',
      'Asha',
      'A shopper',
    ]);
  });
});
