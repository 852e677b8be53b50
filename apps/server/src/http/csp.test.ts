import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { contentSecurityPolicy } from './csp.js';

const t = useTestApp();

describe('Content-Security-Policy', () => {
  it('allows our scripts and Razorpay, and a page nonce only where one is given', () => {
    const csp = contentSecurityPolicy(false);
    expect(csp.fixed).toContain("script-src 'self' https://checkout.razorpay.com;");
    expect(csp.fixed).not.toContain('nonce');
    expect(csp.withNonce('abc123')).toContain("script-src 'self' https://checkout.razorpay.com 'nonce-abc123';");
    expect(csp.fixed).toContain('frame-src ');
    expect(csp.fixed).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy(true).fixed).toMatch(/;upgrade-insecure-requests$/);
  });

  it('is deny-all on API answers, and the fixed policy on the API documentation page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
