import { AppError, REVIEW_NOT_RECEIVED, TOO_MANY_REVIEW_PHOTOS, type PublicUser, type Review } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, post, settled } from '../lib/action-test-kit';
import { action, loader, REVIEW_CREATED, REVIEW_UPDATED } from './user.review';

const asha = { _id: 'u1', userFirstName: 'Asha', userLastName: 'Rao', userEmail: 'asha@example.in' } as PublicUser;
const PRODUCT_ID = '5d0c7e8a-4b1f-4c2d-9e3a-1f2b3c4d5e6f';
const REVIEW = { _id: 'r1', productId: PRODUCT_ID, rating: 4, title: 'Lovely fabric', text: 'Soft and true to size.' } as Review;
const FIELDS = { rating: '5', title: '  Lovely fabric ', text: 'Soft and true to size.' };

function reviewsStub() {
  return {
    add: vi.fn(async () => ({ review: REVIEW, created: true })),
    mine: vi.fn(async () => ({ canReview: true, review: null as Review | null, hidden: null as { at: string; reason: string } | null })),
  };
}

function write(fields: Record<string, string>, reviews = reviewsStub()) {
  const args = post(`/user/reviews/${PRODUCT_ID}`, fields, { services: { reviews }, shopper: asha, params: { productId: PRODUCT_ID } });
  return { run: async () => answerOf(await action(args as never)), reviews };
}

describe('the write-a-review page (issue 28)', () => {
  it('saves a new review and goes back to the product’s reviews thanking her', async () => {
    const { run, reviews } = write(FIELDS);
    expect(await run()).toEqual({
      status: 302,
      location: `/product/${PRODUCT_ID}#reviews`,
      flash: { kind: 'success', message: REVIEW_CREATED },
    });
    expect(reviews.add).toHaveBeenCalledWith(
      'u1',
      { productId: PRODUCT_ID, rating: 5, title: 'Lovely fabric', text: 'Soft and true to size.', removePhotos: [] },
      [],
    );
  });

  it('hands the photos of a multipart post to the service, with those she takes off; a fourth is refused beside them', async () => {
    const multipart = (photos: number, remove: string[]) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(FIELDS)) form.append(name, value);
      for (const id of remove) form.append('removePhotos', id);
      for (let i = 0; i < photos; i++) form.append('photos', new File([new Uint8Array([1, 2, 3, i])], `p${i}.jpg`, { type: 'image/jpeg' }));
      // An empty file input sends a part without bytes: not a photo.
      form.append('photos', new File([], '', { type: 'application/octet-stream' }));
      const reviews = reviewsStub();
      const args = post(`/user/reviews/${PRODUCT_ID}`, {}, { services: { reviews }, shopper: asha, params: { productId: PRODUCT_ID } });
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      return {
        reviews,
        run: async () => {
          const body = await encoded.arrayBuffer();
          const request = new Request(args.request.url, {
            method: 'POST',
            headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.byteLength) },
            body,
          });
          return answerOf(await action({ ...args, request } as never));
        },
      };
    };
    const two = multipart(2, ['p-1']);
    expect(await two.run()).toMatchObject({ status: 302, flash: { kind: 'success', message: REVIEW_CREATED } });
    expect(two.reviews.add).toHaveBeenCalledWith('u1', expect.objectContaining({ removePhotos: ['p-1'] }), [
      new Uint8Array([1, 2, 3, 0]),
      new Uint8Array([1, 2, 3, 1]),
    ]);
    const four = multipart(4, []);
    expect(await four.run()).toMatchObject({ status: 400, body: { fields: { photos: TOO_MANY_REVIEW_PHOTOS } } });
    expect(four.reviews.add).not.toHaveBeenCalled();
  });

  it('says her edit is saved when she had written one', async () => {
    const reviews = reviewsStub();
    reviews.add.mockResolvedValueOnce({ review: REVIEW, created: false });
    expect(await write(FIELDS, reviews).run()).toMatchObject({ status: 302, flash: { kind: 'success', message: REVIEW_UPDATED } });
  });

  it('refuses a product she has not received in the service’s words (403), keeping what she typed', async () => {
    const reviews = reviewsStub();
    reviews.add.mockRejectedValueOnce(new AppError('NOT_ALLOWED', REVIEW_NOT_RECEIVED));
    expect(await write(FIELDS, reviews).run()).toEqual({
      status: 403,
      body: { ok: false, error: REVIEW_NOT_RECEIVED, fields: {}, values: FIELDS },
    });
  });

  it('refuses missing stars, title and text beside their fields without calling the service', async () => {
    const { run, reviews } = write({ rating: '', title: ' ', text: '' });
    expect(await run()).toEqual({
      status: 400,
      body: {
        ok: false,
        error: null,
        fields: {
          rating: 'Please choose 1 to 5 stars.',
          title: 'Please give your review a title.',
          text: 'Please tell us what you thought.',
        },
        values: { rating: '', title: ' ', text: '' },
      },
    });
    expect(reviews.add).not.toHaveBeenCalled();
    expect((await write({ ...FIELDS, rating: '6' }).run()).body).toMatchObject({ fields: { rating: 'Please choose 1 to 5 stars.' } });
  });

  it('loads the product and her review to edit; a product she has not received says so', async () => {
    const catalogue = {
      getProductDetails: vi.fn(async () => ({ _id: PRODUCT_ID, productName: 'Chanderi Kurta', productImages: [] })),
    };
    const reviews = reviewsStub();
    reviews.mine.mockResolvedValueOnce({ canReview: true, review: REVIEW, hidden: null });
    const args = get(`/user/reviews/${PRODUCT_ID}`, {
      services: { catalogue, reviews } as never,
      shopper: asha,
      params: { productId: PRODUCT_ID },
    });
    expect(await settled(() => loader(args as never))).toEqual({
      status: 200,
      body: { product: { _id: PRODUCT_ID, productName: 'Chanderi Kurta', image: null }, canReview: true, review: REVIEW, hidden: null },
    });
    expect(reviews.mine).toHaveBeenCalledWith('u1', PRODUCT_ID);

    // Hidden by the owner (issue 38): the page tells her, with the reason she was given.
    reviews.mine.mockResolvedValueOnce({
      canReview: true,
      review: REVIEW,
      hidden: { at: '2026-05-01T10:00:00.000Z', reason: 'Off topic.' },
    });
    expect((await settled(() => loader(args as never))).body).toMatchObject({ hidden: { title: REVIEW.title, reason: 'Off topic.' } });

    catalogue.getProductDetails.mockRejectedValueOnce(new AppError('NOT_FOUND', 'Product not found'));
    expect(await settled(() => loader(args as never))).toMatchObject({ status: 404 });
  });
});
