import { type ImageView, mediaUrl } from '@shop/core';
import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from '../../components/close-button';
import { useModal } from '../../lib/use-modal';
import { useMediaBase } from './media-links';

/**
 * The full-size photo over the page (product-gallery.tsx), loaded when a shopper zooms. Rendered into <body>: the
 * gallery is sticky on wide screens, and a fixed layer inside it would sit under the sticky header.
 */
export function ZoomView({ image, name, onClose }: { image: ImageView; name: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const mediaBase = useMediaBase();
  useModal(closeRef, onClose);
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${name}, full size`}
      className="fixed inset-0 z-50 flex items-center justify-center bg-ink/90 p-4"
      onClick={onClose}
    >
      <img
        src={mediaUrl(image.public_id, 1280, 'webp', mediaBase)}
        alt={image.alt || name}
        width={image.width}
        height={image.height}
        className="max-h-full max-w-full rounded-xl object-contain"
      />
      <CloseButton
        ref={closeRef}
        label="Close full-size photo"
        onClick={onClose}
        className="absolute right-4 top-4 flex h-12 w-12 items-center justify-center rounded-full bg-white text-ink"
        iconClassName="h-6 w-6"
      />
    </div>,
    document.body,
  );
}
