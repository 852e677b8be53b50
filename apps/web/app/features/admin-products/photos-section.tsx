import { PHOTO_UNDO_HOURS, type AdminProduct } from '@shop/core';
import { ChevronLeft, ChevronRight, RotateCcw, Star, Trash2, Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { ConfirmButton } from '../../components/confirm-dialog';
import { Enhanced, useHydrated } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { UrlModalOpener } from '../../components/url-modal';
import { ENHANCED_FIELD } from '../../lib/flash';
import { useModal } from '../../lib/use-modal';
import { photoColours } from './photo-order';

type Photo = AdminProduct['productImages'][number];
type PhotoFetcher = ReturnType<typeof useFetcher>;

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

/** One change to a photo, a button's form posted to the page's action (the section's fetcher: one change at a time). */
function PhotoForm({
  fetcher,
  intent,
  photo,
  to,
  children,
}: {
  fetcher: PhotoFetcher;
  intent: 'movePhoto' | 'coverPhoto' | 'restorePhoto';
  photo: Pick<Photo, 'public_id'>;
  to?: number;
  children: ReactNode;
}) {
  return (
    <fetcher.Form method="post" preventScrollReset className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="public_id" value={photo.public_id} />
      {to !== undefined && <input type="hidden" name="to" value={to} />}
      <Enhanced />
      {children}
    </fetcher.Form>
  );
}

/**
 * Which colour a photo shows (issue 28): a form posted to the page's action. With scripts a choice is saved at
 * once; without them, by its Save button.
 */
function PhotoColourForm({
  fetcher,
  photo,
  index,
  colours,
  busy,
}: {
  fetcher: PhotoFetcher;
  photo: Photo;
  index: number;
  colours: readonly string[];
  busy: boolean;
}) {
  const hydrated = useHydrated();
  // A colour no longer on sale is still shown as the photo's, so that saving the form does not change it unasked.
  const options = photo.variantColor && !colours.includes(photo.variantColor) ? [...colours, photo.variantColor] : colours;
  const id = `photo-colour-${photo._id}`;
  return (
    <fetcher.Form method="post" preventScrollReset className="flex items-center gap-1.5 p-1.5">
      <input type="hidden" name="intent" value="photoColor" />
      <input type="hidden" name="imageId" value={photo._id} />
      <Enhanced />
      <label htmlFor={id} className="sr-only">
        Colour of photo {index + 1}
      </label>
      <select
        id={id}
        name="variantColor"
        defaultValue={photo.variantColor ?? ''}
        disabled={hydrated && busy}
        onChange={hydrated ? (event) => void fetcher.submit(event.currentTarget.form, { preventScrollReset: true }) : undefined}
        className="min-h-9 w-full min-w-0 rounded-lg border border-line bg-white px-2 text-xs"
      >
        <option value="">Every colour</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="btn btn-outline min-h-9 shrink-0 px-2 text-xs" aria-label={`Save colour of photo ${index + 1}`}>
          Save
        </button>
      )}
    </fetcher.Form>
  );
}

/**
 * Spec §2.14 images: thumbnails (click to zoom, or open the photo without scripts), delete on hover or focus,
 * 'No images available', 'Upload Images' (its dialog: upload-images-dialog.tsx); plus moving a photo (the
 * arrows, or dragging it with scripts) and choosing the cover (the first). Each change is a form.
 */
export function PhotosSection({ product }: { product: AdminProduct }) {
  const photos = product.productImages;
  const colours = photoColours(product.variants);
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data, { failures: true });
  const busy = fetcher.state !== 'idle';
  const [zoomed, setZoomed] = useState<Photo | null>(null);
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const drop = (from: number, to: number) => {
    const photo = photos[from];
    if (!photo || from === to) return;
    void fetcher.submit(
      { intent: 'movePhoto', public_id: photo.public_id, to: String(to), [ENHANCED_FIELD]: '1' },
      { method: 'post', preventScrollReset: true },
    );
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
        <UrlModalOpener name="upload" className="btn btn-outline">
          <Upload aria-hidden="true" className="h-4 w-4" />
          Upload Images
        </UrlModalOpener>
      </div>
      {photos.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-8 text-center text-muted">No images available</p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-3" aria-label="Photos" aria-busy={busy}>
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
                if (dragged.current !== null) drop(dragged.current, index);
                dragged.current = null;
              }}
              // Not overflow-hidden: the delete's question opens over the grid from its corner.
              className={`group relative rounded-xl border-2 bg-sand ${over === index ? 'border-wine-600' : 'border-transparent'}`}
            >
              <div className="relative">
                <a
                  href={photo.secure_url}
                  onClick={(event) => {
                    event.preventDefault();
                    setZoomed(photo);
                  }}
                  className="block w-full cursor-zoom-in overflow-hidden rounded-[10px]"
                  aria-label={`Zoom photo ${index + 1}`}
                >
                  <img
                    src={photo.secure_url}
                    alt={photo.alt || `${product.productName}, photo ${index + 1}`}
                    className="aspect-[4/5] w-full object-cover"
                  />
                </a>
                {index === 0 && (
                  <span className="absolute left-2 top-2 rounded-full bg-wine-700 px-2 py-0.5 text-xs font-semibold text-white">Cover</span>
                )}
                {/* Asks first, naming the photo; the delete can be undone below for a day. */}
                <div className="absolute right-2 top-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100">
                  <ConfirmButton
                    tone="icon"
                    label={
                      <>
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        <span className="sr-only">Delete photo {index + 1}</span>
                      </>
                    }
                    title={`Delete photo ${index + 1}${index === 0 ? ' (the cover)' : ''}?`}
                    message={
                      <div className="flex items-center gap-3">
                        <img src={photo.secure_url} alt="" className="h-20 w-16 shrink-0 rounded-lg object-cover" />
                        <p>
                          It leaves {product.productName} at once
                          {index === 0 && photos.length > 1 ? '; the next photo becomes the cover' : ''}. You can restore it under “Deleted
                          photos” for {PHOTO_UNDO_HOURS} hours.
                        </p>
                      </div>
                    }
                    confirmLabel="Delete photo"
                    fields={{ intent: 'deletePhoto', public_id: photo.public_id }}
                  />
                </div>
                <div className="absolute inset-x-2 bottom-2 flex justify-between gap-1">
                  <PhotoForm fetcher={fetcher} intent="movePhoto" photo={photo} to={index - 1}>
                    <button type="submit" disabled={busy || index === 0} className={iconButton} aria-label={`Move photo ${index + 1} left`}>
                      <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </PhotoForm>
                  {index > 0 && (
                    <PhotoForm fetcher={fetcher} intent="coverPhoto" photo={photo}>
                      <button
                        type="submit"
                        disabled={busy}
                        className={`${iconButton} inline-flex items-center gap-1 px-2 text-xs font-semibold`}
                        aria-label={`Make photo ${index + 1} the cover`}
                      >
                        <Star aria-hidden="true" className="h-3.5 w-3.5" />
                        Cover
                      </button>
                    </PhotoForm>
                  )}
                  <PhotoForm fetcher={fetcher} intent="movePhoto" photo={photo} to={index + 1}>
                    <button
                      type="submit"
                      disabled={busy || index === photos.length - 1}
                      className={iconButton}
                      aria-label={`Move photo ${index + 1} right`}
                    >
                      <ChevronRight aria-hidden="true" className="h-4 w-4" />
                    </button>
                  </PhotoForm>
                </div>
              </div>
              {colours.length > 0 && <PhotoColourForm fetcher={fetcher} photo={photo} index={index} colours={colours} busy={busy} />}
            </li>
          ))}
        </ol>
      )}
      {product.deletedImages.length > 0 && (
        <div className="mt-5 border-t border-line pt-4">
          <h3 className="text-sm font-semibold">Deleted photos</h3>
          <p className="text-xs text-muted">Restore a photo within {PHOTO_UNDO_HOURS} hours of deleting it; it goes back to its place.</p>
          <ul className="mt-3 flex flex-wrap gap-3" aria-label="Deleted photos">
            {product.deletedImages.map((photo, index) => (
              <li key={photo.public_id} className="flex w-28 flex-col gap-2">
                <img
                  src={photo.secure_url}
                  alt={`Deleted photo ${index + 1} of ${product.productName}`}
                  className="aspect-[4/5] w-full rounded-xl object-cover opacity-60"
                />
                <PhotoForm fetcher={fetcher} intent="restorePhoto" photo={photo}>
                  <button type="submit" disabled={busy} className="btn btn-outline min-h-9 w-full px-2 text-sm">
                    <RotateCcw aria-hidden="true" className="h-4 w-4" />
                    Restore
                  </button>
                </PhotoForm>
              </li>
            ))}
          </ul>
        </div>
      )}
      {zoomed && <Zoom photo={zoomed} name={product.productName} onClose={() => setZoomed(null)} />}
    </section>
  );
}
