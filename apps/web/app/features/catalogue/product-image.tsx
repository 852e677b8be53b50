import type { ImageView } from '@shop/core';
import { Shirt } from 'lucide-react';

/**
 * A product photo: AVIF renditions first where the shop has made them (a <picture> source; browsers without AVIF
 * take the WebP srcset), its real width and height (no layout shift), lazy unless `eager`.
 */
export function ProductImage({
  image,
  alt,
  sizes,
  eager = false,
  className = '',
}: {
  image: (Pick<ImageView, 'secure_url' | 'srcset' | 'width' | 'height' | 'alt'> & Partial<Pick<ImageView, 'avifSrcset'>>) | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  if (!image) {
    return (
      <div
        className={`flex aspect-[4/5] items-center justify-center bg-sand text-muted ${className}`}
        role="img"
        aria-label={`${alt}: no photo yet`}
      >
        <Shirt aria-hidden="true" className="h-10 w-10 opacity-40" />
      </div>
    );
  }
  const photo = (
    <img
      src={image.secure_url}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt || alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={`aspect-[4/5] w-full bg-sand object-cover ${className}`}
    />
  );
  if (!image.avifSrcset) return photo;
  return (
    // display: contents: the <img> lays out exactly as it would without the <picture> around it.
    <picture className="contents">
      <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} />
      {photo}
    </picture>
  );
}
