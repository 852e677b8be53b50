import { describe, expect, it } from 'vitest';
import { currentSection } from './site-header';

describe('currentSection', () => {
  it('highlights one section link: the first whose parameters the address carries', () => {
    expect(currentSection('/filter', '?style=modern')).toBe('Modern');
    expect(currentSection('/filter', '?style=modern&size=M&sort=newest')).toBe('Modern');
    expect(currentSection('/filter', '?sort=newest')).toBe('New arrivals');
    expect(currentSection('/filter', '?minDiscount=20&sort=discount')).toBe('Offers');
    expect(currentSection('/filter', '')).toBeUndefined();
    expect(currentSection('/contact', '')).toBe('Contact');
    expect(currentSection('/notifications', '')).toBeUndefined();
  });
});
