import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { capturingMailer, jsonCall, signedInUser, uniqueIp } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import type { ErrorEnvelope } from './envelope.js';
import { PRIVATE_PAGE_PATHS, isPrivatePath } from './private-caching.js';
import { originForm } from './request-path.js';

const mail = capturingMailer();
const t = useTestApp({
  services: { mailer: mail.mailer },
  extraRoutes(app) {
    // Stand-ins for the server-rendered pages (API tests run without the React build): the rule is by path.
    for (const path of [
      '/user',
      '/user/profile',
      '/checkout',
      '/payment',
      '/paymentSuccess',
      '/filter',
      '/admin',
      '/admin/users/:userId',
      '/adminCheckout',
      '/administrator',
    ]) {
      app.get(path, async (_request, reply) => reply.header('cache-control', 'public, max-age=60').type('text/html').send('<p>page</p>'));
    }
    app.post('/api/test/echo', async (request) => ({ success: true, data: request.body }));
  },
});

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorEnvelope>().error;

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('state-changing API calls need a JSON or multipart body', () => {
  // Regression: logout and markAllNotificationsRead took a text/plain POST without Origin (a cross-site form).
  it.each([
    ['text/plain', 'x'],
    ['application/x-www-form-urlencoded', 'a=b'],
    [undefined, undefined],
  ])('refuses %s with 415, before anything happens', async (contentType, payload) => {
    const { sid } = await signedInUser(t.app, mail);
    for (const [method, url] of [
      ['POST', '/api/user/auth/logout'],
      ['PUT', '/api/user/profile/markAllNotificationsRead'],
      ['DELETE', '/api/user/profile/deleteAddress/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        cookies: { sid },
        remoteAddress: uniqueIp(),
        headers: contentType ? { 'content-type': contentType } : {},
        payload,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(415);
      expect(errorOf(response)).toBe('Send the request body as JSON (Content-Type: application/json).');
    }
    expect((await jsonCall(t.app, 'GET', '/api/user/auth/me', { sid })).statusCode).toBe(200); // still logged in
  });

  it('accepts JSON, `{}` for a call without a body, and multipart', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const read = await t.app.inject({
      method: 'PUT',
      url: '/api/user/profile/markAllNotificationsRead',
      cookies: { sid },
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: '{}',
    });
    expect(read.statusCode).toBe(200);
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    // Past the check: Fastify itself has no multipart parser registered for this test route.
    expect(multipart.statusCode).toBe(415);
    expect(errorOf(multipart)).not.toBe('Send the request body as JSON (Content-Type: application/json).');
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/logout', { sid })).statusCode).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site even without Origin; same-origin and none pass', async () => {
    const crossSite = await jsonCall(t.app, 'POST', '/api/user/auth/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(errorOf(crossSite)).toBe('Cross-site requests are not allowed.');
    for (const site of ['same-origin', 'none']) {
      expect((await jsonCall(t.app, 'POST', '/api/user/auth/logout', { headers: { 'sec-fetch-site': site } })).statusCode).toBe(200);
    }
    // Reading stays open: a cross-site GET changes nothing.
    expect((await jsonCall(t.app, 'GET', '/api/user/product/categories', { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(
      200,
    );
  });

  it('leaves the Razorpay webhook to its signature: no browser checks on that one path', async () => {
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payment/razorpay/webhook',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://api.razorpay.com' },
      payload: '{"event":"payment.captured"}',
    });
    // The handler itself answers: the cross-site checks let it through, and the signature check refuses it.
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json()).toMatchObject({ success: false, error: 'Invalid webhook signature' });
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/payment/razorpay/webhooks',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('control characters', () => {
  // Regression: a NUL byte in category, color or size reached PostgreSQL and answered 500.
  it.each([
    ['/api/user/product/filter?category=sarees%00', 'category'],
    ['/api/user/product/filter?color=Red%00', 'color'],
    ['/api/user/product/filter?size=M&size=L%00', 'size'],
    ['/api/user/product/search?q=saree%1B%5B31m', 'q'],
    ['/api/user/product/suggest?q=%00', 'q'],
    ['/api/user/product/filter?q=a%09b', 'q'],
    ['/api/user/product/getProductDetails/%00', 'productId'],
    ['/api/user/product/related/x%7F', 'productId'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const response = await jsonCall(t.app, 'GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      error: `${field}: Control characters are not allowed.`,
      fields: { [field]: 'Control characters are not allowed.' },
    });
  });

  it('refuses them in JSON bodies, naming the field at any depth; tabs and line breaks are text', async () => {
    const contact = { name: 'Asha', email: 'asha@example.in', message: 'Do you ship sarees to Goa?' };
    const nul = await jsonCall(t.app, 'POST', '/api/user/contact/sendMessage', { body: { ...contact, message: 'Hello\u0000 shop' } });
    expect(nul.statusCode).toBe(400);
    expect(errorOf(nul)).toBe('message: Control characters are not allowed.');
    const lines = await jsonCall(t.app, 'POST', '/api/user/contact/sendMessage', {
      body: { ...contact, message: 'Hello,\r\n\tdo you ship to Goa?' },
    });
    expect(lines.statusCode).toBe(200);
    // A name is one line: the shared schema refuses a line break there.
    const name = await jsonCall(t.app, 'POST', '/api/user/contact/sendMessage', { body: { ...contact, name: 'Asha\nRao' } });
    expect(name.statusCode).toBe(400);
    expect(errorOf(name)).toBe('name: Control characters are not allowed.');

    const nested = await jsonCall(t.app, 'POST', '/api/test/echo', { body: { order: { items: [{ note: 'ok' }, { note: 'bad\u0008' }] } } });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested)).toBe('order.items.1.note: Control characters are not allowed.');
    const key = await jsonCall(t.app, 'POST', '/api/test/echo', { body: { order: { 'x\u0000': 1 } } });
    expect(errorOf(key)).toBe('order: Control characters are not allowed.');
  });

  it('answers a deeply nested body without running out of stack', async () => {
    const depth = 100_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe(`${Array.from({ length: depth }, () => '0').join('.')}: Control characters are not allowed.`);
  });
});

describe('Cache-Control: private, no-store on personal answers', () => {
  it('covers every /api/user/ and /api/admin/ answer, errors included, except the public catalogue', async () => {
    const { sid } = await signedInUser(t.app, mail);
    for (const url of [
      '/api/user/auth/me',
      '/api/user/profile/getMyProfile',
      '/api/user/profile/getMyWishlist',
      '/api/user/announcements',
    ]) {
      expect((await jsonCall(t.app, 'GET', url, { sid })).headers['cache-control'], url).toBe('private, no-store');
    }
    const anonymous = await jsonCall(t.app, 'GET', '/api/user/auth/me');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    // Routes still to come (cart, orders, payments) are private by their path alone.
    for (const url of ['/api/user/product/fetchUserCarts', '/api/user/payment/getRazorpayDetails', '/api/admin/bill/getAllBills']) {
      expect((await jsonCall(t.app, 'GET', url, { sid })).headers['cache-control'], url).toBe('private, no-store');
    }
    expect((await jsonCall(t.app, 'POST', '/api/user/auth/logout', { sid })).headers['cache-control']).toBe('private, no-store');

    const publicCache = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';
    for (const url of [
      '/api/user/product/categories',
      '/api/user/product/filter',
      '/api/user/product/search?q=saree',
      '/api/user/product/suggest?q=sa',
    ]) {
      expect((await jsonCall(t.app, 'GET', url)).headers['cache-control'], url).toBe(publicCache);
    }
  });

  it('decides by the plain path, and the quick check for catalogue calls agrees with it', () => {
    const cases: Array<[string, boolean]> = [
      ['/api/user/product/filter', false],
      ['/api/user/product/getProductDetails/abc', false],
      ['/API/User/product/filter', false],
      ['/api/user/product/%66ilter', false],
      ['/api/user/product/filterX', true],
      ['/api/user/product/categoriesEvil', true],
      ['/api/user/product/fetchUserCarts', true],
      ['/api/user/%70rofile/getMyProfile', true],
      ['/api/admin/product/filter', true],
      ['/User/%70rofile', true],
      ['/paymentSuccess', true],
      ['/paymentSuccessful', false],
      ['/filter', false],
      ['/%E0%A4', false],
      ['/admin', true],
      ['/Admin/Orders/9', true],
      ['/adminCheckout', true],
      ['/administrator', false],
    ];
    for (const [path, expected] of cases) expect(isPrivatePath(path), path).toBe(expected);
  });

  it('covers the account, checkout and payment pages, whatever the page set', async () => {
    expect(PRIVATE_PAGE_PATHS).toEqual(['/user', '/checkout', '/payment', '/paymentSuccess', '/admin', '/adminCheckout']);
    for (const url of ['/user', '/user/profile', '/User/Profile', '/checkout', '/payment', '/paymentSuccess?orderId=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/filter' })).headers['cache-control']).toBe('public, max-age=60');
  });

  // Regression: the back-office pages (shoppers' names, phones, addresses) went out without it.
  it('covers every back-office page, in any case', async () => {
    for (const url of ['/admin', '/admin/users/3f1c', '/ADMIN/Users/3f1c', '/Admin/', '/adminCheckout', '/admincheckout?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/administrator' })).headers['cache-control']).toBe('public, max-age=60');
  });
});

/** One raw HTTP/1.1 exchange on a socket: the request line as written, nothing normalised on the way (inject would). */
function rawExchange(
  port: number,
  requestLine: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string> }> {
  const head = [
    requestLine,
    'Host: 127.0.0.1',
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${head.join('\r\n')}\r\n\r\n`));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [statusLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) parsed[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed });
    });
  });
}

describe('Cache-Control on a request line in absolute form', () => {
  // Regression: `GET http://host/api/user/...` was routed (the router strips the origin) while the private-caching
  // hook read the URL as sent, saw no /api/user/ prefix and let a personal answer be stored.
  it('marks private answers private, no-store whatever the request-target form', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const listening = await buildApp({
      config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', production: false },
      db: t.database.db,
      services: t.services,
      logger: false,
    });
    apps.push(listening);
    listening.get('/user/profile', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').type('text/html').send('<p>page</p>'),
    );
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const { port } = listening.server.address() as AddressInfo;

    for (const target of [
      'http://127.0.0.1/api/user/auth/me',
      'https://shop.example/api/user/profile/getMyProfile',
      'http://127.0.0.1/user/profile',
    ]) {
      const answer = await rawExchange(port, `GET ${target} HTTP/1.1`, { Cookie: `sid=${sid}` });
      expect(answer.status, target).toBe(200);
      expect(answer.headers['cache-control'], target).toBe('private, no-store');
    }
    const anonymous = await rawExchange(port, 'GET http://127.0.0.1/api/user/auth/me HTTP/1.1');
    expect([anonymous.status, anonymous.headers['cache-control']]).toEqual([401, 'private, no-store']);
    // The public catalogue keeps its own caching in either form.
    const catalogue = await rawExchange(port, 'GET http://127.0.0.1/api/user/product/categories HTTP/1.1');
    expect(catalogue.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
  });

  it('reads every request-target as its origin form', () => {
    const cases: Array<[string, string]> = [
      ['/api/user/auth/me', '/api/user/auth/me'],
      ['http://shop.test/api/user/auth/me?x=1', '/api/user/auth/me?x=1'],
      ['HTTPS://shop.test:8443/User/Profile', '/User/Profile'],
      ['http://shop.test', '/'],
      ['http://shop.test?q=1', '/?q=1'],
      ['*', '*'],
    ];
    for (const [target, expected] of cases) expect(originForm(target), target).toBe(expected);
  });
});

describe('headers and odd requests', () => {
  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await jsonCall(t.app, 'GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
    const https = await buildApp({
      config: { publicUrl: 'https://shop.example.in', logLevel: 'silent', production: false },
      db: t.database.db,
      services: t.services,
      logger: false,
    });
    apps.push(https);
    expect((await jsonCall(https, 'GET', '/api/health')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps a plain client x-request-id and replaces anything else', async () => {
    const kept = await jsonCall(t.app, 'GET', '/api/health', { headers: { 'x-request-id': 'edge-7f3a-0042' } });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a-0042');
    for (const bad of ['a'.repeat(65), 'id with spaces', '<script>', 'x"y', '']) {
      const replaced = await jsonCall(t.app, 'GET', '/api/health', { headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id'], bad).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
  });

  it('answers an undecodable URL in the envelope', async () => {
    for (const url of ['/api/%', '/api/user/product/getProductDetails/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, error: 'This address is not valid.' });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
  });

  it('keeps /api/docs public', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json', remoteAddress: uniqueIp() });
    expect(docs.statusCode).toBe(200);
    expect(docs.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
