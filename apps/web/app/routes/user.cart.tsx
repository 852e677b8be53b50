import { privatePageMeta } from '../lib/meta';
import { rupeesCompact, SHIPPING } from '@shop/core';
import { ShieldCheck, ShoppingBag } from 'lucide-react';
import { useEffect } from 'react';
import { Form, Link, redirect, useActionData, useFetcher } from 'react-router';
import { paths } from '../config/paths';
import { PageState, UserPage } from '../features/accounts/user-page';
import { CartLineCard, CartSummaryRows, viewOfCartLine } from '../features/cart/cart-line-card';
import { couponAction, isCouponIntent } from '../features/cart/coupon-action.server';
import { CouponPanel, type CouponAnswer } from '../features/cart/coupon-panel';
import { postedForm } from '../lib/read-form.server';
import { useAnswerToast } from '../components/flash-message';
import { servicesOf, signedInShopper } from '../context';
import { loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/user.cart';

/** The shopper's cart with the server's prices; its changes post to the cart's actions (routes/cart-actions.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  return { cart: await loaderCall(servicesOf(context).cart.get(signedInShopper(context)._id)) };
}

/** The coupon form (issue 41): applies or removes her bag's code; a refusal comes back beside the field. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  if (!isCouponIntent(form.get('intent'))) return redirect(paths.cart);
  return couponAction(form, context, signedInShopper(context));
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('My Cart', matches);

/**
 * Spec §2.6: the signed-in shopper's cart, with the server's prices; its steppers and Remove are forms. 'Proceed to
 * Checkout' posts to checkout's action, which starts the checkout (features/checkout/checkout-state.ts).
 */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const couponAnswer = useActionData<typeof action>() as CouponAnswer | undefined;
  useAnswerToast(couponAnswer);
  // Removing goes through one fetcher for the list: it outlives the removed line, to say what was removed.
  const remover = useFetcher();
  useAnswerToast(remover.data, { failures: true });
  const removed: unknown = remover.state === 'idle' && (remover.data as { ok?: boolean } | undefined)?.ok === true ? remover.data : null;

  // The removed line took the focus with it: put it back at the top of the page.
  useEffect(() => {
    if (!removed) return;
    const title = document.getElementById('user-page-title');
    title?.setAttribute('tabindex', '-1');
    title?.focus();
  }, [removed]);

  const lines = cart?.userCarts ?? [];
  const short = lines.some((line) => line.available < line.quantity);
  // A code on the bag that cannot be used any more: checkout would refuse it, so she removes it first.
  const couponRefused = cart?.summary.coupon?.applied === false;
  const summary = cart?.summary;
  // Free shipping is judged on what she pays for the goods, after the offer and the coupon.
  const toFreeShipping = summary && summary.shipping > 0 ? SHIPPING.freeShippingFromPaise - (summary.subtotal - summary.discount) : 0;

  return (
    <UserPage title="My Cart">
      <PageState
        loading={false}
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
        {summary && (
          <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
            <section aria-labelledby="cart-items-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
              <h2 id="cart-items-title" className="sr-only">
                Items
              </h2>
              <ul className="divide-y divide-line">
                {lines.map((cartLine) => {
                  const line = viewOfCartLine(cartLine);
                  return <CartLineCard key={line.key} line={line} remover={remover} />;
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
                <CartSummaryRows
                  subtotal={summary.subtotal}
                  shipping={summary.shipping}
                  itemCount={cart.itemCount}
                  discounts={summary.discounts}
                  total={summary.total}
                />
              </div>
              <div className="mt-4">
                <CouponPanel summary={summary} answer={couponAnswer} />
              </div>
              {toFreeShipping > 0 && (
                <p className="mt-3 rounded-lg bg-sand/60 px-3 py-2 text-xs text-ink">
                  Add {rupeesCompact(toFreeShipping)} more for free shipping.
                </p>
              )}
              <Form method="post" action={paths.checkout}>
                <button
                  type="submit"
                  name="intent"
                  value="start"
                  className="btn btn-primary mt-5 w-full"
                  disabled={short || couponRefused}
                  aria-describedby={short ? 'cart-short' : undefined}
                >
                  Proceed to Checkout
                </button>
              </Form>
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
