import type { AdminUserDetail } from '@shop/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { capturingMailer, jsonCall, signedInUser, uniqueIp } from '../test/accounts.js';
import { adminCall, signedInOwner } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { registerControlCharacterGuard } from './control-characters.js';
import type { ErrorEnvelope } from './envelope.js';
import { registerErrorHandling } from './errors.js';
import { decodedPath, hasEncodedUnreserved, routedPath } from './request-path.js';
import { registerSameOriginCheck } from './same-origin.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

const EVIL = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorEnvelope>().error;

async function isBlocked(asid: string, userId: string): Promise<boolean> {
  const detail = await adminCall(t.app, 'GET', `/api/admin/user/getUserDetails/${userId}`, { asid });
  expect(detail.statusCode).toBe(200);
  return detail.json<{ data: AdminUserDetail }>().data.user.blocked;
}

describe('percent-encoded /api skips the cross-site rules (regression)', () => {
  it("refuses the owner's cross-site text/plain POST /%61pi/admin/user/blockUser/{id}: the shopper stays unblocked", async () => {
    const owner = await signedInOwner(t);
    const shopper = await signedInUser(t.app, mail);
    for (const url of [
      `/%61pi/admin/user/blockUser/${shopper.userId}`,
      `/%61%70%69/admin/user/blockUser/${shopper.userId}`,
      `/api/%61dmin/user/blockUser/${shopper.userId}`,
      `/api/admin/user/%62lockUser/${shopper.userId}`,
      `/api/admin/user/blockUser/${shopper.userId.replace(/^./, (first) => `%${first.charCodeAt(0).toString(16)}`)}`,
    ]) {
      const attack = await t.app.inject({
        method: 'POST',
        url,
        cookies: { asid: owner.asid },
        remoteAddress: uniqueIp(),
        headers: { ...EVIL, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(attack.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(attack.statusCode, url).toBeLessThan(500);
    }
    expect(await isBlocked(owner.asid, shopper.userId)).toBe(false);
    expect((await jsonCall(t.app, 'GET', '/api/user/profile/getMyProfile', { sid: shopper.sid })).statusCode).toBe(200);
  });

  it('refuses a cross-site multipart form to /%61pi/admin/product/importProducts: nothing is imported', async () => {
    const owner = await signedInOwner(t);
    const csv = [
      'id,name,description,category_slug,price_rupees,discount_percent,stock,status,fabric,tags',
      ',Forged Import Saree,Planted by another site.,,999,0,5,active,,',
    ].join('\n');
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
    const attack = await t.app.inject({
      method: 'POST',
      url: '/%61pi/admin/product/importProducts',
      cookies: { asid: owner.asid },
      remoteAddress: uniqueIp(),
      headers: EVIL,
      payload: form,
    });
    expect(attack.statusCode).toBeGreaterThanOrEqual(400);
    expect(attack.statusCode).toBeLessThan(500);
    const found = await adminCall(t.app, 'GET', '/api/admin/product/getAllProducts?q=forged', { asid: owner.asid });
    expect(found.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('answers a path holding an encoded unreserved character 400, in the envelope with the API headers', async () => {
    for (const url of ['/%61pi/health', '/api/%68ealth', '/api/health%2E', '/%7Euser', '/user/%70rofile']) {
      const response = await t.app.inject({ method: 'GET', url, remoteAddress: uniqueIp() });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ success: false, error: 'This address is not valid.' });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const api = await t.app.inject({ method: 'GET', url: '/%61pi/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('still takes encoded reserved and non-ASCII characters in the path, and anything in the query', async () => {
    expect((await jsonCall(t.app, 'GET', '/api/user/product/search?q=%73aree')).statusCode).toBe(200);
    // An encoded space or a Devanagari letter in a product id is just a wrong id.
    for (const url of ['/api/user/product/getProductDetails/a%20b', '/api/user/product/getProductDetails/%E0%A4%B8']) {
      const response = await jsonCall(t.app, 'GET', url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(errorOf(response), url).not.toBe('This address is not valid.');
    }
  });

  it('does not treat /API/ (another case) as the API: no API route runs, nothing is blocked', async () => {
    const owner = await signedInOwner(t);
    const shopper = await signedInUser(t.app, mail);
    const attack = await t.app.inject({
      method: 'POST',
      url: `/API/admin/user/blockUser/${shopper.userId}`,
      cookies: { asid: owner.asid },
      headers: { ...EVIL, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(attack.statusCode).toBe(404);
    expect(await isBlocked(owner.asid, shopper.userId)).toBe(false);
  });
});

describe('the path a request is decided on', () => {
  it('finds every encoded unreserved character, either case, only in the path', () => {
    for (let byte = 0; byte < 256; byte++) {
      const unreserved = /^[A-Za-z0-9\-._~]$/.test(String.fromCharCode(byte));
      for (const hex of [byte.toString(16).padStart(2, '0').toLowerCase(), byte.toString(16).padStart(2, '0').toUpperCase()]) {
        expect(hasEncodedUnreserved(`/api/x%${hex}y`), hex).toBe(unreserved);
        expect(hasEncodedUnreserved(`/api/x?q=%${hex}`), `query ${hex}`).toBe(false);
      }
    }
    expect(hasEncodedUnreserved('/api/user/product/filter')).toBe(false);
    expect(decodedPath('/%61pi/x%20y?q=%61')).toBe('/api/x y');
    expect(decodedPath('/%E0%A4')).toBe('/%E0%A4');
  });

  // Defence in depth: without the 400 for encoded paths, each check still reads the path the router matched.
  it('has the cross-site and control-character checks follow the routed path, not the URL as sent', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    const seen: string[] = [];
    app.addHook('onRequest', (request, _reply, done) => {
      seen.push(routedPath(request));
      done();
    });
    registerSameOriginCheck(app, 'http://localhost:3000');
    registerControlCharacterGuard(app);
    app.post('/api/admin/user/blockUser/:userId', async () => ({ success: true }));
    app.get('/api/item/:id', async () => ({ success: true }));
    try {
      const crossSite = await app.inject({
        method: 'POST',
        url: '/%61pi/admin/user/blockUser/1',
        headers: { ...EVIL, 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect([crossSite.statusCode, errorOf(crossSite)]).toEqual([403, 'Cross-site requests are not allowed.']);
      const plainText = await app.inject({
        method: 'POST',
        url: '/%61pi/admin/user/blockUser/1',
        headers: { 'content-type': 'text/plain' },
      });
      expect(plainText.statusCode).toBe(415);
      const nul = await app.inject({ method: 'GET', url: '/%61pi/item/a%00b' });
      expect([nul.statusCode, errorOf(nul)]).toEqual([400, 'id: Control characters are not allowed.']);
      await app.inject({ method: 'GET', url: '/%61pi/nowhere' });
      expect(seen).toEqual(['/api/admin/user/blockUser/:userId', '/api/admin/user/blockUser/:userId', '/api/item/:id', '/api/nowhere']);
    } finally {
      await app.close();
    }
  });
});
