import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AdminReview, AuditEntry, ProductReviews, Review, UserNotification } from '@shop/core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, uniqueIp } from '../test/accounts.js';
import { adminCall, approvedAndReceived, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
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
    expect(await t.services.reviews.mine(waiting.userId, piece.productId)).toEqual({ canReview: false, review: null, hidden: null });
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

  it('still lets her review a piece she received and sent back (returned, refunded): she had it in her hands', async () => {
    const piece = await sellableProduct(t, { name: 'Returned Dupatta', stock: 10 });
    const order = await buyer(piece.productId, piece.variantId);
    const asked = await jsonCall(t.app, 'POST', `/api/user/order/requestReturn/${order.orderId}`, {
      sid: order.sid,
      body: { reason: 'damaged' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await approvedAndReceived(t.app, staff.asid, order.orderId)).statusCode).toBe(200);
    expect((await adminCall(t.app, 'POST', `/api/admin/order/refundOrder/${order.orderId}`, { asid: owner.asid })).statusCode).toBe(200);
    const review = await addReview(order.sid, {
      productId: piece.productId,
      rating: 2,
      title: 'Arrived torn',
      text: 'The border was pulled.',
    });
    expect(review.statusCode, review.body).toBe(201);
  });
});

/** Her review as the form posts it with photos: multipart, the files in the repeated field `photos`. */
function multipartReview(
  sid: string,
  fields: Record<string, string | string[]>,
  files: Array<{ bytes: Buffer; name: string; type: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  for (const file of files) form.append('photos', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return t.app.inject({ method: 'POST', url: '/api/user/review/addReview', payload: form, remoteAddress: uniqueIp(), cookies: { sid } });
}

const picture = async (colour: string, format: 'jpeg' | 'png' = 'jpeg') => ({
  bytes: await sharp({ create: { width: 60, height: 80, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer(),
  name: `photo.${format === 'jpeg' ? 'jpg' : 'png'}`,
  type: `image/${format}`,
});

/** Where the media store keeps a photo's default rendition (its URL under /media). */
const fileOf = (url: string) => path.join(t.mediaDir, url.replace(/^\/media\//, ''));

describe('photos on reviews', () => {
  it('takes one to three photos with a review (multipart), shows them with their renditions, and refuses a fourth naming the field', async () => {
    const piece = await sellableProduct(t, { name: 'Photographed Kurta', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const text = { productId: piece.productId, rating: '5', title: 'See the colour', text: 'Just like the pictures.' };
    const one = await multipartReview(asha.sid, text, [await picture('#aa2244')]);
    expect(one.statusCode, one.body).toBe(201);
    const first = dataOf<{ review: Review }>(one).review;
    expect(first.photos).toHaveLength(1);
    expect(first.photos[0]!.url).toMatch(/^\/media\/review-.+-640\.webp$/);
    // Stored in the product photos' renditions: the largest is 1280 wide, in the photo's proportions.
    expect(first.photos[0]).toMatchObject({ width: 1280, height: 1707 });
    expect(first.photos[0]!.srcset).toContain(' 320w');
    expect(existsSync(fileOf(first.photos[0]!.url))).toBe(true);

    // Two more make three; a fourth is refused, naming the field, and nothing of it is kept.
    const three = await multipartReview(asha.sid, text, [await picture('#22aa44', 'png'), await picture('#2244aa')]);
    expect(three.statusCode, three.body).toBe(200);
    const photos = dataOf<{ review: Review }>(three).review.photos;
    expect(photos.map((photo) => photo._id).slice(0, 1)).toEqual([first.photos[0]!._id]);
    expect(photos).toHaveLength(3);
    const fourth = await multipartReview(asha.sid, text, [await picture('#aaaa22')]);
    expect([fourth.statusCode, errorOf(fourth)]).toEqual([400, 'photos: A review can have at most 3 photos.']);
    expect(fourth.json<ErrorEnvelope>().fields).toEqual({ photos: 'A review can have at most 3 photos.' });
    const fourAtOnce = await multipartReview(
      (await buyer(piece.productId, piece.variantId)).sid,
      text,
      await Promise.all(['#111111', '#222222', '#333333', '#444444'].map((colour) => picture(colour))),
    );
    expect([fourAtOnce.statusCode, errorOf(fourAtOnce)]).toEqual([400, 'photos: A review can have at most 3 photos.']);

    const page = await reviewsOf(piece.productId);
    expect(page.reviews.find((review) => review._id === first._id)?.photos.map((photo) => photo._id)).toEqual(
      photos.map((photo) => photo._id),
    );
  });

  it('refuses a file that is not an image (by content), and a bad field as JSON does', async () => {
    const piece = await sellableProduct(t, { name: 'Unphotographed Saree', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const text = { productId: piece.productId, rating: '4', title: 'Nice', text: 'Good weave.' };
    const fake = { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'photo.jpg', type: 'image/jpeg' };
    const refused = await multipartReview(asha.sid, text, [await picture('#aa2244'), fake]);
    expect([refused.statusCode, errorOf(refused)]).toEqual([400, 'photos: Only image files can be uploaded']);
    expect(await t.services.reviews.mine(asha.userId, piece.productId)).toMatchObject({ review: null });
    const noStars = await multipartReview(asha.sid, { ...text, rating: '0' }, [await picture('#aa2244')]);
    expect([noStars.statusCode, errorOf(noStars)]).toEqual([400, 'rating: Please choose 1 to 5 stars.']);
  });

  it('refuses a photo of more than 40 megapixels (a small PNG) in words naming the field, storing nothing (issue 38)', async () => {
    const piece = await sellableProduct(t, { name: 'Panorama Stole', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const huge = {
      bytes: await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
      name: 'panorama.png',
      type: 'image/png',
    };
    const text = { productId: piece.productId, rating: '5', title: 'Wide', text: 'Very wide.' };
    const refused = await multipartReview(asha.sid, text, [huge]);
    const words = 'This photo is 8000 × 6000 pixels; each photo must be at most 40 megapixels (8000 × 5000, say).';
    expect([refused.statusCode, errorOf(refused), refused.json<ErrorEnvelope>().fields]).toEqual([
      400,
      `photos: ${words}`,
      { photos: words },
    ]);
    expect(await t.services.reviews.mine(asha.userId, piece.productId)).toMatchObject({ review: null });
  });

  it('lets an edit keep, remove and add photos: the files of a removed one are deleted; JSON edits keep them', async () => {
    const piece = await sellableProduct(t, { name: 'Edited Dupatta', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const text = { productId: piece.productId, rating: '4', title: 'Soft', text: 'Light and soft.' };
    const written = dataOf<{ review: Review }>(
      await multipartReview(asha.sid, text, [await picture('#aa2244'), await picture('#22aa44')]),
    ).review;
    const [gone, kept] = written.photos as [Review['photos'][number], Review['photos'][number]];
    expect(existsSync(fileOf(gone.url))).toBe(true);

    // JSON still works, and leaves her photos as they are.
    const json = await addReview(asha.sid, { productId: piece.productId, rating: 3, title: 'Soft', text: 'Creases easily.' });
    expect(json.statusCode, json.body).toBe(200);
    expect(dataOf<{ review: Review }>(json).review).toMatchObject({ rating: 3, photos: [{ _id: gone._id }, { _id: kept._id }] });

    const edited = await multipartReview(asha.sid, { ...text, removePhotos: [gone._id] }, [await picture('#2244aa')]);
    expect(edited.statusCode, edited.body).toBe(200);
    const after = dataOf<{ review: Review }>(edited).review.photos;
    expect(after).toHaveLength(2);
    expect(after[0]!._id).toBe(kept._id);
    expect(existsSync(fileOf(gone.url))).toBe(false);
    expect(existsSync(fileOf(kept.url))).toBe(true);
    expect(existsSync(fileOf(after[1]!.url))).toBe(true);

    // Removing by JSON too; with three kept a removal makes room for one more.
    const removed = await addReview(asha.sid, { ...text, rating: 4, removePhotos: [kept._id] });
    expect(dataOf<{ review: Review }>(removed).review.photos.map((photo) => photo._id)).toEqual([after[1]!._id]);
    expect(existsSync(fileOf(kept.url))).toBe(false);
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
    // Issue 38: her own view of it says it is hidden, and why, for the product page to tell her.
    const mine = await t.services.reviews.mine(asha.userId, piece.productId);
    expect([mine.review?._id, mine.hidden?.reason, Date.parse(mine.hidden?.at ?? '') > 0]).toEqual([
      written._id,
      'It shares a phone number.',
      true,
    ]);
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

  it('unhides a hidden review (owner only, audited): it is back on the page and in the stars', async () => {
    const piece = await sellableProduct(t, { name: 'Unhidden Lehenga', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const written = dataOf<{ review: Review }>(
      await addReview(asha.sid, { productId: piece.productId, rating: 4, title: 'Twirls well', text: 'Heavy but lovely.' }),
    ).review;
    const hidden = await adminCall(t.app, 'POST', `/api/admin/review/hideReview/${written._id}`, {
      asid: owner.asid,
      body: { reason: 'Checking a complaint.' },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await reviewsOf(piece.productId)).summary.count).toBe(0);

    const unhide = (asid: string, reviewId = written._id) =>
      adminCall(t.app, 'POST', `/api/admin/review/unhideReview/${reviewId}`, { asid, body: {} });
    expect((await unhide(staff.asid)).statusCode).toBe(403);
    const shown = await unhide(owner.asid);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(await t.services.reviews.mine(asha.userId, piece.productId)).toMatchObject({ hidden: null });
    const page = await reviewsOf(piece.productId);
    expect(page.reviews.map((review) => review._id)).toEqual([written._id]);
    expect(page.summary).toMatchObject({ average: 4, count: 1 });
    const listed = dataOf<{ reviews: AdminReview[] }>(
      await adminCall(t.app, 'GET', '/api/admin/review/getAllReviews?status=visible', { asid: staff.asid }),
    );
    expect(listed.reviews.find((row) => row._id === written._id)).toMatchObject({ hiddenAt: null, hiddenReason: null });
    const entries = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', `/api/admin/audit?entity=review&entityId=${written._id}`, { asid: owner.asid }),
    ).entries;
    expect(entries.map((entry) => entry.action).sort()).toEqual(['review.hide', 'review.unhide']);
    expect((await unhide(owner.asid, 'nope')).statusCode).toBe(404);
  });

  it("takes a hidden review's photos off their names (404; a CDN keeps them minutes), shows them to the owner and to her, and puts them back when shown (issue 38)", async () => {
    const piece = await sellableProduct(t, { name: 'Hidden Photo Kurti', stock: 10 });
    const asha = await buyer(piece.productId, piece.variantId);
    const text = { productId: piece.productId, rating: '2', title: 'Look', text: 'See this.' };
    const written = dataOf<{ review: Review }>(await multipartReview(asha.sid, text, [await picture('#aa5522')])).review;
    const shownPhoto = written.photos[0]!;
    const publicUrls = [shownPhoto.url, ...shownPhoto.srcset.split(', ').map((entry) => entry.split(' ')[0]!)];
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const served = await get(shownPhoto.url);
    expect([served.statusCode, served.headers['cache-control']]).toEqual([200, 'public, max-age=300']);

    const hidden = await adminCall(t.app, 'POST', `/api/admin/review/hideReview/${written._id}`, {
      asid: owner.asid,
      body: { reason: 'The photo shows a face.' },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    for (const url of publicUrls) expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    const shownFolder = path.dirname(fileOf(shownPhoto.url));
    const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder) : []);
    expect(filesIn(shownFolder)).toEqual([]);

    // The owner and she still see it, at a name no page showed.
    const listed = dataOf<{ reviews: AdminReview[] }>(
      await adminCall(t.app, 'GET', '/api/admin/review/getAllReviews?status=hidden', { asid: staff.asid }),
    ).reviews.find((row) => row._id === written._id)!;
    const hiddenUrl = listed.photos[0]!.url;
    expect(hiddenUrl).not.toBe(shownPhoto.url);
    expect(hiddenUrl).toMatch(/^\/media\/hidden-[0-9a-f]{32}\/[0-9a-f]+-640\.webp$/);
    const privately = await get(hiddenUrl);
    expect([privately.statusCode, privately.headers['cache-control']]).toEqual([200, 'public, max-age=300']);
    expect((await t.services.reviews.mine(asha.userId, piece.productId)).review?.photos.map((photo) => photo.url)).toEqual([hiddenUrl]);

    // Her edit of the hidden review: a new photo goes under the hidden name too, none under a public one.
    const edited = dataOf<{ review: Review }>(await multipartReview(asha.sid, text, [await picture('#2255aa')])).review;
    expect(edited.photos.map((photo) => photo.url.split('/')[2])).toEqual([hiddenUrl.split('/')[2], expect.stringMatching(/^hidden-/)]);
    expect(filesIn(shownFolder)).toEqual([]);

    // Shown again: back under the review's own folder, the hidden names gone.
    const unhidden = await adminCall(t.app, 'POST', `/api/admin/review/unhideReview/${written._id}`, { asid: owner.asid, body: {} });
    expect(unhidden.statusCode, unhidden.body).toBe(200);
    const back = (await reviewsOf(piece.productId)).reviews.find((review) => review._id === written._id)!;
    expect(back.photos[0]!.url).toBe(shownPhoto.url);
    expect(back.photos[1]!.url).toMatch(new RegExp(`^/media/review-${written._id}/`));
    for (const photo of back.photos) expect((await get(photo.url)).statusCode).toBe(200);
    for (const photo of edited.photos) expect((await get(photo.url)).statusCode).toBe(404);
    expect(filesIn(path.dirname(fileOf(hiddenUrl)))).toEqual([]);
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
