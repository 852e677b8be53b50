import { describe, expect, it } from 'vitest';
import { formatOrderNumber, orderNumberMonth } from './orders.js';

describe('order numbers', () => {
  it('run per month of India time', () => {
    expect(orderNumberMonth(new Date('2026-11-20T10:00:00+05:30'))).toBe('2611');
    // 30 November 19:00 UTC is already 1 December in India.
    expect(orderNumberMonth(new Date('2026-11-30T19:00:00Z'))).toBe('2612');
    expect(orderNumberMonth(new Date('2026-12-31T18:30:00Z'))).toBe('2701');
    expect(formatOrderNumber('2611', 123)).toBe('ORD-2611-000123');
  });
});
