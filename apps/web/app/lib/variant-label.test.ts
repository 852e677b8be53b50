import { describe, expect, it } from 'vitest';
import { variantLabel } from './variant-label';

describe('variantLabel', () => {
  it('leaves out a name that only repeats the colour and size', () => {
    expect(variantLabel({ name: 'Peach / M', color: 'Peach', size: 'M' })).toBe('Colour: Peach · Size: M');
  });

  it('leads with a name that says more', () => {
    expect(variantLabel({ name: 'Festive edit', color: 'Red', size: 'Free size' })).toBe('Festive edit · Colour: Red · Size: Free size');
  });

  it('shows what there is', () => {
    expect(variantLabel({ name: null, color: null, size: 'XL' })).toBe('Size: XL');
    expect(variantLabel({ name: null, color: null, size: null })).toBe('');
  });
});
