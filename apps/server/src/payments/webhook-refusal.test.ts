import { describe, expect, it } from 'vitest';
import { EMULATOR_KEYS } from '../config.js';
import { useTestApp } from '../test/app.js';
import { WEBHOOK_PATH } from './routes.js';
import { webhookSignature } from './razorpay/signatures.js';

// A webhook with a bad signature is refused (400) and logged at warn with what it claims to be, who sent it and
// the request id, never the secret, the signature or the body (issue 39).

const logLines: Record<string, unknown>[] = [];
const t = useTestApp({ logLines, config: { trustProxy: { addresses: ['127.0.0.1'] } } });

// A marker in the body's free text: it must not reach the log.
const body = JSON.stringify({
  event: 'payment.captured',
  payload: {
    payment: { entity: { id: 'pay_Bad0001', order_id: 'order_Bad0001', amount: 4_000_00, notes: { address: 'MARKER-12 MG Road' } } },
  },
});
const refusals = () => logLines.filter((line) => line.level === 40 && String(line.msg).startsWith('Razorpay webhook refused'));

async function post(headers: Record<string, string>, payload = body) {
  logLines.splice(0);
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'req-webhook-1', ...headers },
    payload,
  });
}

describe('a Razorpay webhook with a bad signature', () => {
  it('is refused and logged at warn with its event, ids, request id and address, and no secret, signature or body', async () => {
    const forged = webhookSignature(body, 'a-secret-someone-guessed');
    const answer = await post({ 'x-razorpay-signature': forged, 'x-razorpay-event-id': 'evt_Bad0001' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, error: 'Invalid webhook signature' });
    const [line, ...more] = refusals();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      msg: 'Razorpay webhook refused: its signature does not match RAZORPAY_WEBHOOK_SECRET',
      reqId: 'req-webhook-1',
      remoteAddress: '203.0.113.9',
      webhook: {
        event: 'payment.captured',
        eventId: 'evt_Bad0001',
        paymentId: 'pay_Bad0001',
        orderId: 'order_Bad0001',
        signature: 'mismatch',
      },
    });
    const text = JSON.stringify(logLines);
    for (const secret of [forged, EMULATOR_KEYS.webhookSecret, EMULATOR_KEYS.keySecret, 'MARKER', 'a-secret-someone-guessed'])
      expect(text).not.toContain(secret);
  });

  it('without a signature says so; a body that does not parse leaves only the event id', async () => {
    expect((await post({})).statusCode).toBe(400);
    expect(refusals()[0]).toMatchObject({ webhook: { event: 'payment.captured', paymentId: 'pay_Bad0001', signature: 'missing' } });

    const answer = await post({ 'x-razorpay-signature': 'ab'.repeat(32), 'x-razorpay-event-id': 'evt_Bad0002' }, '{"event": "payment.capt');
    expect(answer.statusCode).toBe(400);
    expect(refusals()[0]!.webhook).toEqual({ eventId: 'evt_Bad0002', signature: 'mismatch' });
  });

  it('ids that are not plain short ids are left out of the line', async () => {
    const odd = JSON.stringify({
      event: 'payment.captured\n{"level":60}',
      payload: { refund: { entity: { id: 'rfnd_' + 'x'.repeat(200) } } },
    });
    await post({ 'x-razorpay-signature': 'ab'.repeat(32) }, odd);
    expect(refusals()[0]!.webhook).toEqual({ signature: 'mismatch' });
  });

  it('a webhook signed with the secret is not logged as refused', async () => {
    const unknownOrder = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_Unknown01' } } } });
    const answer = await post({ 'x-razorpay-signature': webhookSignature(unknownOrder, EMULATOR_KEYS.webhookSecret) }, unknownOrder);
    expect(answer.statusCode).toBe(200);
    expect(refusals()).toEqual([]);
  });
});
