import { afterEach, describe, expect, it, vi } from 'vitest';
import { findControlCharacters } from './control-characters.js';

const body = { multiline: true, byParameter: false };

describe('findControlCharacters', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names the first string with a control character, at any depth; line breaks and tabs pass in a body', () => {
    expect(findControlCharacters({ name: 'Anita', address: { lines: ['14, 2nd Cross', 'Jayanagar\u0007'] } }, body)).toBe(
      'address.lines.1',
    );
    expect(findControlCharacters({ note: 'Please call\r\nbefore\tdelivery' }, body)).toBeUndefined();
    expect(findControlCharacters({ note: 'x' }, { multiline: false, byParameter: true })).toBeUndefined();
    expect(findControlCharacters({ q: ['kurta', 'saree\u0000'] }, { multiline: false, byParameter: true })).toBe('q');
  });

  it('walks what parsers make (objects without Object’s prototype too), but not a raw body kept as bytes', () => {
    const parsed = Object.assign(Object.create(null) as Record<string, unknown>, { text: 'bad\u001b' });
    expect(findControlCharacters(parsed, body)).toBe('text');
    // Fastify's query string and path parameters: objects made from a prototype that itself has none.
    const query = Object.assign(Object.create(Object.create(null) as object) as Record<string, unknown>, { q: 'saree\u001b[31m' });
    expect(findControlCharacters(query, { multiline: false, byParameter: true })).toBe('q');
    // Razorpay's webhook: the signature covers the raw bytes, so the route keeps them as a Buffer. It used to be
    // walked as an object, one entry per byte.
    const entries = vi.spyOn(Object, 'entries');
    const raw = Buffer.from(JSON.stringify({ event: 'payment.captured', padding: 'x'.repeat(100_000) }));
    expect(findControlCharacters(raw, body)).toBeUndefined();
    expect(entries).not.toHaveBeenCalled();
  });
});
