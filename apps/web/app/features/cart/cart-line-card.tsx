import { MAX_QUANTITY_PER_LINE, rupeesCompact, type CartLine } from '@shop/core';
import { Heart, Shirt, Trash2 } from 'lucide-react';
import { Link, useFetcher, useLocation, type FetcherWithComponents } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { loginThenReturnTo, paths } from '../../config/paths';
import { variantLabel } from '../../lib/variant-label';
import { LineFields, cartActions } from './cart-forms';
import { QuantityStepper } from './quantity-stepper';

export { LineFields, cartActions };

/** One line as the cart page and the browser-cart drawer show it: the server's cart line or a browser line priced from the catalogue. */
export interface CartLineView {
  key: string;
  productId: string;
  variantId: string | undefined;
  name: string;
  description: string;
  imageUrl: string | null;
  variantName: string | null;
  color: string | null;
  size: string | null;
  quantity: number;
  /** Pieces in stock now. */
  available: number;
  unitPrice: number;
  unitMrp: number;
  lineTotal: number;
}

export const lineKey = (productId: string, variantId: string | null | undefined) => `${productId}:${variantId ?? ''}`;

export function viewOfCartLine(line: CartLine): CartLineView {
  const { product } = line;
  return {
    key: lineKey(product.id, product.variant?._id),
    productId: product.id,
    variantId: product.variant?._id,
    name: product.name,
    description: product.description,
    imageUrl: product.images[0]?.url ?? null,
    variantName: product.variant?.variantName || null,
    color: product.variant?.variantColor || null,
    size: product.variant?.variantSize || null,
    quantity: line.quantity,
    available: line.available,
    unitPrice: line.unitPrice,
    unitMrp: line.unitMrp,
    lineTotal: line.lineTotal,
  };
}

/**
 * The line as its buttons name it: 'Chikankari Cotton Kurti (White, M)', so two sizes or colours of one product in the
 * bag have buttons of their own names ('Remove …', 'Move to wishlist: …').
 */
export function lineName(line: Pick<CartLineView, 'name' | 'color' | 'size'>): string {
  const choice = [line.color, line.size].filter(Boolean).join(', ');
  return choice ? `${line.name} (${choice})` : line.name;
}

/** A small product photo, or a placeholder when there is none (spec §2.6). */
export function LineImage({ url, name, className = 'w-20 sm:w-24' }: { url: string | null; name: string; className?: string }) {
  return url ? (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      className={`aspect-[4/5] shrink-0 self-start rounded-xl bg-sand object-cover ${className}`}
    />
  ) : (
    <div
      role="img"
      aria-label={`${name}: no photo`}
      className={`flex aspect-[4/5] shrink-0 items-center justify-center self-start rounded-xl bg-sand text-muted ${className}`}
    >
      <Shirt aria-hidden="true" className="h-8 w-8 opacity-40" />
    </div>
  );
}

const LINE_BUTTON =
  'inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-2 text-sm font-semibold text-wine-700 hover:bg-wine-50 disabled:opacity-60';

/** Whether a fetcher is saving a change to this line. */
const changing = (fetcher: FetcherWithComponents<unknown>, line: CartLineView) =>
  fetcher.state !== 'idle' &&
  fetcher.formData?.get('productId') === line.productId &&
  (fetcher.formData.get('variantId') ?? undefined) === line.variantId;

/**
 * Image, name, description, variant, colour and size, a quantity stepper (1 to the smaller of 10 and the
 * stock), remove and the line total. `compact` leaves out the description (the drawer). The stepper and Remove
 * are forms posted to the cart's actions (the account's cart or the signed-out one): without scripts the page
 * comes back with the change; with them the line changes in place. Removing goes through the list's `remover`,
 * which outlives the line, to say what was removed.
 */
export function CartLineCard({
  line,
  remover,
  compact = false,
  onSignInToMove,
}: {
  line: CartLineView;
  remover: FetcherWithComponents<unknown>;
  compact?: boolean;
  /** Signed out (the drawer): 'Move to wishlist' asks her to log in, and this closes what must close first. */
  onSignInToMove?: () => void;
}) {
  const location = useLocation();
  const stepper = useFetcher();
  // 'Only 2 left': a quantity the stock cannot cover is refused with the stock as it is now.
  useAnswerToast(stepper.data, { failures: true });
  const pending = stepper.state !== 'idle' ? Number(stepper.formData?.get('quantity')) : NaN;
  const quantity = Number.isInteger(pending) ? pending : line.quantity;
  const busy = stepper.state !== 'idle' || changing(remover, line);
  const max = Math.max(1, Math.min(MAX_QUANTITY_PER_LINE, line.available));
  const short = line.available < line.quantity;
  // '+' has met the stock (not the per-line limit): say why it stopped.
  const atStock = !short && line.quantity === line.available && line.available < MAX_QUANTITY_PER_LINE;
  const stockNote = `stock-${line.key}`;
  const details = variantLabel({ name: compact ? null : line.variantName, color: line.color, size: line.size });
  const named = lineName(line);
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0" aria-label={line.name}>
      <Link to={paths.product(line.productId)} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
        <LineImage url={line.imageUrl} name={line.name} className={compact ? 'w-16' : 'w-20 sm:w-28'} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="font-sans text-base font-semibold leading-snug">
          <Link to={paths.product(line.productId)} className="hover:text-wine-700 hover:underline">
            {line.name}
          </Link>
        </h3>
        {!compact && line.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{line.description}</p>}
        {details && <p className="mt-1 text-sm text-muted">{details}</p>}
        {short && (
          <p role="alert" className="mt-1 text-sm font-medium text-wine-700">
            {line.available > 0 ? `Only ${line.available} left` : 'Out of stock'}
          </p>
        )}
        {/* Polite, and there before it is filled, so a screen reader says it when '+' reaches the stock. */}
        <p id={stockNote} aria-live="polite" className="mt-1 text-sm font-medium text-wine-700 empty:hidden">
          {atStock ? `Only ${line.available} left` : ''}
        </p>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          {/* Phones: the stepper and Remove, then Move to wishlist under them; wider screens keep the three in a row. */}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <stepper.Form method="post" action={cartActions.update}>
              <LineFields productId={line.productId} variantId={line.variantId} />
              <Enhanced />
              <QuantityStepper value={quantity} max={max} itemName={named} disabled={busy} describedBy={atStock ? stockNote : undefined} />
            </stepper.Form>
            <remover.Form method="post" action={cartActions.remove} className="contents">
              <LineFields productId={line.productId} variantId={line.variantId} />
              <Enhanced />
              <button type="submit" disabled={busy} className={LINE_BUTTON}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Remove<span className="sr-only"> {named}</span>
              </button>
              {/* The same form offers to keep it: out of the bag and onto the wishlist. Signed out, a link to log in that
                  carries the line: it moves once she is in, and stays in the bag until then. */}
              {onSignInToMove ? (
                <Link
                  to={loginThenReturnTo(`${location.pathname}${location.search}`, { productId: line.productId, variantId: line.variantId })}
                  onClick={onSignInToMove}
                  className={LINE_BUTTON}
                  aria-label={`Move to wishlist: ${named} (log in first)`}
                >
                  <Heart aria-hidden="true" className="h-4 w-4" />
                  Move to wishlist
                </Link>
              ) : (
                <button
                  type="submit"
                  formAction={cartActions.moveToWishlist}
                  disabled={busy}
                  className={LINE_BUTTON}
                  aria-label={`Move to wishlist: ${named}`}
                >
                  <Heart aria-hidden="true" className="h-4 w-4" />
                  Move to wishlist
                </button>
              )}
            </remover.Form>
          </div>
          <p className="ml-auto text-right text-sm leading-tight">
            <span className="sr-only">Line total: </span>
            <span className="text-base font-semibold tabular-nums">{rupeesCompact(line.lineTotal)}</span>
            {(line.quantity > 1 || line.unitMrp > line.unitPrice) && (
              <span className="block text-xs text-muted">
                {line.unitMrp > line.unitPrice && (
                  <s className="mr-1">
                    <span className="sr-only">MRP </span>
                    {rupeesCompact(line.unitMrp)}
                  </s>
                )}
                {line.quantity > 1 && `${rupeesCompact(line.unitPrice)} each`}
              </span>
            )}
          </p>
        </div>
      </div>
    </li>
  );
}

/** Subtotal, shipping ('FREE' from ₹999) and total of the lines shown. */
/**
 * Subtotal, each order-level discount as a line (the offer, the coupon: issue 41), shipping and the total. `total`
 * is the server's (subtotal − discounts + shipping); without it (the signed-out drawer) subtotal + shipping.
 */
export function CartSummaryRows({
  subtotal,
  shipping,
  itemCount,
  discounts = [],
  total,
}: {
  subtotal: number;
  shipping: number;
  itemCount: number;
  discounts?: ReadonlyArray<{ label: string; amount: number }>;
  total?: number;
}) {
  return (
    <dl className="space-y-3 text-sm">
      <div className="flex justify-between gap-4">
        <dt>
          Subtotal ({itemCount} {itemCount === 1 ? 'item' : 'items'})
        </dt>
        <dd className="tabular-nums">{rupeesCompact(subtotal)}</dd>
      </div>
      {discounts.map((discount) => (
        <div key={discount.label} className="flex justify-between gap-4 text-[#1d7a46]" data-testid="discount-line">
          <dt>{discount.label}</dt>
          <dd className="tabular-nums font-semibold">−{rupeesCompact(discount.amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4">
        <dt>Shipping</dt>
        <dd className={shipping === 0 ? 'font-semibold text-[#1d7a46]' : 'tabular-nums'}>
          {shipping === 0 ? 'FREE' : rupeesCompact(shipping)}
        </dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-line pt-3 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="cart-total">
          {rupeesCompact(total ?? subtotal + shipping)}
        </dd>
      </div>
    </dl>
  );
}
