import { AppError, OWNER_ONLY, type PublicAdmin } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, OWNER_ACTOR, post, settled, STAFF, type PostOptions } from '../features/admin/admin-test-kit';
import { action, loader, REPLY_POSTED, REPLY_REMOVED, REVIEW_HIDDEN, REVIEW_UNHIDDEN } from './admin.reviews';

const REVIEW_ID = '3c9e2d1a-7b6f-4e5d-8c4b-2a1f0e9d8c7b';

function reviewsStub() {
  return {
    list: vi.fn(async () => ({ reviews: [], total: 0, page: 1, limit: 50 })),
    hide: vi.fn(async () => {}),
    unhide: vi.fn(async () => {}),
    reply: vi.fn(async () => {}),
  };
}

async function move(admin: PublicAdmin, fields: Record<string, string>, options: PostOptions = {}) {
  const reviews = reviewsStub();
  const args = post('/admin/reviews?status=visible', fields, { services: { reviews }, admin, ...options });
  return { answer: answerOf(await action(args)), reviews };
}

describe("the back-office's reviews (issue 28)", () => {
  it('lets the owner hide a review with her reason, audited under her name', async () => {
    const { answer, reviews } = await move(
      OWNER,
      { intent: 'hide', reviewId: REVIEW_ID, reason: ' Not about the product ' },
      { enhanced: true },
    );
    expect(reviews.hide).toHaveBeenCalledWith(OWNER_ACTOR, REVIEW_ID, 'Not about the product');
    expect(answer).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: REVIEW_HIDDEN } } });
  });

  it('lets the owner show a hidden review again; staff are refused', async () => {
    const { answer, reviews } = await move(OWNER, { intent: 'unhide', reviewId: REVIEW_ID }, { enhanced: true });
    expect(reviews.unhide).toHaveBeenCalledWith(OWNER_ACTOR, REVIEW_ID);
    expect(answer).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: REVIEW_UNHIDDEN } } });
    const plain = await move(OWNER, { intent: 'unhide', reviewId: REVIEW_ID });
    expect(plain.answer).toMatchObject({ status: 302, flash: { kind: 'success', message: REVIEW_UNHIDDEN } });
    const byStaff = await move(STAFF, { intent: 'unhide', reviewId: REVIEW_ID }, { enhanced: true });
    expect(byStaff.answer).toEqual({ status: 403, body: { ok: false, error: OWNER_ONLY, fields: {} } });
    expect(byStaff.reviews.unhide).not.toHaveBeenCalled();
  });

  it('asks for a reason before hiding; a plain post goes back with the message', async () => {
    const { answer, reviews } = await move(OWNER, { intent: 'hide', reviewId: REVIEW_ID, reason: '  ' });
    expect(answer).toEqual({ status: 302, location: '/admin/reviews', flash: { kind: 'error', message: 'Please give a reason.' } });
    expect(reviews.hide).not.toHaveBeenCalled();
  });

  it('refuses staff as the API does (403), hiding or replying', async () => {
    const posts: Array<Record<string, string>> = [
      { intent: 'hide', reviewId: REVIEW_ID, reason: 'Spam' },
      { intent: 'reply', reviewId: REVIEW_ID, reply: 'Thank you!' },
    ];
    for (const fields of posts) {
      const { answer, reviews } = await move(STAFF, fields, { enhanced: true });
      expect(answer).toEqual({ status: 403, body: { ok: false, error: OWNER_ONLY, fields: {} } });
      expect(reviews.hide).not.toHaveBeenCalled();
      expect(reviews.reply).not.toHaveBeenCalled();
    }
  });

  it('posts the owner’s reply, and an empty one takes it down', async () => {
    const posted = await move(OWNER, { intent: 'reply', reviewId: REVIEW_ID, reply: ' Thank you, Asha! ' });
    expect(posted.reviews.reply).toHaveBeenCalledWith(OWNER_ACTOR, REVIEW_ID, 'Thank you, Asha!');
    expect(posted.answer).toMatchObject({ status: 302, flash: { kind: 'success', message: REPLY_POSTED } });
    const removed = await move(OWNER, { intent: 'reply', reviewId: REVIEW_ID, reply: '' }, { enhanced: true });
    expect(removed.reviews.reply).toHaveBeenCalledWith(OWNER_ACTOR, REVIEW_ID, '');
    expect(removed.answer.body).toEqual({ ok: true, toast: { kind: 'success', message: REPLY_REMOVED } });
  });

  it('tells a review that is gone as the toast', async () => {
    const reviews = reviewsStub();
    reviews.hide.mockRejectedValueOnce(new AppError('NOT_FOUND', 'Review not found'));
    const args = post(
      '/admin/reviews',
      { intent: 'hide', reviewId: 'nope', reason: 'Spam' },
      { services: { reviews }, admin: OWNER, enhanced: true },
    );
    expect(answerOf(await action(args as never))).toEqual({ status: 404, body: { ok: false, error: 'Review not found', fields: {} } });
  });

  it('lists the filter the URL asks for, for any admin; an unknown filter is all of them', async () => {
    const reviews = reviewsStub();
    const hidden = await settled(() => loader(get('/admin/reviews?status=hidden&page=2', { services: { reviews }, admin: STAFF })));
    expect(reviews.list).toHaveBeenLastCalledWith({ status: 'hidden', page: 2 });
    expect(hidden.body).toMatchObject({ status: 'hidden', isOwner: false });
    const any = await settled(() => loader(get('/admin/reviews?status=odd', { services: { reviews }, admin: OWNER })));
    expect(reviews.list).toHaveBeenLastCalledWith({});
    expect(any.body).toMatchObject({ status: 'all', isOwner: true });
  });
});
