import { AppError } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { actionCall, formFailure, loaderCall } from './service-call.server';

/** What a thrown or returned `data(...)` carries: its body and status. */
const answerOf = (value: unknown) => {
  const answer = value as { type?: string; data: unknown; init: ResponseInit | null };
  expect(answer.type).toBe('DataWithResponseInit');
  return { body: answer.data, status: answer.init?.status };
};

describe('loaderCall', () => {
  it('answers the result of the call', async () => {
    await expect(loaderCall(Promise.resolve({ name: 'Kanjivaram saree' }))).resolves.toEqual({ name: 'Kanjivaram saree' });
  });

  it('throws an AppError as the route error answer with its status', async () => {
    const thrown: unknown = await loaderCall(Promise.reject(new AppError('NOT_FOUND', 'Product not found'))).catch(
      (error: unknown) => error,
    );
    expect(answerOf(thrown)).toEqual({ body: { error: 'Product not found' }, status: 404 });
  });

  it('lets any other failure through untouched (a 500 page)', async () => {
    const bug = new Error('connection lost');
    await expect(loaderCall(Promise.reject(bug))).rejects.toBe(bug);
  });
});

describe('actionCall', () => {
  const values = { name: 'Ananya Rao' };

  it('answers what done makes of the result', async () => {
    await expect(actionCall(Promise.resolve(7), (id) => ({ ok: true as const, id }), { values })).resolves.toEqual({ ok: true, id: 7 });
  });

  it('answers an AppError with its message, field messages and status, and echoes the values', async () => {
    const refused = new AppError('INVALID_DATA', 'email: Please enter a valid email.', { email: 'Please enter a valid email.' });
    const answer = await actionCall(Promise.reject(refused), () => ({ ok: true as const }), { values });
    expect(answerOf(answer)).toEqual({
      body: { values, ok: false, error: 'email: Please enter a valid email.', fields: { email: 'Please enter a valid email.' } },
      status: 400,
    });
  });

  it('answers too many requests with 429 and no field messages', async () => {
    const answer = await actionCall(
      Promise.reject(new AppError('TOO_MANY_REQUESTS', 'Too many messages. Please try again in an hour.')),
      () => ({ ok: true as const }),
      { values },
    );
    expect(answerOf(answer)).toEqual({
      body: { values, ok: false, error: 'Too many messages. Please try again in an hour.', fields: {} },
      status: 429,
    });
  });

  it('lets any other failure through untouched', async () => {
    const bug = new TypeError('undefined is not a function');
    await expect(actionCall(Promise.reject(bug), () => ({ ok: true as const }), { values })).rejects.toBe(bug);
  });
});

describe('formFailure', () => {
  it('answers the form with no form message, the field messages and the status', () => {
    expect(answerOf(formFailure(400, { error: null, fields: { name: 'Please enter your name.' } }, { values: { name: '' } }))).toEqual({
      body: { values: { name: '' }, ok: false, error: null, fields: { name: 'Please enter your name.' } },
      status: 400,
    });
  });
});
