import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { createReadinessCheck, newestMigrationMillis } from './readiness.js';

const t = useTestApp();

describe('GET /api/health (liveness)', () => {
  it('answers ok in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('carries a request id back to the caller', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc123' } });
    expect(response.headers['x-request-id']).toBe('abc123');
  });
});

describe('GET /api/health/ready (readiness)', () => {
  it('answers ready when the database answers and has every migration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ready' } });
  });

  it('is not ready while a migration this build ships is missing from the database', async () => {
    const check = createReadinessCheck(t.database.db, { newestMigration: newestMigrationMillis() + 1 });
    expect(await check()).toEqual({ ready: false, reason: 'Database migrations are not applied yet.' });
  });

  it('is not ready, with the reason, when the database does not answer in time', async () => {
    // A database whose connection hangs (a dead host behind a firewall): the statement never comes back.
    const hanging = { execute: () => new Promise(() => {}) } as unknown as typeof t.database.db;
    const check = createReadinessCheck(hanging, { newestMigration: 0, timeoutMs: 100 });
    expect(await check()).toEqual({ ready: false, reason: 'The database did not answer within 0.1 s.' });
  });

  it('is not ready when the database refuses', async () => {
    const failing = { execute: () => Promise.reject(new Error('connect ECONNREFUSED')) } as unknown as typeof t.database.db;
    const check = createReadinessCheck(failing, { newestMigration: 0 });
    expect(await check()).toEqual({ ready: false, reason: 'The database is not reachable.' });
  });
});
