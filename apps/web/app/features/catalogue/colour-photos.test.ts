import type { ImageView } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { galleryPhotos, openingColour } from './colour-photos';

const photo = (id: string, variantColor: string | null): ImageView => ({
  _id: id,
  public_id: id,
  secure_url: `/media/${id}.webp`,
  srcset: '',
  avifSrcset: null,
  width: 640,
  height: 800,
  alt: '',
  variantColor,
});

describe('galleryPhotos (issue 28)', () => {
  const images = [photo('all-1', null), photo('red-1', 'Red'), photo('blue-1', 'Blue'), photo('all-2', null), photo('red-2', 'Red')];

  it("shows the chosen colour's photos first, then every colour's, and leaves other colours out", () => {
    expect(galleryPhotos(images, 'red').map((image) => image._id)).toEqual(['red-1', 'red-2', 'all-1', 'all-2']);
  });

  it("shows every colour's photos when the colour has none of its own", () => {
    expect(galleryPhotos(images, 'Green').map((image) => image._id)).toEqual(['all-1', 'all-2']);
  });

  it('shows all the photos rather than none', () => {
    const coloured = [photo('red-1', 'Red'), photo('blue-1', 'Blue')];
    expect(galleryPhotos(coloured, null).map((image) => image._id)).toEqual(['red-1', 'blue-1']);
  });
});

describe('openingColour (issue 40)', () => {
  const variants = [
    { variantColor: 'Red', quantity: 2 },
    { variantColor: 'Blue', quantity: 0 },
    { variantColor: 'Blue', quantity: 3 },
  ];

  it("regression: opens on the cover photo's colour, not the first colour in stock", () => {
    expect(openingColour(variants, [photo('blue-1', 'blue'), photo('red-1', 'Red')])).toBe('Blue');
  });

  it('opens on the first colour in stock when the cover has no colour or its colour is sold out', () => {
    expect(openingColour(variants, [photo('all-1', null), photo('blue-1', 'Blue')])).toBe('Red');
    expect(
      openingColour(
        [
          { variantColor: 'Red', quantity: 2 },
          { variantColor: 'Blue', quantity: 0 },
        ],
        [photo('blue-1', 'Blue')],
      ),
    ).toBe('Red');
    expect(openingColour([{ variantColor: 'Blue', quantity: 0 }], [photo('blue-1', 'Blue')])).toBe('Blue');
    expect(openingColour([], [])).toBeNull();
  });
});
