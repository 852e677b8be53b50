import { AppError, type PageContext, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { createLoadContext, shopperContext } from '../context';
import { action } from './payment-success';

const asha = { _id: 'u1' } as PublicUser;

function post(fields: Record<string, string>, services: Record<string, unknown>) {
  const body = new URLSearchParams(fields);
  const request = new Request('http://localhost/paymentSuccess?orderId=o1', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body.toString())) },
  });
  const context = createLoadContext({ services } as unknown as PageContext);
  context.set(shopperContext, asha);
  return { request, context, params: {}, url: new URL(request.url), pattern: '/paymentSuccess' };
}
const failureOf = (value: unknown) =>
  value as { data: { error: string | null; fields: Record<string, string>; otp: string }; init: { status: number } };

describe("the payment success page's code form (issue 41)", () => {
  it('confirms the COD order with her code and shows the page again, confirmed', async () => {
    const confirmCod = vi.fn(async () => ({}));
    const answer = (await action(post({ otp: ' 123456 ' }, { orders: { confirmCod } }))) as Response;
    expect(confirmCod).toHaveBeenCalledWith('u1', 'o1', '123456');
    expect([answer.status, answer.headers.get('location')]).toEqual([302, '/paymentSuccess?orderId=o1']);
  });

  it('says what is wrong beside the field, keeping what she typed: not six digits, a wrong code, too many tries', async () => {
    const confirmCod = vi.fn();
    const short = failureOf(await action(post({ otp: '12' }, { orders: { confirmCod } })));
    expect([short.init.status, short.data.fields, short.data.otp]).toEqual([
      400,
      { otp: 'Please enter the 6-digit code from the e-mail.' },
      '12',
    ]);
    expect(confirmCod).not.toHaveBeenCalled();

    const wrongWords = 'That code is not right. Please check the 6-digit code in the e-mail and try again.';
    const wrong = vi.fn(async () => {
      throw new AppError('INVALID_DATA', wrongWords, { otp: wrongWords });
    });
    const refused = failureOf(await action(post({ otp: '654321' }, { orders: { confirmCod: wrong } })));
    expect([refused.init.status, refused.data.fields.otp, refused.data.otp]).toEqual([400, wrongWords, '654321']);

    const waiting = vi.fn(async () => {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes. Please try again in 15 minutes.', undefined, 900);
    });
    const throttled = failureOf(await action(post({ otp: '654321' }, { orders: { confirmCod: waiting } })));
    expect([throttled.init.status, throttled.data.error]).toEqual([429, 'Too many wrong codes. Please try again in 15 minutes.']);
  });
});
