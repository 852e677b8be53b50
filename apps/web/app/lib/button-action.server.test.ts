import { AppError } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { answerOf } from './action-test-kit';
import { buttonCall } from './button-action.server';

const form = (enhanced: boolean) => {
  const data = new FormData();
  if (enhanced) data.set('_enhanced', '1');
  return data;
};
const deleted = { kind: 'success' as const, message: 'Address deleted.' };
const refused = () => Promise.reject(new AppError('NOT_FOUND', 'Address not found.'));

describe('buttonCall', () => {
  it('goes back with the message after a plain post, and answers it to an enhanced one', async () => {
    expect(answerOf(await buttonCall(form(false), '/user/addresses', () => Promise.resolve(), deleted))).toEqual({
      status: 302,
      location: '/user/addresses',
      flash: deleted,
    });
    expect(answerOf(await buttonCall(form(true), '/user/addresses', () => Promise.resolve(), deleted))).toEqual({
      status: 200,
      body: { ok: true, toast: deleted },
    });
  });

  it('without a message: back to the page, or just ok', async () => {
    expect(answerOf(await buttonCall(form(false), '/user/notifications', () => Promise.resolve()))).toEqual({
      status: 302,
      location: '/user/notifications',
    });
    expect(answerOf(await buttonCall(form(true), '/user/notifications', () => Promise.resolve()))).toEqual({
      status: 200,
      body: { ok: true },
    });
  });

  it('a refusal goes back as an error message after a plain post, and as the failure with its status to an enhanced one', async () => {
    expect(answerOf(await buttonCall(form(false), '/user/addresses', refused, deleted))).toEqual({
      status: 302,
      location: '/user/addresses',
      flash: { kind: 'error', message: 'Address not found.' },
    });
    expect(answerOf(await buttonCall(form(true), '/user/addresses', refused, deleted))).toEqual({
      status: 404,
      body: { ok: false, error: 'Address not found.', fields: {} },
    });
  });

  it('takes a plain string as the success message', async () => {
    expect(answerOf(await buttonCall(form(true), '/admin/order/1', () => Promise.resolve(), 'Order marked shipped.'))).toEqual({
      status: 200,
      body: { ok: true, toast: { kind: 'success', message: 'Order marked shipped.' } },
    });
  });

  it('a change that throws before its first await is refused like any other', async () => {
    const throwsAtOnce = () => {
      throw new AppError('NOT_ALLOWED', 'Only the owner can do this.');
    };
    expect(answerOf(await buttonCall(form(true), '/admin', throwsAtOnce))).toEqual({
      status: 403,
      body: { ok: false, error: 'Only the owner can do this.', fields: {} },
    });
  });

  it('lets an unexpected failure through (the error page)', async () => {
    const bug = new Error('connection lost');
    await expect(buttonCall(form(true), '/', () => Promise.reject(bug))).rejects.toBe(bug);
  });
});
