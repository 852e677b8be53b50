import { privatePageMeta } from '../lib/meta';
import { SHIPPING, formatINR, type Cart } from '@shop/core';
import { ShieldCheck, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { toast } from '../lib/toast';
import { paths } from '../config/paths';
import { PageState, UserPage } from '../features/accounts/user-page';
import { getCart } from '../features/cart/api/get-cart';
import { removeFromCart } from '../features/cart/api/remove-from-cart';
import { updateCartQuantity } from '../features/cart/api/update-cart-quantity';
import { CartLineCard, CartSummaryRows, viewOfCartLine, type CartLineView } from '../features/cart/cart-line-card';
import { orderOf, readSavedOrder, saveOrder } from '../features/checkout/saved-order';
import { errorMessage } from '../lib/api-client';
import { useApiData } from '../lib/use-api-data';
import type { Route } from './+types/user.cart';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('My Cart', matches);

/** Spec §2.6: the signed-in shopper's cart, with the server's prices; 'Proceed to Checkout' saves the order for /checkout. */
export default function CartPage() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const loaded = useApiData(getCart);
  // Every change answers the whole cart: it replaces what was loaded.
  const [changed, setChanged] = useState<Cart | null>(null);
  const [busyLine, setBusyLine] = useState<string | null>(null);
  const cart = changed ?? loaded.data;

  const change = async (line: CartLineView, work: () => Promise<Cart>, done?: string) => {
    setBusyLine(line.key);
    try {
      setChanged(await work());
      if (done) toast.success(done);
      await revalidate();
    } catch (error) {
      // 'Only 2 left': show it, and read the cart again for the stock as it is now.
      toast.error(errorMessage(error));
      const fresh = await getCart().catch(() => null);
      if (fresh) setChanged(fresh);
    } finally {
      setBusyLine(null);
    }
  };

  const lines = cart?.userCarts ?? [];
  const short = lines.some((line) => line.available < line.quantity);
  const summary = cart?.summary;
  const toFreeShipping = summary && summary.shipping > 0 ? SHIPPING.freeShippingFromPaise - summary.subtotal : 0;

  // The removed line took the focus with it: put it back at the top of the page.
  const focusTitle = () => {
    const title = document.getElementById('user-page-title');
    title?.setAttribute('tabindex', '-1');
    title?.focus();
  };

  const proceed = () => {
    saveOrder(orderOf(lines, readSavedOrder()?.addressId ?? null));
    void navigate(paths.checkout);
  };

  return (
    <UserPage title="My Cart">
      <PageState
        loading={loaded.loading && !changed}
        error={changed ? undefined : loaded.error}
        empty={
          lines.length === 0 && (
            <>
              <ShoppingBag aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
              <p className="mt-3 font-semibold">Your cart is empty.</p>
              <Link to={paths.filter} className="btn btn-primary mt-6">
                Browse products
              </Link>
            </>
          )
        }
      >
        {cart && summary && (
          <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
            <section aria-labelledby="cart-items-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
              <h2 id="cart-items-title" className="sr-only">
                Items
              </h2>
              <ul className="divide-y divide-line">
                {lines.map((cartLine) => {
                  const line = viewOfCartLine(cartLine);
                  const input = { productId: line.productId, variantId: line.variantId };
                  return (
                    <CartLineCard
                      key={line.key}
                      line={line}
                      busy={busyLine === line.key}
                      onQuantity={(quantity) => void change(line, () => updateCartQuantity({ ...input, quantity }))}
                      onRemove={() =>
                        void change(line, () => removeFromCart(input), `${line.name} removed from your cart.`).then(focusTitle)
                      }
                    />
                  );
                })}
              </ul>
            </section>

            <section
              aria-labelledby="cart-summary-title"
              className="rounded-2xl border border-line bg-white p-5 sm:p-6 xl:sticky xl:top-40"
            >
              <h2 id="cart-summary-title" className="text-lg font-semibold">
                Order summary
              </h2>
              <div className="mt-4">
                <CartSummaryRows subtotal={summary.subtotal} shipping={summary.shipping} itemCount={cart.itemCount} />
              </div>
              {toFreeShipping > 0 && (
                <p className="mt-3 rounded-lg bg-sand/60 px-3 py-2 text-xs text-ink">
                  Add {formatINR(toFreeShipping, { compact: true })} more for free shipping.
                </p>
              )}
              <button
                type="button"
                className="btn btn-primary mt-5 w-full"
                onClick={proceed}
                disabled={short || busyLine !== null}
                aria-describedby={short ? 'cart-short' : undefined}
              >
                Proceed to Checkout
              </button>
              {short && (
                <p id="cart-short" className="mt-2 text-sm text-wine-700">
                  Some items have fewer pieces left than you chose: lower their quantity or remove them to continue.
                </p>
              )}
              <p className="mt-4 flex items-center gap-2 text-xs text-muted">
                <ShieldCheck aria-hidden="true" className="h-4 w-4 shrink-0 text-wine-700" />
                Secure payment by UPI, card or netbanking.
              </p>
            </section>
          </div>
        )}
      </PageState>
    </UserPage>
  );
}
