import type { ReviewPhoto } from '@shop/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { reviewPhotoAlt } from './review-photo-alt';

const PhotoView = lazy(() => import('./review-photo-view').then((module) => ({ default: module.PhotoView })));

/**
 * A review's photos as small thumbnails. Each is a link to the photo itself, so it opens without scripts; with them
 * it opens over the page instead (Escape, the close button or a click outside closes it).
 */
export function ReviewPhotos({ photos, author, className = '' }: { photos: readonly ReviewPhoto[]; author: string; className?: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const close = useCallback(() => setOpen(null), []);
  if (photos.length === 0) return null;
  return (
    <>
      <ul className={`flex flex-wrap gap-2 ${className}`} aria-label={`Photos from ${author}'s review`}>
        {photos.map((photo, index) => (
          <li key={photo._id}>
            <a
              href={photo.url}
              onClick={(event) => {
                event.preventDefault();
                setOpen(index);
              }}
              className="block h-20 w-20 overflow-hidden rounded-lg border border-line bg-sand focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-600"
            >
              <img
                src={photo.url}
                srcSet={photo.srcset}
                sizes="80px"
                width={photo.width}
                height={photo.height}
                alt={reviewPhotoAlt(index, author)}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover transition-transform hover:scale-105"
              />
            </a>
          </li>
        ))}
      </ul>
      {open !== null && (
        <Suspense fallback={null}>
          <PhotoView photos={photos} author={author} index={open} onMove={setOpen} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
