import { privatePageMeta } from '../lib/meta';
import { PAYMENT_RESERVATION_MINUTES, SHOP_NOT_OPEN, rupeesCompact } from '@shop/core';
import { Banknote, CreditCard, Landmark, Lock, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { toast } from '../lib/toast';
import { paths } from '../config/paths';
import { CartSummaryRows } from '../features/cart/cart-line-card';
import { confirmedAddress } from '../features/checkout/checkout-state';
import { readCheckoutState } from '../features/checkout/checkout-state.server';
import { useHydrated } from '../components/enhanced';
import { createPayment } from '../features/payments/api/create-payment';
import { verifyPayment } from '../features/payments/api/verify-payment';
import { PAYMENT_FAILED_TO_INITIATE, PaymentAlert } from '../features/payments/payment-alert';
import { RAZORPAY_THEME_COLOR, loadCheckoutScript, openCheckout, type RazorpaySuccess } from '../features/payments/razorpay-checkout';
import { ApiError, errorMessage } from '../lib/api-client';
import { servicesOf, shopperOf } from '../context';
import type { RootLoaderData } from '../root';
import type { Route } from './+types/payment';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Payment', matches);

/**
 * The cart with the server's prices, the address confirmed in checkout (the checkout cookie) and where Razorpay
 * Checkout is; checkout asks a signed-out visitor to log in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = shopperOf(context);
  if (!user) throw redirect(paths.checkout);
  const { cart, addresses, payments, settings } = servicesOf(context);
  const [userCart, userAddresses, takingOrders] = await Promise.all([
    cart.get(user._id),
    addresses.list(user._id),
    settings.takingOrders(),
  ]);
  return {
    user,
    // In production, false until the owner has saved the shop's own details (issue 39): no Pay button then.
    takingOrders,
    cart: userCart,
    address: confirmedAddress(userAddresses, readCheckoutState(request)),
    razorpay: { keyId: payments.keyId, checkoutScriptUrl: payments.checkoutScriptUrl },
  };
}

const OPTION = 'flex items-start gap-3 rounded-xl border p-4';

function DisabledMethod({ label, note, icon: Icon }: { label: string; note: string; icon: typeof Banknote }) {
  return (
    <label className={`${OPTION} cursor-not-allowed border-line bg-sand/40 text-muted`}>
      <input type="radio" name="paymentMethod" value={label} disabled className="mt-1 h-4 w-4 shrink-0" />
      <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <span className="flex flex-1 flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{label}</span>
        <span className="rounded-full border border-line bg-white px-2.5 py-0.5 text-xs font-semibold text-muted">{note}</span>
      </span>
    </label>
  );
}

type Stage = 'idle' | 'starting' | 'open' | 'verifying';

/**
 * Spec §2.8: the online method only; 'Pay ₹{amount}' with the server's total for the saved order, then
 * Razorpay Checkout (or the emulator's sheet), verification on the server and the success page.
 */
export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { user, cart, address, razorpay, takingOrders } = loaderData;
  const shopName = useRouteLoaderData<RootLoaderData>('root')?.settings.name ?? 'Shop';
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // Razorpay's sheet is a script: the Pay button works once the page's scripts run.
  const hydrated = useHydrated();
  const [stage, setStage] = useState<Stage>('idle');
  const [failure, setFailure] = useState<{ reason: string | null; stock: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const lines = cart.userCarts;
  const totals = cart.summary;

  const paid = async (orderId: string, response: RazorpaySuccess) => {
    setStage('verifying');
    try {
      await verifyPayment({
        razorpayOrderId: response.razorpay_order_id,
        razorpayPaymentId: response.razorpay_payment_id,
        razorpaySignature: response.razorpay_signature,
      });
    } catch (error) {
      // The order is not lost: the webhook and the reconciliation job settle it if the money was taken.
      toast.error(errorMessage(error));
      setStage('idle');
      return;
    }
    await navigate(paths.paymentSuccess(orderId));
    await revalidate();
  };

  const pay = async () => {
    if (!address) return;
    setStage('starting');
    setNotice(null);
    let created;
    try {
      created = await createPayment({
        amount: totals.total,
        paymentMethod: 'online',
        products: lines.map((line) => ({ id: line.product.id, variant: line.product.variant?._id ?? null })),
        address: address._id,
      });
      await loadCheckoutScript(razorpay.checkoutScriptUrl);
    } catch (error) {
      const reason = error instanceof Error ? error.message : null;
      setFailure({
        reason: reason && reason !== PAYMENT_FAILED_TO_INITIATE ? reason : null,
        stock: error instanceof ApiError && error.status === 409,
      });
      setStage('idle');
      return;
    }
    const { orderId, orderNumber } = created;
    try {
      openCheckout(
        {
          key: created.keyId || razorpay.keyId,
          amount: created.razorpay.amount,
          currency: created.razorpay.currency,
          name: shopName,
          description: `Order ${orderNumber}`,
          order_id: created.razorpay.id,
          prefill: {
            name: `${user.userFirstName} ${user.userLastName}`.trim(),
            email: user.userEmail,
            contact: user.userPhone ?? address.phone,
          },
          notes: { orderNumber },
          theme: { color: RAZORPAY_THEME_COLOR },
          handler: (response) => void paid(orderId, response),
          modal: {
            ondismiss: () => {
              setStage('idle');
              setNotice(`Payment not completed. Your items stay reserved for ${PAYMENT_RESERVATION_MINUTES} minutes: you can pay again.`);
            },
          },
        },
        (response) => toast.error(response.error.description),
      );
      setStage('open');
    } catch (error) {
      setFailure({ reason: error instanceof Error ? error.message : null, stock: false });
      setStage('idle');
    }
  };

  if (lines.length === 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
        <h1 className="text-3xl font-semibold">Choose Payment Method</h1>
        <div className="mt-6 rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <ShoppingBag aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
          <p className="mt-3 font-semibold">Your cart is empty.</p>
          <Link to={paths.filter} className="btn btn-primary mt-6">
            Browse products
          </Link>
        </div>
      </div>
    );
  }

  const busy = stage !== 'idle';
  const needsAddress = !address;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 id="payment-title" className="text-3xl font-semibold">
        Choose Payment Method
      </h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="payment-title" className="rounded-2xl border border-line bg-white p-5 sm:p-6">
          <fieldset>
            <legend className="sr-only">Payment method</legend>
            <div className="space-y-3">
              <label className={`${OPTION} cursor-pointer border-wine-600 bg-wine-50/60`}>
                <input type="radio" name="paymentMethod" value="online" defaultChecked className="mt-1 h-4 w-4 shrink-0 accent-wine-700" />
                <CreditCard aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-wine-700" />
                <span>
                  <span className="block font-semibold">Online</span>
                  <span className="block text-sm text-muted">UPI / Card / Netbanking</span>
                </span>
              </label>
              <DisabledMethod label="Cash on Delivery" note="Currently Unavailable" icon={Banknote} />
              <DisabledMethod label="EMI" note="Coming Soon" icon={Landmark} />
            </div>
          </fieldset>

          {!takingOrders ? (
            <p role="status" className="mt-6 rounded-xl border border-gold-400 bg-sand/60 p-4 text-sm font-medium text-ink">
              {SHOP_NOT_OPEN} Your cart is kept for you.
            </p>
          ) : needsAddress ? (
            <div className="mt-6 rounded-xl border border-line bg-sand/40 p-4 text-sm">
              <p>Please choose a delivery address first.</p>
              <Link to={paths.checkout} className="btn btn-primary mt-3">
                Back to checkout
              </Link>
            </div>
          ) : (
            <button
              type="button"
              className="btn btn-primary mt-6 w-full text-base aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto sm:min-w-60"
              // aria-disabled keeps the focus here while the sheet opens, so it comes back here when it closes.
              onClick={() => !busy && hydrated && void pay()}
              aria-disabled={busy || !hydrated}
              aria-describedby="payment-note"
            >
              <Lock aria-hidden="true" className="h-4 w-4" />
              {stage === 'starting'
                ? 'Opening payment...'
                : stage === 'verifying'
                  ? 'Confirming payment...'
                  : `Pay ${rupeesCompact(totals.total)}`}
            </button>
          )}
          <p id="payment-note" className="mt-3 text-xs text-muted">
            You pay on Razorpay&apos;s secure page. Your items are reserved for {PAYMENT_RESERVATION_MINUTES} minutes while you pay.
          </p>
          <noscript>
            <p className="mt-3 rounded-lg bg-sand/60 px-3 py-2 text-sm">
              Razorpay&apos;s secure page needs JavaScript: please turn it on in your browser to pay.
            </p>
          </noscript>
          {notice && (
            <p role="status" className="mt-4 rounded-lg bg-sand/60 px-3 py-2 text-sm">
              {notice}
            </p>
          )}
        </section>

        <aside
          aria-labelledby="payment-summary"
          className="space-y-5 rounded-2xl border border-line bg-white p-5 sm:p-6 lg:sticky lg:top-40"
        >
          <div>
            <h2 id="payment-summary" className="text-lg font-semibold">
              Price details
            </h2>
            <div className="mt-4">
              <CartSummaryRows
                subtotal={totals.subtotal}
                shipping={totals.shipping}
                itemCount={cart.itemCount}
                discounts={totals.discounts}
                total={totals.total}
              />
            </div>
            {totals.offer && (
              <p className="mt-3 text-xs text-[#1d5c37]">
                {totals.offer.name}: you save {rupeesCompact(totals.offer.amount)}.
              </p>
            )}
            {totals.coupon && !totals.coupon.applied && (
              <p role="alert" className="mt-3 text-sm font-medium text-wine-700">
                {totals.coupon.refusal}{' '}
                <Link to={paths.cart} className="underline">
                  Change it in your bag
                </Link>
                .
              </p>
            )}
          </div>
          {address && (
            <div className="border-t border-line pt-4 text-sm">
              <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted">Delivering to</h3>
              <p className="mt-1 font-semibold">{address.name}</p>
              <p className="text-ink">
                {address.street}, {address.city}, {address.state} – {address.pincode}
              </p>
              <Link to={paths.checkout} className="mt-2 inline-flex min-h-10 items-center font-semibold text-wine-700 hover:underline">
                Change
                <span className="sr-only"> the address or items</span>
              </Link>
            </div>
          )}
        </aside>
      </div>

      {failure && (
        <PaymentAlert
          reason={failure.reason}
          onClose={() => setFailure(null)}
          actions={
            failure.stock && (
              <Link to={paths.cart} className="btn btn-outline">
                Review my cart
              </Link>
            )
          }
        />
      )}
    </div>
  );
}
