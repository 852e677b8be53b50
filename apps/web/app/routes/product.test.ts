import { AppError, deliveryEstimate, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, post, settled } from '../lib/action-test-kit';
import { HELPFUL_THANKS } from '../features/reviews/helpful-action.server';
import { reviewSearch } from '../features/reviews/review-query';
import { action, loader, shouldRevalidate } from './product';

const asha = { _id: 'u1', userFirstName: 'Asha', userLastName: 'Rao', userEmail: 'asha@example.in' } as PublicUser;
const PRODUCT_ID = '5d0c7e8a-4b1f-4c2d-9e3a-1f2b3c4d5e6f';
const REVIEW_ID = '3c9e2d1a-7b6f-4e5d-8c4b-2a1f0e9d8c7b';
const PAGE = `/product/${PRODUCT_ID}`;

function services() {
  return {
    catalogue: {
      getProductDetails: vi.fn(async () => ({ _id: PRODUCT_ID, productName: 'Chanderi Kurta' })),
      relatedProducts: vi.fn(async () => []),
    },
    reviews: {
      forProduct: vi.fn(async () => ({ reviews: [], summary: { average: 0, count: 0, byStars: {} }, total: 0, page: 1, limit: 10 })),
      mine: vi.fn(async () => ({ canReview: true, review: null, hidden: null })),
      markHelpful: vi.fn(async () => 3),
    },
    // As a shop without a courier service answers (issue 42): the rule of thumb's day.
    shipping: {
      estimate: vi.fn(async (pincode: string) => ({
        serviceable: true,
        deliveryBy: deliveryEstimate(pincode, new Date())!.latest,
        cod: false,
      })),
    },
  };
}

function helpful(fields: Record<string, string>, options: { shopper?: PublicUser; enhanced?: boolean } = {}) {
  const stubs = services();
  const args = post(`${PAGE}?color=Red`, fields, { services: stubs as never, params: { productId: PRODUCT_ID }, ...options });
  args.request.headers.set('referer', `http://localhost${PAGE}?color=Red&reviewSort=helpful`);
  return { run: async () => answerOf(await action(args as never).catch((error: unknown) => error)), stubs };
}

describe("the product page's reviews (issue 28)", () => {
  it("marks a review helpful for the signed-in shopper: a fetcher's toast, or back to the page", async () => {
    const enhanced = helpful({ intent: 'markHelpful', reviewId: REVIEW_ID }, { shopper: asha, enhanced: true });
    expect(await enhanced.run()).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: HELPFUL_THANKS } } });
    expect(enhanced.stubs.reviews.markHelpful).toHaveBeenCalledWith('u1', REVIEW_ID);
    expect(await helpful({ intent: 'markHelpful', reviewId: REVIEW_ID }, { shopper: asha }).run()).toMatchObject({
      status: 302,
      location: `${PAGE}?color=Red&reviewSort=helpful`,
    });
  });

  it('sends a signed-out shopper to log in and back to the page', async () => {
    const { run, stubs } = helpful({ intent: 'markHelpful', reviewId: REVIEW_ID });
    const answer = await run();
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/login?redirectUrl=${encodeURIComponent(`${PAGE}?color=Red&reviewSort=helpful`)}`);
    expect(stubs.reviews.markHelpful).not.toHaveBeenCalled();
  });

  it('tells her own review, or an unknown intent, as the toast', async () => {
    const own = helpful({ intent: 'markHelpful', reviewId: REVIEW_ID }, { shopper: asha, enhanced: true });
    own.stubs.reviews.markHelpful.mockRejectedValueOnce(new AppError('NOT_ALLOWED', 'You cannot mark your own review helpful.'));
    expect(await own.run()).toEqual({ status: 403, body: { ok: false, error: 'You cannot mark your own review helpful.', fields: {} } });
    expect((await helpful({ intent: 'other' }, { shopper: asha, enhanced: true }).run()).status).toBe(400);
  });

  it("loads the URL's page and order of reviews, and whether the shopper may write one", async () => {
    const stubs = services();
    const args = get(`${PAGE}?size=M&reviewSort=helpful&reviewPage=2`, {
      services: stubs as never,
      shopper: asha,
      params: { productId: PRODUCT_ID },
    });
    const answer = await settled(() => loader(args as never));
    expect(stubs.reviews.forProduct).toHaveBeenCalledWith(PRODUCT_ID, { page: 2, sort: 'helpful' });
    expect(stubs.reviews.mine).toHaveBeenCalledWith('u1', PRODUCT_ID);
    expect(answer.body).toMatchObject({ reviewSort: 'helpful', myReview: { canReview: true, reviewed: false, hidden: null } });

    // Signed out, or a malformed page and order: the first page, most recent first, and no link to write one.
    const signedOut = services();
    const odd = get(`${PAGE}?reviewSort=best&reviewPage=x`, { services: signedOut as never, params: { productId: PRODUCT_ID } });
    expect((await settled(() => loader(odd as never))).body).toMatchObject({
      reviewSort: 'recent',
      myReview: { canReview: false, reviewed: false },
    });
    expect(signedOut.reviews.forProduct).toHaveBeenCalledWith(PRODUCT_ID, { page: 1, sort: 'recent' });
    expect(signedOut.reviews.mine).not.toHaveBeenCalled();
  });

  it('tells the page when the owner hid her review, with its title and the reason she was given (issue 38)', async () => {
    const stubs = services();
    stubs.reviews.mine.mockResolvedValueOnce({
      canReview: true,
      review: { _id: REVIEW_ID, title: 'Call me' },
      hidden: { at: '2026-05-01T10:00:00.000Z', reason: 'It shares a phone number.' },
    } as never);
    const args = get(PAGE, { services: stubs as never, shopper: asha, params: { productId: PRODUCT_ID } });
    expect((await settled(() => loader(args as never))).body).toMatchObject({
      myReview: { canReview: true, reviewed: true, hidden: { title: 'Call me', reason: 'It shares a phone number.' } },
    });
  });

  it('reloads for another page or order of reviews, not for a colour or size', () => {
    const at = (search: string) => new URL(`http://localhost${PAGE}${search}`);
    const revalidate = (from: string, to: string) =>
      shouldRevalidate({ currentUrl: at(from), nextUrl: at(to), defaultShouldRevalidate: true } as never);
    expect(revalidate('?color=Red', '?color=Blue')).toBe(false);
    expect(revalidate('?color=Red', '?color=Red&reviewPage=2')).toBe(true);
    expect(revalidate('', '?reviewSort=helpful')).toBe(true);
    expect(reviewSearch(new URLSearchParams('color=Red&reviewPage=3'), { sort: 'helpful' })).toBe('?color=Red&reviewSort=helpful');
    expect(reviewSearch(new URLSearchParams('reviewSort=helpful&reviewPage=2'), { page: 1 })).toBe('?reviewSort=helpful');
  });
});

describe("the product page's delivery check without scripts (issue 28)", () => {
  it('answers ?pincode= in the loader: a day for a known pincode, words for an unknown one, nothing when not asked', async () => {
    const place = { pincode: '560001', district: 'Bengaluru Urban', state: 'Karnataka', localities: ['Bangalore G.P.O.'] };
    const lookup = vi.fn((pincode: string) => (pincode === '560001' ? place : null));
    const load = async (search: string) => {
      const args = get(`${PAGE}${search}`, {
        services: { ...services(), pincodes: { lookup } } as never,
        params: { productId: PRODUCT_ID },
      });
      return (await settled(() => loader(args as never))).body as { deliveryCheck: unknown };
    };
    expect((await load('?color=Red&pincode=560001')).deliveryCheck).toEqual({
      pincode: '560001',
      answer: { ok: true, text: expect.stringMatching(/^Delivery by .+ to 560001, Bengaluru Urban, Karnataka\.$/) as string },
    });
    expect((await load('?pincode=999999')).deliveryCheck).toEqual({
      pincode: '999999',
      answer: { ok: false, text: 'We could not find pincode 999999, so we cannot promise a delivery day. Please check it.' },
    });
    expect((await load('?color=Red')).deliveryCheck).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('says so before she orders when no courier delivers to the pincode (issue 42)', async () => {
    const place = { pincode: '744101', district: 'South Andaman', state: 'Andaman and Nicobar Islands', localities: ['Port Blair H.O'] };
    const stubs = { ...services(), pincodes: { lookup: vi.fn(() => place) } };
    stubs.shipping.estimate.mockResolvedValueOnce({ serviceable: false, deliveryBy: null, cod: false } as never);
    const args = get(`${PAGE}?pincode=744101`, { services: stubs as never, params: { productId: PRODUCT_ID } });
    expect(((await settled(() => loader(args as never))).body as { deliveryCheck: unknown }).deliveryCheck).toEqual({
      pincode: '744101',
      answer: {
        ok: false,
        text: 'Our couriers do not deliver to 744101, South Andaman, Andaman and Nicobar Islands yet, so we cannot ship there.',
      },
    });
  });
});
