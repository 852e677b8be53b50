import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKED_UP_REFUSAL } from './cancel.js';
import { adhocErrors, createShiprocketEmulator, SHIPROCKET_EMULATOR_BASE, type ShiprocketEmulator } from './emulator.js';

// Issue 42: the emulator keeps the shapes of Shiprocket's documented examples (shipping/shiprocket/openapi.json,
// copied from the public conversion of Shiprocket's collection): every field an example shows is in the emulator's
// answer with the same JSON type (an example's null stands for "any"). The shop's client reads these answers.

interface Operation {
  requestBody?: { content: { 'application/json': { example?: Record<string, unknown> } } };
  responses: Record<string, { content?: { 'application/json': { examples: Record<string, { value: unknown }> } } }>;
}
const documented = JSON.parse(readFileSync(new URL('../../shipping/shiprocket/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<'get' | 'post', Operation>>;
  'x-webhooks': Record<string, { example: Record<string, unknown> }>;
};
const example = (path: string, method: 'get' | 'post', status: string, name: string) =>
  documented.paths[path]![method].responses[status]!.content!['application/json'].examples[name]!.value;

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Where `actual` lacks a field of `expected` or gives it another JSON type: one line each, empty when it keeps the shape. */
function shapeDifferences(expected: unknown, actual: unknown, at = '$'): string[] {
  if (expected === null) return [];
  if (kind(expected) !== kind(actual)) return [`${at}: documented ${kind(expected)}, emulator ${kind(actual)}`];
  if (Array.isArray(expected)) {
    const first: unknown = expected[0];
    const items = actual as unknown[];
    if (first === undefined || items.length === 0) return [];
    return items.flatMap((item, index) => shapeDifferences(first, item, `${at}[${index}]`));
  }
  if (typeof expected === 'object') {
    return Object.entries(expected).flatMap(([key, value]) =>
      key in (actual as object)
        ? shapeDifferences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`)
        : [`${at}.${key}: missing`],
    );
  }
  return [];
}

describe('the shape test itself', () => {
  it('finds a missing field and a changed type, and accepts anything where the example has null', () => {
    expect(shapeDifferences({ a: 1, b: { c: 'x' }, d: null }, { a: '1', b: {}, d: 5 })).toEqual([
      '$.a: documented number, emulator string',
      '$.b.c: missing',
    ]);
  });
});

describe('the Shiprocket emulator answers as the documented examples', () => {
  let app: FastifyInstance;
  let emulator: ShiprocketEmulator;
  let token: string;
  const settings = { email: 'api@example.in', password: 'secret', pickupLocation: 'mrj', webhookToken: 'tok' };

  const call = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const response = await app.inject({
      method,
      url: `${SHIPROCKET_EMULATOR_BASE}${path}`,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };

  // The collection's own order example (createChannelSpecificOrder; the adhoc one is blank), as it is written.
  const documentedOrder = documented.paths['/v1/external/orders/create/adhoc']!.post.requestBody!.content['application/json'].example!;
  let shipmentId: number;
  let awb: string;

  beforeAll(async () => {
    app = Fastify();
    emulator = createShiprocketEmulator({ ...settings, publicUrl: 'http://localhost:3000' });
    await app.register(emulator.plugin);
    app.post('/api/shipping/tracking', async () => ({ ok: true }));
    const login = await app.inject({
      method: 'POST',
      url: `${SHIPROCKET_EMULATOR_BASE}/auth/login`,
      payload: { email: settings.email, password: settings.password },
    });
    token = login.json<{ token: string }>().token;
  });
  afterAll(() => app.close());

  it('accepts the documented order example (rupees, kg and cm as strings, the pickup nickname) and answers its shape', async () => {
    expect(adhocErrors(documentedOrder, 'mrj')).toEqual({});
    const created = await call('POST', '/orders/create/adhoc', documentedOrder);
    expect(created.status).toBe(200);
    expect(shapeDifferences(example('/v1/external/orders/create/adhoc', 'post', '200', 'Successful-Call'), created.body)).toEqual([]);
    shipmentId = created.body.shipment_id as number;
  });

  it('refuses a missing order id as the documented 422 does', async () => {
    const refused = await call('POST', '/orders/create/adhoc', { ...documentedOrder, order_id: '' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(example('/v1/external/orders/create/adhoc', 'post', '422', 'Missing-Fields'));
  });

  it('answers serviceability, and its documented 422', async () => {
    const found = await call('GET', '/courier/serviceability?pickup_postcode=560001&delivery_postcode=175019&weight=0.5&cod=1');
    expect(shapeDifferences(example('/v1/external/courier/serviceability', 'get', '200', 'Successful-Call'), found.body)).toEqual([]);
    const missing = await call('GET', '/courier/serviceability?pickup_postcode=560001&delivery_postcode=175019');
    expect(missing.status).toBe(422);
    expect(shapeDifferences(example('/v1/external/courier/serviceability', 'get', '422', 'Missing-Fields'), missing.body)).toEqual([]);
    emulator.setUnserviceable(['175019']);
    const none = await call('GET', '/courier/serviceability?pickup_postcode=560001&delivery_postcode=175019&weight=0.5&cod=0');
    expect(shapeDifferences(example('/v1/external/courier/serviceability', 'get', '200', 'Invalid-Data'), none.body)).toEqual([]);
    emulator.setUnserviceable([]);
  });

  it('assigns an AWB, books the pickup, makes the label and the manifest as documented', async () => {
    const assigned = await call('POST', '/courier/assign/awb', { shipment_id: shipmentId });
    expect(shapeDifferences(example('/v1/external/courier/assign/awb', 'post', '200', 'Successful-Call'), assigned.body)).toEqual([]);
    awb = (assigned.body.response as { data: { awb_code: string } }).data.awb_code;
    const again = await call('POST', '/courier/assign/awb', { shipment_id: shipmentId });
    expect(again).toEqual({ status: 400, body: example('/v1/external/courier/assign/awb', 'post', '400', 'Invalid-Data') });
    const missing = await call('POST', '/courier/assign/awb', {});
    expect(missing).toEqual({ status: 422, body: example('/v1/external/courier/assign/awb', 'post', '422', 'Missing-Fields') });

    const pickup = await call('POST', '/courier/generate/pickup', { shipment_id: [shipmentId] });
    expect(shapeDifferences(example('/v1/external/courier/generate/pickup', 'post', '200', 'Successful-Call'), pickup.body)).toEqual([]);
    expect(await call('POST', '/courier/generate/pickup', { shipment_id: [999] })).toEqual({
      status: 400,
      body: example('/v1/external/courier/generate/pickup', 'post', '400', 'Invalid-Data'),
    });

    const label = await call('POST', '/courier/generate/label', { shipment_id: [shipmentId] });
    expect(shapeDifferences(example('/v1/external/courier/generate/label', 'post', '200', 'Successful-Call'), label.body)).toEqual([]);
    const pdf = await app.inject({ method: 'GET', url: new URL(label.body.label_url as string).pathname });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.body.startsWith('%PDF-1.4')).toBe(true);
    expect(await call('POST', '/courier/generate/label', { shipment_id: 1 })).toEqual({
      status: 422,
      body: example('/v1/external/courier/generate/label', 'post', '422', 'Wrong-Format'),
    });
    expect((await call('POST', '/courier/generate/label', { shipment_id: [999] })).body).toEqual({
      ...(example('/v1/external/courier/generate/label', 'post', '200', 'Missing-or-Invalid-Data') as object),
      not_created: [999],
    });

    const manifest = await call('POST', '/manifests/generate', { shipment_id: [shipmentId] });
    expect(shapeDifferences(example('/v1/external/manifests/generate', 'post', '200', 'Successful-Call'), manifest.body)).toEqual([]);
    const twice = await call('POST', '/manifests/generate', { shipment_id: [shipmentId] });
    expect(twice.status).toBe(400);
    expect(shapeDifferences(example('/v1/external/manifests/generate', 'post', '400', 'Bad-Request'), twice.body)).toEqual([]);
  });

  it('finds the order by the shop’s order id as the documented list does', async () => {
    const list = await call('GET', `/orders?search=${documentedOrder.order_id as string}`);
    expect(shapeDifferences(example('/v1/external/orders', 'get', '200', 'Successful-Call'), list.body)).toEqual([]);
    expect((list.body.data as { channel_order_id: string }[]).map((order) => order.channel_order_id)).toEqual(['3167']);
  });

  it('tracks by AWB, before and after scans, and posts the documented webhook body', async () => {
    const before = await call('GET', `/courier/track/awb/${awb}`);
    expect(before.body).toEqual(example('/v1/external/courier/track/awb/{awb_code}', 'get', '200', 'Invalid-Data'));
    expect(await emulator.scan(awb, 'picked_up')).toBe(200);
    expect(await emulator.scan(awb, 'delivered')).toBe(200);
    const after = await call('GET', `/courier/track/awb/${awb}`);
    expect(shapeDifferences(example('/v1/external/courier/track/awb/{awb_code}', 'get', '200', 'Successful-Call'), after.body)).toEqual([]);
    const labels = (after.body.tracking_data as { shipment_track_activities: { 'sr-status-label': string }[] }).shipment_track_activities;
    expect(labels.map((activity) => activity['sr-status-label'])).toEqual(['DELIVERED', 'PICKED UP']);
    expect(
      shapeDifferences(documented['x-webhooks']['shipment.tracking_update']!.example, emulator.webhookBody(awb, 'in_transit')),
    ).toEqual([]);
    expect(
      shapeDifferences(documented['x-webhooks']['shipment.tracking_update']!.example, emulator.webhookBody(awb, 'rto_delivered')),
    ).toEqual([]);
  });

  it('cancels an order as documented: 204 without a body, the documented 422 and 500, refused once picked up', async () => {
    const cancel = (body: object) => call('POST', '/orders/cancel', body);
    const raw = async (body: object) =>
      app.inject({
        method: 'POST',
        url: `${SHIPROCKET_EMULATOR_BASE}/orders/cancel`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect(await cancel({})).toEqual({ status: 422, body: example('/v1/external/orders/cancel', 'post', '422', 'Missing-Fields') });
    expect(await cancel({ ids: [] })).toEqual({
      status: 422,
      body: example('/v1/external/orders/cancel', 'post', '422', 'Missing-Fields'),
    });
    expect(await cancel({ ids: [1] })).toEqual({ status: 500, body: example('/v1/external/orders/cancel', 'post', '500', 'Invalid-Data') });

    const fresh = await call('POST', '/orders/create/adhoc', { ...documentedOrder, order_id: 'CANCEL-1' });
    const done = await raw({ ids: [fresh.body.order_id] });
    expect([done.statusCode, done.body]).toEqual([204, '']);
    const listed = await call('GET', '/orders?search=CANCEL-1');
    expect((listed.body.data as { status: string; status_code: number }[])[0]).toMatchObject({ status: 'CANCELED', status_code: 5 });
    // A cancelled order takes no AWB.
    expect(await call('POST', '/courier/assign/awb', { shipment_id: fresh.body.shipment_id })).toEqual({
      status: 400,
      body: { message: 'Invalid shipment id', status_code: 400 },
    });

    // The order of the tests above was picked up and delivered: the courier has it, so it cannot be cancelled.
    const shipped = (await call('GET', '/orders?search=3167')).body.data as { id: number }[];
    const refused = await cancel({ ids: [shipped[0]!.id] });
    expect(refused).toEqual({ status: 400, body: { message: PICKED_UP_REFUSAL, status_code: 400 } });
  });

  it('takes the documented NDR re-attempt on an undelivered AWB, answering 202 as documented, and refuses a blank action', async () => {
    const returnAwb = awb;
    // A fresh parcel, delivered neither: the courier failed once.
    const created = await call('POST', '/orders/create/adhoc', { ...documentedOrder, order_id: '3168' });
    const assigned = await call('POST', '/courier/assign/awb', { shipment_id: created.body.shipment_id });
    const ndrAwb = (assigned.body.response as { data: { awb_code: string } }).data.awb_code;
    expect(await emulator.scan(ndrAwb, 'undelivered', { reason: 'Customer not reachable' })).toBe(200);
    expect(documented.paths['/v1/external/ndr/{awb}/action']!.post.requestBody!.content['application/json'].example).toEqual({
      action: '',
      comments: '',
    });
    const taken = await call('POST', `/ndr/${ndrAwb}/action`, { action: 're-attempt', comments: 'Call before coming' });
    expect(taken.status).toBe(202);
    expect(taken.body).toEqual(example('/v1/external/ndr/{awb}/action', 'post', '202', 'Successful-Call'));
    expect(emulator.ndrActions()).toEqual([{ awb: ndrAwb, action: 're-attempt', comments: 'Call before coming' }]);
    const blank = await call('POST', `/ndr/${ndrAwb}/action`, { action: '', comments: '' });
    expect(blank).toEqual({
      status: 422,
      body: { message: 'Oops! Invalid Data.', errors: { action: ['The action field is required.'] }, status_code: 422 },
    });
    // Delivered already: not in NDR (the emulator's choice where the documents are silent).
    expect((await call('POST', `/ndr/${returnAwb}/action`, { action: 're-attempt', comments: '' })).status).toBe(400);
  });

  it('accepts the documented return order example, answers its shape, lists it, and refuses it twice as documented', async () => {
    const documentedReturn = documented.paths['/v1/external/orders/create/return']!.post.requestBody!.content['application/json'].example!;
    const created = await call('POST', '/orders/create/return', documentedReturn);
    expect(created.status).toBe(200);
    expect(shapeDifferences(example('/v1/external/orders/create/return', 'post', '200', 'Successful-Call'), created.body)).toEqual([]);
    const again = await call('POST', '/orders/create/return', documentedReturn);
    expect(again).toEqual({ status: 422, body: example('/v1/external/orders/create/return', 'post', '422', 'Invalid-Data') });
    const list = await call('GET', '/orders/processing/return');
    expect(shapeDifferences(example('/v1/external/orders/processing/return', 'get', '200', 'Successful-Call'), list.body)).toEqual([]);
    expect((list.body.data as { channel_order_id: string }[]).map((order) => order.channel_order_id)).toEqual(['r121579B09ap3o']);
    // Its AWB is assigned as a forward one's; its scans post the webhook with is_return 1.
    const assigned = await call('POST', '/courier/assign/awb', { shipment_id: created.body.shipment_id });
    const returnAwb = (assigned.body.response as { data: { awb_code: string } }).data.awb_code;
    expect(emulator.webhookBody(returnAwb, 'delivered')).toMatchObject({ awb: returnAwb, is_return: 1, shipment_status_id: 7 });
  });

  it('answers 401 without a token it gave', async () => {
    token = 'not-a-token';
    expect(await call('GET', '/orders?search=3167')).toEqual({ status: 401, body: { message: 'Unauthenticated.', status_code: 401 } });
  });
});
