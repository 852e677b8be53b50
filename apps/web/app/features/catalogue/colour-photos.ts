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

/**
 * The colour the product page opens on when none is asked for (issue 40): the cover photo's (the first photo), in the
 * variants' spelling, while that colour has a piece in stock; else the first colour in stock, else the cover's, else
 * the first. Opening on another colour showed the shopper a photo of one colour and the choice of another.
 */
export function openingColour(
  variants: ReadonlyArray<{ variantColor: string | null; quantity: number }>,
  images: readonly Pick<ImageView, 'variantColor'>[],
): string | null {
  const cover = images[0]?.variantColor?.toLowerCase();
  const ofCover = cover ? variants.filter((variant) => variant.variantColor?.toLowerCase() === cover) : [];
  const coverColour = ofCover[0]?.variantColor ?? null;
  if (ofCover.some((variant) => variant.quantity > 0)) return coverColour;
  return variants.find((variant) => variant.quantity > 0)?.variantColor ?? coverColour ?? variants[0]?.variantColor ?? null;
}
