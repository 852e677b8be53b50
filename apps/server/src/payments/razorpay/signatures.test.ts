import { createHmac } from 'node:crypto';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { describe, expect, it } from 'vitest';
import { paymentSignature, verifyPaymentSignature, verifyWebhookSignature, webhookSignature } from './signatures.js';

const SECRET = 'emulator_secret_do_not_use_in_production';
const ORDER = 'order_IluGWxBm9U8zJ8';
const PAYMENT = 'pay_IluH4RiUvDdfRZ';

describe('paymentSignature', () => {
  it('is the hex HMAC-SHA256 of order_id|payment_id with the key secret', () => {
    const expected = createHmac('sha256', SECRET).update(`${ORDER}|${PAYMENT}`).digest('hex');
    expect(paymentSignature(ORDER, PAYMENT, SECRET)).toBe(expected);
  });

  it('signs with the same HMAC-SHA256 as RFC 4231 test case 2', () => {
    // RFC 4231 §4.3: key 'Jefe', data 'what do ya want for nothing?'. Pinned, so a change of algorithm cannot slip by.
    expect(webhookSignature('what do ya want for nothing?', 'Jefe')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it("is accepted by the official razorpay package's validatePaymentVerification", () => {
    const signature = paymentSignature(ORDER, PAYMENT, SECRET);
    expect(validatePaymentVerification({ order_id: ORDER, payment_id: PAYMENT }, signature, SECRET)).toBe(true);
    expect(validatePaymentVerification({ order_id: ORDER, payment_id: PAYMENT }, signature, 'another secret')).toBe(false);
  });
});

describe('verifyPaymentSignature', () => {
  const signature = paymentSignature(ORDER, PAYMENT, SECRET);

  it('accepts the signature Razorpay computes', () => {
    expect(verifyPaymentSignature({ orderId: ORDER, paymentId: PAYMENT, signature }, SECRET)).toBe(true);
  });

  it.each([
    ['another order', { orderId: 'order_IluGWxBm9U8zJ9', paymentId: PAYMENT, signature }],
    ['another payment', { orderId: ORDER, paymentId: 'pay_IluH4RiUvDdfRA', signature }],
    [
      'a changed character',
      { orderId: ORDER, paymentId: PAYMENT, signature: `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}` },
    ],
    ['a shorter signature', { orderId: ORDER, paymentId: PAYMENT, signature: signature.slice(0, 63) }],
    ['a longer signature', { orderId: ORDER, paymentId: PAYMENT, signature: `${signature}00` }],
    ['upper-case hex', { orderId: ORDER, paymentId: PAYMENT, signature: signature.toUpperCase() }],
    ['an empty signature', { orderId: ORDER, paymentId: PAYMENT, signature: '' }],
    ['non-hex text of the right length', { orderId: ORDER, paymentId: PAYMENT, signature: 'z'.repeat(64) }],
  ])('refuses %s', (_case, payment) => {
    expect(verifyPaymentSignature(payment, SECRET)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    expect(verifyPaymentSignature({ orderId: ORDER, paymentId: PAYMENT, signature: paymentSignature(ORDER, PAYMENT, 'x') }, SECRET)).toBe(
      false,
    );
  });
});

describe('verifyWebhookSignature', () => {
  const WEBHOOK_SECRET = 'emulator_webhook_secret';
  const body = '{"entity":"event","account_id":"acc_EmulatorShop01","event":"payment.captured","contains":["payment"]}';

  it('accepts the HMAC-SHA256 of the raw body with the webhook secret, as text or bytes', () => {
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    expect(webhookSignature(body, WEBHOOK_SECRET)).toBe(signature);
    expect(verifyWebhookSignature(body, signature, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), signature, WEBHOOK_SECRET)).toBe(true);
    expect(validateWebhookSignature(body, signature, WEBHOOK_SECRET)).toBe(true);
  });

  it('refuses a missing header, another secret and a body changed by re-serialising', () => {
    const signature = webhookSignature(body, WEBHOOK_SECRET);
    expect(verifyWebhookSignature(body, undefined, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, signature, 'another secret')).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), signature, WEBHOOK_SECRET)).toBe(false);
  });
});
