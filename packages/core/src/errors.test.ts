import { describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.js';

describe('AppError', () => {
  it('carries its code, HTTP status and field messages', () => {
    const error = new AppError('INVALID_DATA', 'Please check the form.', { email: 'Please enter a valid email.' });
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.fields).toEqual({ email: 'Please enter a valid email.' });
    expect(new AppError('TOO_MANY_REQUESTS', 'Too many messages.').status).toBe(429);
    expect(new AppError('TOO_LARGE', 'The form is too large: at most 1 MB.').status).toBe(413);
  });

  it('is recognised when another copy of the module made it (the web bundles its own)', async () => {
    vi.resetModules();
    const copy = await import('./errors.js');
    expect(copy.AppError).not.toBe(AppError);
    const thrown = new copy.AppError('NOT_FOUND', 'Product not found.');
    expect(thrown instanceof AppError).toBe(true);
    expect(new AppError('NOT_FOUND', 'Product not found.') instanceof copy.AppError).toBe(true);
  });

  it('is not any error with a code', () => {
    const lookalike = Object.assign(new Error('Product not found.'), { code: 'NOT_FOUND', status: 404 });
    expect(lookalike instanceof AppError).toBe(false);
    const nothing: unknown = null;
    expect(nothing instanceof AppError).toBe(false);
    expect(new Error('boom') instanceof AppError).toBe(false);
  });
});
