import { rupeesCompact, SHIPPING } from '@shop/core';
import { ShoppingBag, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { Enhanced } from '../../components/enhanced';
import { useAnswerToast } from '../../components/flash-message';
import { loginThenReturnTo, paths } from '../../config/paths';
import { CartLineCard, CartSummaryRows, LineFields, cartActions } from './cart-line-card';
import type { CartSummary } from '@shop/core';
import { CouponPanel, type CouponAnswer } from './coupon-panel';
import type { PricedGuestCart } from './price-guest-cart';

/** Where the drawer reads the signed-out cart, priced (routes/cart-actions.ts). */
const GUEST_CART = '/cart/guest';

/**
 * A signed-out shopper's cart, in a sheet from the side: the lines of the guest_cart cookie, priced from the
 * catalogue by the server, and 'Login to checkout' (spec §2.5 keeps /user/cart for signed-in shoppers). Its changes
 * post to the cart's actions; the drawer's list is read again after each.
 */
export default function GuestCartDrawer({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const loaded = useFetcher<PricedGuestCart & { summary: CartSummary }>();
  const remover = useFetcher();
  const coupon = useFetcher<CouponAnswer>();
  useAnswerToast(remover.data, { failures: true });
  useAnswerToast(coupon.data);
  const { load } = loaded;

  // A code applied or removed: the drawer's prices are read again.
  useEffect(() => {
    if (coupon.state === 'idle' && coupon.data?.ok) void load(GUEST_CART);
  }, [coupon.state, coupon.data, load]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // A modal <dialog> keeps focus inside, makes the page behind inert and closes on Escape.
    element.showModal();
    return () => element.close();
  }, []);

  useEffect(() => {
    void load(GUEST_CART);
  }, [load]);

  const cart = loaded.data;
  const lines = cart ? [...cart.lines, ...cart.gone] : [];
  const itemCount = cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;
  const summary = cart?.summary;
  const toFreeShipping = summary && summary.shipping > 0 ? SHIPPING.freeShippingFromPaise - (summary.subtotal - summary.discount) : 0;

  return (
    <dialog
      ref={dialog}
      aria-labelledby="guest-cart-title"
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && dialog.current.close()}
      className="fixed inset-y-0 right-0 left-auto m-0 flex h-dvh max-h-none w-full max-w-md flex-col bg-ivory p-0 text-ink shadow-2xl backdrop:bg-ink/40 sm:w-[28rem]"
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <h2 id="guest-cart-title" className="text-xl font-semibold">
          Your cart
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-sand"
          aria-label="Close cart"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>

      <div className="flex-1 overflow-y-auto px-5 py-5">
        {!cart ? (
          <p className="text-muted">Loading...</p>
        ) : lines.length === 0 ? (
          <div className="py-10 text-center">
            <ShoppingBag aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
            <p className="mt-3 font-semibold">Your cart is empty.</p>
            <Link to={paths.filter} className="btn btn-primary mt-6" onClick={() => dialog.current?.close()}>
              Browse products
            </Link>
          </div>
        ) : (
          <>
            <ul className="divide-y divide-line" aria-label="Items in your cart">
              {cart.lines.map((line) => (
                <CartLineCard key={line.key} line={line} remover={remover} compact onSignInToMove={() => dialog.current?.close()} />
              ))}
            </ul>
            {cart.gone.length > 0 && (
              <div className="mt-4 rounded-xl border border-line bg-white p-3 text-sm">
                <p>{cart.gone.length === 1 ? 'One item is' : `${cart.gone.length} items are`} no longer available.</p>
                <ul className="mt-2 space-y-1">
                  {cart.gone.map((line) => (
                    <li key={`${line.productId}:${line.variantId ?? ''}`}>
                      <remover.Form method="post" action={cartActions.remove}>
                        <LineFields productId={line.productId} variantId={line.variantId} />
                        <Enhanced />
                        <button type="submit" className="font-semibold text-wine-700 underline underline-offset-2">
                          Remove it
                        </button>
                      </remover.Form>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>

      {cart && cart.lines.length > 0 && (
        <div className="border-t border-line bg-white px-5 py-5">
          <CartSummaryRows
            subtotal={summary?.subtotal ?? cart.subtotal}
            shipping={summary?.shipping ?? cart.shipping}
            itemCount={itemCount}
            discounts={summary?.discounts ?? []}
            total={summary?.total}
          />
          {toFreeShipping > 0 && <p className="mt-3 text-xs text-muted">Add {rupeesCompact(toFreeShipping)} more for free shipping.</p>}
          {summary && (
            <div className="mt-4">
              <CouponPanel
                summary={summary}
                answer={coupon.data}
                actions={{ apply: cartActions.applyCoupon, remove: cartActions.removeCoupon }}
                form={coupon.Form}
                hidden={<Enhanced />}
                pending={coupon.state !== 'idle'}
              />
            </div>
          )}
          <Link to={loginThenReturnTo(paths.cart)} className="btn btn-primary mt-4 w-full" onClick={() => dialog.current?.close()}>
            Login to checkout
          </Link>
          <p className="mt-2 text-center text-xs text-muted">Your cart moves to your account when you log in.</p>
        </div>
      )}
    </dialog>
  );
}
