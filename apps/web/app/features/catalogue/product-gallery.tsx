import { type ImageView, mediaUrl } from '@shop/core';
import { X, ZoomIn } from 'lucide-react';
import { useRef, useState } from 'react';
import { useModal } from '../../lib/use-modal';
import { ProductImage } from './product-image';

/** Main photo with thumbnails; the main photo opens a full-size view (zoom) that Escape or a click closes. */
export function ProductGallery({ images, name }: { images: ImageView[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const current = images[Math.min(index, images.length - 1)] ?? null;
  // A new colour brings other photos: start again at the first.
  const key = images.map((image) => image._id).join();
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setIndex(0);
  }

  return (
    <div className="flex flex-col-reverse gap-3 md:flex-row">
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto md:flex-col" aria-label="Photos">
          {images.map((image, position) => (
            <li key={image._id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={`Show photo ${position + 1} of ${images.length}`}
                aria-current={position === index ? 'true' : undefined}
                className="block w-16 overflow-hidden rounded-lg border-2 border-transparent aria-[current=true]:border-wine-700 md:w-20"
              >
                <ProductImage image={image} alt="" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative flex-1 overflow-hidden rounded-3xl bg-sand">
        {current ? (
          <button
            type="button"
            onClick={() => setZoomed(true)}
            className="group block w-full cursor-zoom-in"
            aria-label={`Zoom in: ${current.alt || name}`}
          >
            <ProductImage image={current} alt={name} sizes="(min-width: 1024px) 560px, 100vw" eager />
            <span className="absolute bottom-4 right-4 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-ink shadow group-hover:bg-white">
              <ZoomIn aria-hidden="true" className="h-5 w-5" />
            </span>
          </button>
        ) : (
          <ProductImage image={null} alt={name} sizes="100vw" />
        )}
      </div>
      {zoomed && current && <ZoomView image={current} name={name} onClose={() => setZoomed(false)} />}
    </div>
  );
}

function ZoomView({ image, name, onClose }: { image: ImageView; name: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useModal(closeRef, onClose);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${name}, full size`}
      className="fixed inset-0 z-50 flex items-center justify-center bg-ink/90 p-4"
      onClick={onClose}
    >
      <img
        src={mediaUrl(image.public_id, 1280)}
        alt={image.alt || name}
        width={image.width}
        height={image.height}
        className="max-h-full max-w-full rounded-xl object-contain"
      />
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        className="absolute right-4 top-4 flex h-12 w-12 items-center justify-center rounded-full bg-white text-ink"
        aria-label="Close full-size photo"
      >
        <X aria-hidden="true" className="h-6 w-6" />
      </button>
    </div>
  );
}
