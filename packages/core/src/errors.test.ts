import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppError, fieldMessages, invalidInput } from './errors.js';

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

describe('fieldMessages', () => {
  const schema = z
    .object({
      email: z.email('Please enter a valid email.'),
      name: z.string().min(1, 'Name is required.').max(3, 'At most 3 characters.'),
      items: z.array(z.object({ quantity: z.number().min(1, 'At least 1.') })).min(1, 'Choose the items.'),
    })
    .refine((value) => value.name !== 'xx', 'Not xx.');
  const issuesOf = (value: unknown) => schema.safeParse(value).error?.issues ?? [];

  // Five mappings keyed fields differently: the API's by the whole path ('items.0.quantity'), page forms and the
  // reports' range by its first part ('items'), the root as 'input', 'form', 'from' or ''.
  it('names a field by its whole path, as the API answers it, so a form and the API key one failure alike', () => {
    expect(fieldMessages(issuesOf({ email: 'x', name: '', items: [{ quantity: 0 }, { quantity: 2 }, { quantity: -1 }] }))).toEqual({
      email: 'Please enter a valid email.',
      name: 'Name is required.',
      'items.0.quantity': 'At least 1.',
      'items.2.quantity': 'At least 1.',
    });
    expect(fieldMessages(issuesOf({ email: 'a@b.in', name: 'abc', items: [] }))).toEqual({ items: 'Choose the items.' });
  });

  it('keeps the first message of a field, and names an issue about the whole input by `whole`', () => {
    expect(
      fieldMessages([
        { path: ['name'], message: 'first' },
        { path: ['name'], message: 'second' },
      ]),
    ).toEqual({ name: 'first' });
    expect(fieldMessages(issuesOf({ email: 'a@b.in', name: 'xx', items: [{ quantity: 1 }] }))).toEqual({ input: 'Not xx.' });
    expect(fieldMessages(issuesOf({ email: 'a@b.in', name: 'xx', items: [{ quantity: 1 }] }), 'form')).toEqual({ form: 'Not xx.' });
    expect(Object.keys(fieldMessages(issuesOf(null), 'form'))).toEqual(['form']);
    expect(fieldMessages([])).toEqual({});
  });
});

describe('invalidInput', () => {
  it("is INVALID_DATA saying the first field's message as the API's validation does, with every field's", () => {
    const error = invalidInput([
      { path: ['payments', 1, 'mode'], message: 'Each payment mode once, please.' },
      { path: ['reason'], message: 'Please give a reason.' },
    ]);
    expect(error).toBeInstanceOf(AppError);
    expect([error.status, error.message]).toEqual([400, 'payments.1.mode: Each payment mode once, please.']);
    expect(error.fields).toEqual({ 'payments.1.mode': 'Each payment mode once, please.', reason: 'Please give a reason.' });
    expect(invalidInput([], 'from').message).toBe('from: is invalid');
  });
});
