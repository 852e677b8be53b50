import type { AdminProduct } from '@shop/core';
import { ChevronLeft, ChevronRight, Star, Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { useModal } from '../../lib/use-modal';
import { deletePhoto, reorderPhotos, setCoverPhoto } from './api';
import { moveItem } from './photo-order';
import { UploadImagesModal } from './upload-images-modal';

type Photo = AdminProduct['productImages'][number];

/** A photo large, over the page; a click anywhere or Escape closes it. */
function Zoom({ photo, name, onClose }: { photo: Photo; name: string; onClose: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useModal(ref, onClose);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Photo of ${name}`}
      className="fixed inset-0 z-50 flex items-center justify-center bg-ink/85 p-4"
    >
      <button ref={ref} type="button" onClick={onClose} className="absolute inset-0 cursor-zoom-out" aria-label="Close photo" />
      <img src={photo.secure_url} alt={photo.alt || name} className="relative max-h-full max-w-full rounded-xl object-contain shadow-2xl" />
    </div>
  );
}

const iconButton =
  'rounded-full bg-white/95 p-1.5 text-ink shadow hover:bg-white hover:text-wine-700 disabled:opacity-40 disabled:cursor-not-allowed';

/**
 * Spec §2.14 images: thumbnails (click to zoom), delete on hover or focus, 'No images available', 'Upload
 * Images'; plus drag to reorder (or the move buttons, from the keyboard) and choosing the cover (the first).
 */
export function PhotosSection({ product, onChange }: { product: AdminProduct; onChange: (product: AdminProduct) => void }) {
  const photos = product.productImages;
  const [zoomed, setZoomed] = useState<Photo | null>(null);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  async function run(call: () => Promise<AdminProduct>, success: string | null, failure: string) {
    setBusy(true);
    try {
      onChange(await call());
      if (success) toast.success(success);
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(false);
    }
  }

  const move = (from: number, to: number) => {
    const order = moveItem(photos, from, to).map((photo) => photo.public_id);
    if (order.join() === photos.map((photo) => photo.public_id).join()) return;
    void run(() => reorderPhotos(product._id, order), 'Photo order saved', 'Failed to reorder images');
  };

  return (
    <section aria-labelledby="photos-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="photos-title" className="text-xl font-semibold">
            Images
          </h2>
          {photos.length > 1 && <p className="text-xs text-muted">Drag to reorder, or use the arrows. The first photo is the cover.</p>}
        </div>
        <button type="button" className="btn btn-outline" onClick={() => setUploading(true)}>
          <Upload aria-hidden="true" className="h-4 w-4" />
          Upload Images
        </button>
      </div>
      {photos.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-8 text-center text-muted">No images available</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos" aria-busy={busy}>
          {photos.map((photo, index) => (
            <li
              key={photo.public_id}
              draggable
              onDragStart={() => (dragged.current = index)}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver(null)}
              onDrop={(event) => {
                event.preventDefault();
                setOver(null);
                if (dragged.current !== null) move(dragged.current, index);
                dragged.current = null;
              }}
              className={`group relative overflow-hidden rounded-xl border-2 bg-sand ${over === index ? 'border-wine-600' : 'border-transparent'}`}
            >
              <button
                type="button"
                onClick={() => setZoomed(photo)}
                className="block w-full cursor-zoom-in"
                aria-label={`Zoom photo ${index + 1}`}
              >
                <img
                  src={photo.secure_url}
                  alt={photo.alt || `${product.productName}, photo ${index + 1}`}
                  className="aspect-[4/5] w-full object-cover"
                />
              </button>
              {index === 0 && (
                <span className="absolute left-2 top-2 rounded-full bg-wine-700 px-2 py-0.5 text-xs font-semibold text-white">Cover</span>
              )}
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void run(() => deletePhoto(product._id, photo.public_id), 'Image removed successfully', 'Failed to remove image')
                }
                className={`${iconButton} absolute right-2 top-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100`}
                aria-label={`Delete photo ${index + 1}`}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </button>
              <div className="absolute inset-x-2 bottom-2 flex justify-between gap-1">
                <button
                  type="button"
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1)}
                  className={iconButton}
                  aria-label={`Move photo ${index + 1} left`}
                >
                  <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                </button>
                {index > 0 && (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void run(() => setCoverPhoto(product._id, photo.public_id), 'Cover photo set', 'Failed to set the cover photo')
                    }
                    className={`${iconButton} inline-flex items-center gap-1 px-2 text-xs font-semibold`}
                    aria-label={`Make photo ${index + 1} the cover`}
                  >
                    <Star aria-hidden="true" className="h-3.5 w-3.5" />
                    Cover
                  </button>
                )}
                <button
                  type="button"
                  disabled={busy || index === photos.length - 1}
                  onClick={() => move(index, index + 1)}
                  className={iconButton}
                  aria-label={`Move photo ${index + 1} right`}
                >
                  <ChevronRight aria-hidden="true" className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {zoomed && <Zoom photo={zoomed} name={product.productName} onClose={() => setZoomed(null)} />}
      {uploading && (
        <UploadImagesModal
          productId={product._id}
          onClose={() => setUploading(false)}
          onUploaded={(next) => {
            onChange(next);
            setUploading(false);
          }}
        />
      )}
    </section>
  );
}
