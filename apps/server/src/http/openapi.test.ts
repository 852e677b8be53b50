import { describe, expect, it } from 'vitest';
import { capturingMailer, signedInUser, uniqueIp } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { SERVER_TO_SERVER_PATHS } from './same-origin.js';

const mail = capturingMailer();
const t = useTestApp({
  services: { mailer: mail.mailer },
  // A route without any schema is documented too.
  extraRoutes: (app) => app.post('/api/test/no-schema', async () => ({ success: true, data: {} })),
});

interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
}
interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/** The document as GET /api/docs/json serves it. */
async function openapiDocument(): Promise<Document> {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

/** Every documented operation with who may call it (from the route table: the scope's guard decides). */
async function operations() {
  const document = await openapiDocument();
  const access = new Map(t.app.routeTable.map((route) => [`${route.method.toLowerCase()} ${route.url}`, route.access]));
  return {
    document,
    operations: Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        const name = `${method} ${url}`;
        if (!access.has(name)) throw new Error(`${name} is documented but not in the route table`);
        return { name, method, url, access: access.get(name)!, operation };
      }),
    ),
  };
}

const resolve = (document: Document, schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.$ref ? document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;

/** True when a response is documented with the `{ success: false, error }` envelope. */
function documentsEnvelope(document: Document, operation: Operation, status: string): boolean {
  const schema = resolve(document, operation.responses[status]?.content?.['application/json']?.schema);
  return (
    schema?.type === 'object' &&
    schema.properties?.error?.type === 'string' &&
    JSON.stringify(schema.properties.success?.enum) === '[false]' &&
    ['success', 'error'].every((key) => schema.required?.includes(key))
  );
}

describe('OpenAPI document (issue 14: it listed only 200)', () => {
  it('documents 401 with the envelope on every guarded operation', async () => {
    const { document, operations: all } = await operations();
    const guarded = all.filter((item) => item.access !== 'public');
    expect(guarded.length).toBeGreaterThan(50);
    expect(guarded.filter((item) => !documentsEnvelope(document, item.operation, '401')).map((item) => item.name)).toEqual([]);
    // A public call has no session to lack.
    const publicCall = all.find((item) => item.name === 'get /api/user/product/categories')!;
    expect(publicCall.operation.responses['401']).toBeUndefined();
  });

  it('documents 403 on every owner-only operation and on every state-changing call (refused cross-site), 415 on the latter', async () => {
    const { document, operations: all } = await operations();
    const ownerOnly = all.filter((item) => item.access === 'owner');
    expect(ownerOnly.map((item) => item.name)).toEqual(expect.arrayContaining(['get /api/admin/audit', 'post /api/admin/invites']));
    expect(ownerOnly.filter((item) => !documentsEnvelope(document, item.operation, '403')).map((item) => item.name)).toEqual([]);
    const browserWrites = all.filter((item) => STATE_CHANGING.has(item.method) && !SERVER_TO_SERVER_PATHS.includes(item.url));
    expect(browserWrites.length).toBeGreaterThan(50);
    for (const status of ['403', '415'])
      expect(browserWrites.filter((item) => !documentsEnvelope(document, item.operation, status)).map((item) => item.name)).toEqual([]);
    // Only the owner guard can refuse a signed-in admin's read.
    const adminRead = all.find((item) => item.name === 'get /api/admin/order/getAllOrders')!;
    expect(adminRead.access).toBe('admin');
    expect(adminRead.operation.responses['401']).toBeDefined();
    expect(adminRead.operation.responses['403']).toBeUndefined();
  });

  it('documents 400 with the envelope on every operation that takes a body, a query or path parameters', async () => {
    const { document, operations: all } = await operations();
    const withInput = all.filter((item) => item.operation.requestBody || item.operation.parameters?.length);
    expect(withInput.length).toBeGreaterThan(60);
    expect(withInput.filter((item) => !documentsEnvelope(document, item.operation, '400')).map((item) => item.name)).toEqual([]);
  });

  it('does not mark optional fields as required (an emptied or missing profile phone is stored as null)', async () => {
    const { document } = await operations();
    const profile = resolve(
      document,
      document.paths['/api/user/profile/updateProfile']?.put?.requestBody?.content['application/json']?.schema,
    );
    expect(profile?.required).toEqual(['firstName', 'lastName']);
    expect(Object.keys(profile?.properties ?? {})).toEqual(['firstName', 'lastName', 'phone', 'dob', 'gender']);
    // A field with a default is optional too.
    const variant = resolve(
      document,
      document.paths['/api/admin/product/addVariant']?.post?.requestBody?.content['application/json']?.schema,
    );
    expect(variant?.required).not.toContain('variantDescription');
    expect(variant?.required).toContain('variantName');
  });

  it('documents the body of every state-changing call: optional `{}` when it takes none, multipart for uploads', async () => {
    const { operations: all } = await operations();
    const writes = all.filter((item) => STATE_CHANGING.has(item.method) && !SERVER_TO_SERVER_PATHS.includes(item.url));
    expect(writes.filter((item) => !item.operation.requestBody).map((item) => item.name)).toEqual([]);
    const logout = all.find((item) => item.name === 'post /api/user/auth/logout')!.operation.requestBody!;
    expect(logout.required).toBe(false);
    expect(logout.content['application/json']?.schema.type).toBe('object');
    const bare = all.find((item) => item.name === 'post /api/test/no-schema')!.operation;
    expect(Object.keys(bare.responses)).toEqual(['200', '400', '403', '415']);
    const upload = all.find((item) => item.name === 'post /api/admin/product/addProductPhotos/:productId')!.operation.requestBody!;
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
    expect(upload.required).toBe(true);
  });

  it("documents an order's tax invoice as data for the shopper and the back-office, with its 404 and 409 (issue 41)", async () => {
    const { document, operations: all } = await operations();
    for (const [name, access] of [
      ['get /api/user/order/getInvoice/:orderId', 'shopper'],
      ['get /api/admin/order/getInvoice/:orderId', 'admin'],
    ] as const) {
      const call = all.find((item) => item.name === name);
      expect(call?.access).toBe(access);
      for (const status of ['400', '401', '404', '409']) expect(documentsEnvelope(document, call!.operation, status)).toBe(true);
      const answer = resolve(document, call!.operation.responses['200']?.content?.['application/json']?.schema);
      const invoice = resolve(document, answer?.properties?.data?.properties?.invoice);
      expect(Object.keys(invoice?.properties ?? {})).toEqual(
        expect.arrayContaining(['invoiceNumber', 'invoiceDate', 'seller', 'buyer', 'placeOfSupply', 'paymentMethod', 'lines', 'totals']),
      );
      const line = resolve(document, (invoice?.properties?.lines as { items?: JsonSchema } | undefined)?.items);
      expect(Object.keys(line?.properties ?? {})).toEqual([
        'description',
        'hsn',
        'quantity',
        'mrp',
        'discount',
        'taxable',
        'rate',
        'cgst',
        'sgst',
        'igst',
        'total',
      ]);
    }
  });
});

describe('body-less calls (issue 14: a POST with no fields needed `{}`)', () => {
  const call = (method: 'POST' | 'PUT', url: string, options: { contentType?: string; payload?: string; sid?: string } = {}) =>
    t.app.inject({
      method,
      url,
      remoteAddress: uniqueIp(),
      headers: options.contentType ? { 'content-type': options.contentType } : {},
      ...(options.payload === undefined ? {} : { payload: options.payload }),
      ...(options.sid ? { cookies: { sid: options.sid } } : {}),
    });

  it('accepts an empty body with a JSON content type, as it accepts `{}`', async () => {
    const { sid } = await signedInUser(t.app, mail);
    for (const payload of ['', '{}']) {
      const read = await call('PUT', '/api/user/profile/markAllNotificationsRead', { contentType: 'application/json', payload, sid });
      expect({ payload, status: read.statusCode, body: read.json<unknown>() }).toEqual({
        payload,
        status: 200,
        body: { success: true, data: {} },
      });
      const logout = await call('POST', '/api/user/auth/logout', { contentType: 'application/json; charset=utf-8', payload });
      expect({ payload, status: logout.statusCode }).toEqual({ payload, status: 200 });
    }
  });

  it('still refuses a state-changing call without a JSON content type (415), malformed JSON and __proto__ keys (400)', async () => {
    const bare = await call('POST', '/api/user/auth/logout');
    expect(bare.statusCode).toBe(415);
    const text = await call('POST', '/api/user/auth/logout', { contentType: 'text/plain', payload: '' });
    expect(text.statusCode).toBe(415);
    const malformed = await call('POST', '/api/user/auth/logout', { contentType: 'application/json', payload: '{' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false });
    const poisoned = await call('POST', '/api/user/auth/logout', {
      contentType: 'application/json',
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers an empty body on a call that needs fields with the fields it lacks', async () => {
    const response = await call('POST', '/api/user/auth/sendLoginOtp', { contentType: 'application/json', payload: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, fields: { email: expect.any(String) as string } });
  });
});
