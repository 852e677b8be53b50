import { describe, expect, it } from 'vitest';
import { daysAfter, hashToken, newToken, slidExpiry } from './tokens.js';

describe('session tokens', () => {
  it('makes distinct url-safe tokens and stores only a hash', () => {
    const [a, b] = [newToken(), newToken()];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
  });

  it('slides a session forward at most once a day', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    // Made 12 hours ago: still within its first day, nothing to write.
    expect(slidExpiry(daysAfter(new Date('2026-11-21T22:00:00Z'), 7), at, 7)).toBeNull();
    // Made 25 hours ago: moves to seven days from now.
    expect(slidExpiry(daysAfter(new Date('2026-11-21T09:00:00Z'), 7), at, 7)).toEqual(daysAfter(at, 7));
  });
});
