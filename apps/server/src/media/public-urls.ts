import { MEDIA_PATH, mediaSrcset, publicMediaUrl, type ImageView } from '@shop/core';

type PhotoUrls = Pick<ImageView, 'public_id' | 'secure_url' | 'srcset' | 'avifSrcset'>;

/**
 * Rewrites photo URLs for the pages and the API: the catalogue's reads build them under /media (as rows keep
 * them), and with MEDIA_PUBLIC_URL every one is moved under it. Without it, everything passes untouched.
 */
export function photoLinks(base: string) {
  const rebased = base !== MEDIA_PATH;
  const image = <T extends PhotoUrls>(view: T): T =>
    rebased
      ? {
          ...view,
          secure_url: publicMediaUrl(view.secure_url, base),
          srcset: mediaSrcset(view.public_id, 'webp', base),
          avifSrcset: view.avifSrcset === null ? null : mediaSrcset(view.public_id, 'avif', base),
        }
      : view;
  const withImage = <T extends { image: PhotoUrls | null }>(card: T): T =>
    rebased && card.image ? { ...card, image: image(card.image) } : card;
  return {
    /** Where photos are linked: MEDIA_PUBLIC_URL or /media. */
    base,
    image,
    /** A product card (or any answer with one `image`). */
    card: withImage,
    cards: <T extends { image: PhotoUrls | null }>(cards: T[]): T[] => (rebased ? cards.map(withImage) : cards),
    /** A stored URL (`/media/…`: cart lines, orders, bills) under the base. */
    url: (stored: string) => publicMediaUrl(stored, base),
  };
}

export type PhotoLinks = ReturnType<typeof photoLinks>;
