import type { ImageView } from '@shop/core';
import { ZoomIn } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ProductImage } from './product-image';

const ZoomView = lazy(() => import('./zoom-view').then((module) => ({ default: module.ZoomView })));

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
            <ProductImage
              image={current}
              alt={name}
              sizes="(min-width: 1024px) 560px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
              eager
            />
            <span className="absolute bottom-4 right-4 flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-ink shadow group-hover:bg-white">
              <ZoomIn aria-hidden="true" className="h-5 w-5" />
            </span>
          </button>
        ) : (
          <ProductImage image={null} alt={name} sizes="100vw" />
        )}
      </div>
      {zoomed && current && (
        <Suspense fallback={null}>
          <ZoomView image={current} name={name} onClose={() => setZoomed(false)} />
        </Suspense>
      )}
    </div>
  );
}
