import { describe, expect, it } from 'vitest';
import { cardColour } from './product-card';

// Issue 28: a card under a colour filter shows that colour's photo, and its link opens the product in that colour.

const photoIn = (variantColor: string | null) => ({
  _id: 'i1',
  public_id: 'p/abc',
  secure_url: '/media/p/abc-640.webp',
  srcset: '',
  avifSrcset: null,
  width: 1280,
  height: 1600,
  alt: 'Suit',
  variantColor,
});

describe('cardColour', () => {
  it('is the colour of the photo the card shows when she asked for it', () => {
    expect(cardColour({ colors: ['Blue', 'Peach'], image: photoIn('Peach') }, ['peach', 'blue'])).toBe('Peach');
  });

  it("is else the first colour she asked for that the product comes in, in the product's spelling", () => {
    expect(cardColour({ colors: ['Blue', 'Peach'], image: photoIn(null) }, ['green', 'peach'])).toBe('Peach');
    expect(cardColour({ colors: ['Blue', 'Peach'], image: photoIn('Blue') }, ['PEACH'])).toBe('Peach');
  });

  it('is none without a colour filter, or when the product has none of the colours', () => {
    expect(cardColour({ colors: ['Blue'], image: photoIn('Blue') }, [])).toBeUndefined();
    expect(cardColour({ colors: ['Blue'], image: null }, ['Peach'])).toBeUndefined();
  });
});
