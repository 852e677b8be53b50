import type { ReviewPhoto } from '@shop/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from '../../components/close-button';
import { useModal } from '../../lib/use-modal';
import { reviewPhotoAlt } from './review-photo-alt';

// The photo viewer, loaded when she opens a review's photo (review-photos.tsx): the product page's scripts
// stay within their budget (issue 27).

/** One photo of a review over the page, largest rendition the screen wants; the arrows (buttons or keys) move through them. */
export function PhotoView({
  photos,
  author,
  index,
  onMove,
  onClose,
}: {
  photos: readonly ReviewPhoto[];
  author: string;
  index: number;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useModal(closeRef, onClose);
  const photo = photos[index];
  if (!photo) return null;
  const several = photos.length > 1;
  const move = (step: number) => onMove((index + step + photos.length) % photos.length);
  const arrow =
    'absolute top-1/2 flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink hover:bg-white';
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={reviewPhotoAlt(index, author)}
      className="fixed inset-0 z-50 flex items-center justify-center bg-ink/90 p-4 sm:p-10"
      onClick={onClose}
      onKeyDown={(event) => {
        if (!several) return;
        if (event.key === 'ArrowRight') move(1);
        if (event.key === 'ArrowLeft') move(-1);
      }}
    >
      <img
        src={photo.url}
        srcSet={photo.srcset}
        sizes="(min-width: 1024px) 70vw, 100vw"
        alt={reviewPhotoAlt(index, author)}
        width={photo.width}
        height={photo.height}
        onClick={(event) => event.stopPropagation()}
        className="h-auto max-h-full w-auto max-w-full rounded-xl object-contain"
      />
      {several && (
        <>
          <button
            type="button"
            aria-label="Previous photo"
            className={`${arrow} left-3 sm:left-6`}
            onClick={(event) => {
              event.stopPropagation();
              move(-1);
            }}
          >
            <ChevronLeft aria-hidden="true" className="h-6 w-6" />
          </button>
          <button
            type="button"
            aria-label="Next photo"
            className={`${arrow} right-3 sm:right-6`}
            onClick={(event) => {
              event.stopPropagation();
              move(1);
            }}
          >
            <ChevronRight aria-hidden="true" className="h-6 w-6" />
          </button>
          <p className="absolute bottom-4 left-1/2 -translate-x-1/2 rounded-full bg-white/90 px-3 py-1 text-sm font-medium text-ink">
            {index + 1} / {photos.length}
          </p>
        </>
      )}
      <CloseButton
        ref={closeRef}
        label="Close photo"
        onClick={onClose}
        className="absolute right-4 top-4 flex h-12 w-12 items-center justify-center rounded-full bg-white text-ink"
        iconClassName="h-6 w-6"
      />
    </div>,
    document.body,
  );
}
