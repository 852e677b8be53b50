import type { ImageView } from '@shop/core';

/**
 * The product page's photos for the chosen colour (issue 28): that colour's own photos first, then those of every
 * colour, each group in the owner's order; other colours' photos are left out. With no photo to show that way
 * (no colour chosen and only colour photos), all of them.
 */
export function galleryPhotos(images: readonly ImageView[], color: string | null | undefined): ImageView[] {
  const wanted = color?.toLowerCase();
  const own = wanted ? images.filter((image) => image.variantColor?.toLowerCase() === wanted) : [];
  const shown = [...own, ...images.filter((image) => !image.variantColor)];
  return shown.length > 0 ? shown : [...images];
}
