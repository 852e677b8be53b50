import type { ImageView } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { galleryPhotos } from './colour-photos';

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
