import { AppError } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../test/app.js';
import type { ErrorEnvelope } from './envelope.js';
import { SERVER_ERROR_MESSAGE } from './errors.js';

const t = useTestApp({
  extraRoutes(app) {
    app.get('/api/test/explode', async () => {
      throw new Error('secret database password in a stack trace');
    });
    app.get('/api/test/conflict', async () => {
      throw new AppError('CONFLICT', 'Only 2 left in stock.');
    });
    app.post(
      '/api/test/validate',
      { schema: { body: z.object({ email: z.email('Please enter a valid email.'), limit: z.number().max(48) }) } },
      async () => ({ success: true }),
    );
  },
});

describe('error envelope', () => {
  it('answers unknown API paths with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/route?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorEnvelope>()).toEqual({ success: false, error: 'No API route GET /api/no/such/route' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json<ErrorEnvelope>().success).toBe(false);
  });

  it('maps an AppError to its status and message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorEnvelope>()).toEqual({ success: false, error: 'Only 2 left in stock.' });
  });

  it('never leaks an unexpected error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json<ErrorEnvelope>()).toEqual({ success: false, error: SERVER_ERROR_MESSAGE });
    expect(response.body).not.toContain('secret');
  });

  it('names the field of a failed validation with a 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/validate', payload: { email: 'nope', limit: 1000 } });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorEnvelope>();
    expect(body.success).toBe(false);
    expect(body.error).toBe('email: Please enter a valid email.');
    expect(Object.keys(body.fields ?? {})).toEqual(['email', 'limit']);
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorEnvelope>().success).toBe(false);
  });
});
