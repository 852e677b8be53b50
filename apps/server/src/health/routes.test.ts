import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';

const t = useTestApp();

describe('GET /api/health', () => {
  it('answers ok in the envelope once the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('carries a request id back to the caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc123' } });
    expect(response.headers['x-request-id']).toBe('abc123');
  });
});
