import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { PERMISSIONS_POLICY } from './permissions-policy.js';
import { apiHeaders, securityHeaders } from './security-headers.js';

describe('security headers', () => {
  it("are helmet's, worked out once from the options", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      hsts: false,
    });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).toBeUndefined();
    expect(securityHeaders({ hsts: { maxAge: 60 } })['strict-transport-security']).toBe('max-age=60; includeSubDomains');
  });

  it('refuses options helmet refuses', () => {
    expect(() => securityHeaders({ referrerPolicy: { policy: 'nonsense' as never } })).toThrow(/nonsense/);
  });

  it('leave the document-only ones out of API answers', () => {
    const all = securityHeaders({ hsts: { maxAge: 60 } });
    const api = apiHeaders(all);
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-resource-policy',
      'strict-transport-security',
    ])
      expect(api[name], name).toBe(all[name]);
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection'])
      expect(api[name], name).toBeUndefined();
  });

  const t = useTestApp();
  it('are on every API answer: JSON, a cached catalogue answer, errors and unknown paths', async () => {
    for (const url of [
      '/api/health',
      '/api/user/product/filter',
      '/api/user/product/filter',
      '/api/user/product/filter?page=0',
      '/api/user/cart/getCart',
      '/api/nowhere',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY.none);
    }
  });

  it("are all helmet's on what a browser renders: the API's documentation page, photos", async () => {
    for (const url of ['/api/docs/static/index.html', '/media/none.webp']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY.none);
    }
  });
});
