import { AppError, isUuid, type WishlistEntry } from '@shop/core';
import { Heart, ShoppingBag } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useFetcher, useSearchParams, type FetcherWithComponents } from 'react-router';
import { Enhanced, useHydrated } from '../components/enhanced';
import { useAnswerToast } from '../components/flash-message';
import { paths } from '../config/paths';
import { pageOf, signedInShopper } from '../context';
import { UserPage } from '../features/accounts/user-page';
import { Price } from '../features/catalogue/price';
import { ProductImage } from '../features/catalogue/product-image';
import { bagChoicesOf, onlySizeInStock, type BagChoices } from '../features/wishlist/bag-choices';
import { rememberSaved } from '../features/wishlist/saved-products';
import { buttonCall } from '../lib/button-action.server';
import { formIntent, formText } from '../lib/form-data';
import { backTo, done, redirectWithFlash } from '../lib/flash.server';
import { ENHANCED_FIELD } from '../lib/flash';
import { formFailure } from '../lib/service-call.server';
import { formatDate } from '../lib/order-format';
import { privatePageMeta } from '../lib/meta';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/user.wishlist';
import { postedForm } from '../lib/read-form.server';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('My Wishlist', matches);

/** The page's query parameter naming the row whose sizes are open (how 'Move to bag' opens without scripts). */
const MOVE_PARAM = 'move';

export const MOVED_TO_BAG = 'Moved to your bag.';

export async function loader({ context }: Route.LoaderArgs) {
  const userId = signedInShopper(context)._id;
  const { wishlist, catalogue } = pageOf(context).services;
  const entries = await loaderCall(wishlist.list(userId));
  // 'Move to bag' offers each product's sizes as the product page does; a product gone since is offered nothing.
  const choices: Record<string, BagChoices> = Object.fromEntries(
    await Promise.all(
      entries
        .filter((entry) => entry.product)
        .map(async (entry) => {
          const product = await catalogue.getProductDetails(entry.productId).catch((error: unknown) => {
            if (error instanceof AppError) return null;
            throw error;
          });
          return [entry.productId, product ? bagChoicesOf(product) : { colours: [], inStock: false }] as const;
        }),
    ),
  );
  return { userId, wishlist: entries, choices };
}

const INTENTS = ['remove', 'move-to-bag'] as const;

/**
 * A row's 'Remove' takes the product of `productId` off the shopper's wishlist; 'Move to bag' (intent move-to-bag)
 * puts one piece of the chosen `variantId` into her bag and then takes it off (wishlist.moveToCart, one call).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const productId = formText(form, 'productId');
  if (formIntent(form, INTENTS, 'remove') === 'move-to-bag')
    return moveToBag(request, form, pageOf(context).services, signedInShopper(context)._id);
  return buttonCall(
    form,
    backTo(request, form, paths.userWishlist),
    async () => {
      if (!isUuid(productId)) throw new AppError('NOT_FOUND', 'This product is not in your wishlist.');
      await pageOf(context).services.wishlist.remove(signedInShopper(context)._id, productId);
    },
    'Removed from your wishlist.',
  );
}

/**
 * 'Move to bag': done, the list without the row (a plain post leaves the open picker's address) with the message;
 * refused (no size chosen, 'Only 1 left', a full bag), the row as it was, its picker open, with the reason.
 */
async function moveToBag(
  request: Request,
  form: FormData,
  services: Pick<ReturnType<typeof pageOf>['services'], 'wishlist'>,
  userId: string,
) {
  const productId = formText(form, 'productId');
  const variantId = formText(form, 'variantId');
  try {
    if (!isUuid(productId)) throw new AppError('NOT_FOUND', 'This product is not in your wishlist.');
    if (variantId && !isUuid(variantId)) throw new AppError('NOT_FOUND', 'This colour and size of the product was not found.');
    await services.wishlist.moveToCart(userId, { productId, ...(variantId ? { variantId } : {}) });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A refused field says it in its own words ('Please choose a colour and size.'), without the field's name.
    const message = error.code === 'INVALID_DATA' ? (Object.values(error.fields ?? {})[0] ?? error.message) : error.message;
    if (form.get(ENHANCED_FIELD) === '1') return formFailure(error.status, { error: message, fields: error.fields ?? {} }, {});
    return redirectWithFlash(backTo(request, form, paths.userWishlist), { kind: 'error', message });
  }
  return done(form, paths.userWishlist, { kind: 'success', message: MOVED_TO_BAG }, { movedProductId: productId });
}

/**
 * 'Move to bag' of a row: a product without sizes goes at once (a form of its own); one with sizes opens its picker,
 * a button with scripts and a link to the page with the picker open (?move=…) without them.
 */
function MoveToBagButton({
  item,
  choices,
  expanded,
  hydrated,
  mover,
  onToggle,
  toggleRef,
}: {
  item: WishlistEntry;
  choices: BagChoices;
  expanded: boolean;
  hydrated: boolean;
  mover: FetcherWithComponents<MoveAnswer>;
  onToggle: () => void;
  toggleRef: (element: HTMLElement | null) => void;
}) {
  const name = item.product?.productName ?? 'this product';
  const className = 'btn btn-primary min-h-10 whitespace-nowrap px-4';
  // Its name starts with what it shows (WCAG 2.5.3) and says which product.
  const label = `Move to bag: ${name}`;
  const content = (
    <>
      <ShoppingBag aria-hidden="true" className="h-4 w-4" />
      Move to bag
    </>
  );
  if (choices.colours.length === 0) {
    return (
      <mover.Form method="post">
        <Enhanced />
        <input type="hidden" name="productId" value={item.productId} />
        <button type="submit" name="intent" value="move-to-bag" className={className} aria-label={label} disabled={mover.state !== 'idle'}>
          {content}
        </button>
      </mover.Form>
    );
  }
  if (!hydrated) {
    return (
      <Link
        ref={toggleRef}
        to={expanded ? paths.userWishlist : `${paths.userWishlist}?${MOVE_PARAM}=${encodeURIComponent(item.productId)}`}
        replace
        preventScrollReset
        className={className}
        aria-label={label}
        aria-expanded={expanded}
      >
        {content}
      </Link>
    );
  }
  return (
    <button
      ref={toggleRef}
      type="button"
      className={className}
      aria-label={label}
      aria-expanded={expanded}
      aria-controls={expanded ? `move-${item.productId}` : undefined}
      onClick={onToggle}
    >
      {content}
    </button>
  );
}

/** 'Remove': a form post of its own (works without scripts), toasted when they run; the hearts elsewhere follow. */
function RemoveButton({ item, userId }: { item: WishlistEntry; userId: string }) {
  const fetcher = useFetcher<typeof action>();
  useAnswerToast(fetcher.data, { failures: true });
  useEffect(() => {
    if (fetcher.data?.ok) rememberSaved(userId, item.productId, false);
  }, [fetcher.data, userId, item.productId]);
  return (
    <fetcher.Form method="post">
      <Enhanced />
      <input type="hidden" name="productId" value={item.productId} />
      <button
        type="submit"
        className="btn min-h-10 whitespace-nowrap px-4 text-wine-700 hover:bg-wine-50"
        aria-label={`Remove ${item.product?.productName ?? 'this product'}`}
        disabled={fetcher.state !== 'idle'}
      >
        Remove
      </button>
    </fetcher.Form>
  );
}

type MoveAnswer = { ok: boolean; movedProductId?: string; error?: string };

const SIZE_PILL =
  'flex min-h-11 min-w-12 cursor-pointer items-center justify-center rounded-xl border border-line bg-white px-3 text-sm font-medium peer-checked:border-wine-700 peer-checked:bg-wine-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-wine-700 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:bg-sand/60 peer-disabled:text-muted peer-disabled:line-through';

/**
 * The sizes of a saved product, by colour, as radios (sold-out ones disabled), and 'Move to bag': a form posted to
 * the page's action, through the list's `mover` when scripts run. Escape or 'Cancel' closes it.
 */
function SizePicker({
  item,
  choices,
  mover,
  focusOnOpen,
  onClose,
}: {
  item: WishlistEntry;
  choices: BagChoices;
  mover: FetcherWithComponents<MoveAnswer>;
  focusOnOpen: boolean;
  onClose: (() => void) | null;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const name = item.product?.productName ?? 'this product';
  const preset = onlySizeInStock(choices);
  const busy = mover.state !== 'idle';
  useEffect(() => {
    // Opened by a tap, the sizes take the focus (the chosen one, else the first in stock).
    if (focusOnOpen) panel.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked, input[type="radio"]:enabled')?.focus();
  }, [focusOnOpen]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <div
      ref={panel}
      id={`move-${item.productId}`}
      className="col-span-full rounded-xl border border-line bg-ivory p-4"
      onKeyDown={closeOnEscape}
    >
      <mover.Form method="post" aria-label={`Choose a size of ${name}`}>
        <Enhanced />
        <input type="hidden" name="productId" value={item.productId} />
        <div className="space-y-4">
          {choices.colours.map((group) => (
            <fieldset key={group.colour}>
              <legend className="text-sm font-semibold">
                {choices.colours.length > 1 ? 'Size in ' : 'Size'}
                {choices.colours.length > 1
                  ? group.colour
                  : group.colour && <span className="font-normal text-muted"> · {group.colour}</span>}
              </legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {group.sizes.map((size) => (
                  <label key={size.variantId} className="relative">
                    <input
                      type="radio"
                      name="variantId"
                      value={size.variantId}
                      required
                      disabled={!size.inStock}
                      defaultChecked={size.variantId === preset}
                      className="peer sr-only"
                    />
                    <span className={SIZE_PILL}>
                      {size.size}
                      {!size.inStock && <span className="sr-only"> (out of stock)</span>}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" name="intent" value="move-to-bag" className="btn btn-primary min-h-10 px-5" disabled={busy}>
            <ShoppingBag aria-hidden="true" className="h-4 w-4" />
            Move to bag
          </button>
          {onClose ? (
            <button type="button" className="btn btn-outline min-h-10 px-5" onClick={onClose}>
              Cancel
            </button>
          ) : (
            <Link to={paths.userWishlist} replace preventScrollReset className="btn btn-outline min-h-10 px-5">
              Cancel
            </Link>
          )}
        </div>
      </mover.Form>
    </div>
  );
}

/** My Wishlist: saved products with photo and price, newest first; each can move to the bag in a chosen size. */
export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { wishlist, userId, choices } = loaderData;
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  // Without scripts the open picker is the page's address (?move=…); with them, the row tapped.
  const [open, setOpen] = useState<{ productId: string; tapped: boolean } | null>(() => {
    const productId = searchParams.get(MOVE_PARAM);
    return productId ? { productId, tapped: false } : null;
  });
  const toggles = useRef(new Map<string, HTMLElement>());
  // One mover for the list: it outlives the row it moved, to say so and to put the focus back.
  const mover = useFetcher<MoveAnswer>();
  useAnswerToast(mover.data, { failures: true });
  const moved = mover.state === 'idle' && mover.data?.ok ? mover.data.movedProductId : undefined;
  useEffect(() => {
    if (!moved) return;
    // The row went with the product; its picker with it.
    rememberSaved(userId, moved, false);
    const title = document.getElementById('user-page-title');
    title?.setAttribute('tabindex', '-1');
    title?.focus();
  }, [moved, userId, mover.data]);
  const close = (productId: string) => {
    setOpen(null);
    toggles.current.get(productId)?.focus();
  };

  return (
    <UserPage title="My Wishlist">
      {wishlist.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <Heart aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
          <p className="mt-3 font-semibold">Your wishlist is empty.</p>
          <p className="mt-1 text-sm text-muted">Tap the heart on a product to keep it here.</p>
          <Link to={paths.filter} className="btn btn-primary mt-6">
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-white">
          {wishlist.map((item) => (
            // Phones: photo, then name (two lines at most), price on one line and the buttons under them; wider
            // screens put the buttons at the end of the row.
            <li
              key={item.productId}
              className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 px-4 py-4 sm:grid-cols-[5rem_minmax(0,1fr)_auto] sm:items-center sm:px-5"
            >
              <div className="row-span-2 overflow-hidden rounded-lg sm:row-span-1">
                <ProductImage image={item.product?.image ?? null} alt={item.product?.productName ?? 'Product'} sizes="80px" />
              </div>
              <div className="min-w-0">
                <p className="line-clamp-2 font-semibold leading-snug">{item.product?.productName ?? 'No longer available'}</p>
                {item.product && (
                  <div className="mt-1 whitespace-nowrap">
                    <Price selling={item.product.sellingPrice} mrp={item.product.productPrice} discount={item.product.productDiscount} />
                  </div>
                )}
                <p className="text-xs text-muted">
                  Added {formatDate(item.addedAt)}
                  {item.product && !item.product.inStock ? ' · Out of stock' : ''}
                </p>
              </div>
              <div className="col-start-2 flex flex-wrap gap-2 sm:col-start-3 sm:justify-end">
                {item.product && choices[item.productId]?.inStock && (
                  <MoveToBagButton
                    item={item}
                    choices={choices[item.productId]!}
                    expanded={open?.productId === item.productId}
                    hydrated={hydrated}
                    mover={mover}
                    onToggle={() => setOpen(open?.productId === item.productId ? null : { productId: item.productId, tapped: true })}
                    toggleRef={(element) => {
                      if (element) toggles.current.set(item.productId, element);
                      else toggles.current.delete(item.productId);
                    }}
                  />
                )}
                {item.product && (
                  <Link to={paths.product(item.productId)} className="btn btn-outline min-h-10 whitespace-nowrap px-4">
                    Open product
                  </Link>
                )}
                <RemoveButton item={item} userId={userId} />
              </div>
              {open?.productId === item.productId &&
                item.product &&
                choices[item.productId]?.inStock &&
                (choices[item.productId]?.colours.length ?? 0) > 0 && (
                  <SizePicker
                    item={item}
                    choices={choices[item.productId]!}
                    mover={mover}
                    focusOnOpen={open.tapped}
                    onClose={hydrated ? () => close(item.productId) : null}
                  />
                )}
            </li>
          ))}
        </ul>
      )}
    </UserPage>
  );
}
