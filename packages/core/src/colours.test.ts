import { describe, expect, it } from 'vitest';
import { colourHex, isMulticolour } from './colours.js';

describe('colours', () => {
  it('knows the colours the catalogue uses, whatever their case', () => {
    for (const name of ['Indigo', 'rust', 'POWDER BLUE', 'Coral', ' Navy ']) expect(colourHex(name)).toMatch(/^#[0-9a-f]{6}$/);
  });
  it('does not invent a colour for an unknown name, and treats only Multicolour as a mix', () => {
    expect(colourHex('Sunset')).toBeUndefined();
    expect(isMulticolour('Multicolour')).toBe(true);
    expect(isMulticolour('multicolor')).toBe(true);
    expect(isMulticolour('Sunset')).toBe(false);
  });
});
