import { privatePageMeta } from '../lib/meta';
import {
  COD_CONFIRM_HOURS,
  COD_OFF_REASON,
  PAYMENT_RESERVATION_MINUTES,
  SHOP_NOT_OPEN,
  codFeeLabel,
  rupeesCompact,
  type CodOption,
} from '@shop/core';
import { Banknote, CreditCard, Landmark, Lock, ShoppingBag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Form, Link, redirect, useActionData, useNavigate, useNavigation, useRevalidator, useRouteLoaderData } from 'react-router';
import { toast } from '../lib/toast';
import { paths } from '../config/paths';
import { CartSummaryRows } from '../features/cart/cart-line-card';
import { businessPaymentFields, confirmedAddress } from '../features/checkout/checkout-state';
import { readCheckoutState } from '../features/checkout/checkout-state.server';
import { useHydrated } from '../components/enhanced';
import { createPayment } from '../features/payments/api/create-payment';
import { verifyPayment } from '../features/payments/api/verify-payment';
import { PAYMENT_FAILED_TO_INITIATE, PaymentAlert } from '../features/payments/payment-alert';
import { RAZORPAY_THEME_COLOR, loadCheckoutScript, openCheckout, type RazorpaySuccess } from '../features/payments/razorpay-checkout';
import { ApiError, errorMessage } from '../lib/api-client';
import { servicesOf, shopperOf } from '../context';
import { isFailure } from '../lib/failure';
import { formText } from '../lib/form-data';
import { postedForm } from '../lib/read-form.server';
import { actionCall, formFailure } from '../lib/service-call.server';
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
  const checkout = readCheckoutState(request);
  const [userCart, userAddresses, takingOrders] = await Promise.all([
    cart.get(user._id),
    addresses.list(user._id),
    settings.takingOrders(),
  ]);
  const address = confirmedAddress(userAddresses, checkout);
  return {
    user,
    // In production, false until the owner has saved the shop's own details (issue 39): no Pay button then.
    takingOrders,
    cart: userCart,
    address,
    // For business purchases (issue 43): the GSTIN and name given with Proceed to Payment, for the tax invoice.
    business: checkout.business ?? null,
    razorpay: { keyId: payments.keyId, checkoutScriptUrl: payments.checkoutScriptUrl },
    // Cash on delivery (issue 41): off, or on with its fee, or the reason this bag cannot have it.
    cod: address && userCart.userCarts.length > 0 ? (await payments.paymentOptions(user._id, address._id)).cod : null,
  };
}

export const ONLINE_NEEDS_SCRIPT =
  "Online payment opens Razorpay's secure page, which needs JavaScript: please turn it on, or choose cash on delivery.";

/**
 * The page's form posted: cash on delivery places the order on the server (no Razorpay) and goes to the success
 * page, which asks for her e-mailed code; online needs Razorpay's script, so without it the page says so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = shopperOf(context);
  if (!user) throw redirect(paths.checkout);
  const form = await postedForm(request);
  if (formText(form, 'paymentMethod') !== 'cod') return formFailure(400, { error: ONLINE_NEEDS_SCRIPT, fields: {} }, {});
  const { cart, addresses, payments } = servicesOf(context);
  const [userCart, userAddresses] = await Promise.all([cart.get(user._id), addresses.list(user._id)]);
  const checkout = readCheckoutState(request);
  const address = confirmedAddress(userAddresses, checkout);
  if (!address) throw redirect(paths.checkout);
  return actionCall(
    payments.createPayment(user._id, {
      paymentMethod: 'cod',
      products: userCart.userCarts.map((line) => ({ id: line.product.id, variant: line.product.variant?._id ?? null })),
      address: address._id,
      // For business purchases (issue 43): the GSTIN and name given with Proceed to Payment, on the COD order too.
      ...businessPaymentFields(checkout.business ?? null),
    }),
    (created) => redirect(paths.paymentSuccess(created.orderId)),
    {},
  );
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

/** Cash on delivery as the owner offers it: a choice with its fee, or the reason this bag cannot have it. */
function CodMethod({ cod, total }: { cod: CodOption; total: number }) {
  if (!cod.available) {
    return (
      <div className={`${OPTION} border-line bg-sand/40 text-muted`}>
        <input
          type="radio"
          name="paymentMethod"
          value="cod"
          disabled
          aria-describedby="cod-reason"
          aria-label="Cash on Delivery"
          className="mt-1 h-4 w-4 shrink-0"
        />
        <Banknote aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <span>
          <span className="block font-semibold">Cash on Delivery</span>
          <span id="cod-reason" className="block text-sm text-ink">
            {cod.reason}
          </span>
        </span>
      </div>
    );
  }
  return (
    <label className={`${OPTION} cursor-pointer border-line has-[:checked]:border-wine-600 has-[:checked]:bg-wine-50/60`}>
      <input type="radio" name="paymentMethod" value="cod" className="mt-1 h-4 w-4 shrink-0 accent-wine-700" />
      <Banknote aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-wine-700" />
      <span>
        <span className="block font-semibold">Cash on Delivery</span>
        <span className="block text-sm text-muted">
          {codFeeLabel(cod.fee)} · {rupeesCompact(total + cod.fee)} to pay at the door. Confirm with a code we e-mail you.
        </span>
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
  const { user, cart, address, razorpay, takingOrders, business, cod } = loaderData;
  const answer: unknown = useActionData();
  const refused = isFailure(answer) ? answer : null;
  const placing = useNavigation().state === 'submitting';
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
        ...businessPaymentFields(business),
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
    const razorpayOrder = created.razorpay;
    if (!razorpayOrder) {
      setStage('idle');
      return;
    }
    try {
      openCheckout(
        {
          key: created.keyId || razorpay.keyId,
          amount: razorpayOrder.amount,
          currency: razorpayOrder.currency,
          name: shopName,
          description: `Order ${orderNumber}`,
          order_id: razorpayOrder.id,
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

  const busy = stage !== 'idle' || placing;
  const needsAddress = !address;
  // COD off: the spec's 'Currently Unavailable', exactly as before issue 41.
  const codChoice = cod && cod.reason !== COD_OFF_REASON ? cod : null;
  const codOffered = codChoice !== null;

  // Online goes through Razorpay's sheet (scripts); cash on delivery is the form's own post, with or without them.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const chosen = new FormData(event.currentTarget).get('paymentMethod');
    if (chosen === 'cod') {
      if (busy) event.preventDefault();
      return;
    }
    event.preventDefault();
    if (!busy && hydrated) void pay();
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 id="payment-title" className="text-3xl font-semibold">
        Choose Payment Method
      </h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Form
          method="post"
          onSubmit={submit}
          aria-labelledby="payment-title"
          className="group rounded-2xl border border-line bg-white p-5 sm:p-6"
        >
          <fieldset>
            <legend className="sr-only">Payment method</legend>
            <div className="space-y-3">
              <label className={`${OPTION} cursor-pointer border-line has-[:checked]:border-wine-600 has-[:checked]:bg-wine-50/60`}>
                <input type="radio" name="paymentMethod" value="online" defaultChecked className="mt-1 h-4 w-4 shrink-0 accent-wine-700" />
                <CreditCard aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-wine-700" />
                <span>
                  <span className="block font-semibold">Online</span>
                  <span className="block text-sm text-muted">UPI / Card / Netbanking</span>
                </span>
              </label>
              {codChoice ? (
                <CodMethod cod={codChoice} total={totals.total} />
              ) : (
                <DisabledMethod label="Cash on Delivery" note="Currently Unavailable" icon={Banknote} />
              )}
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
              type="submit"
              className="btn btn-primary mt-6 w-full text-base aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto sm:min-w-60"
              // aria-disabled keeps the focus here while the sheet opens, so it comes back here when it closes. Without
              // scripts only cash on delivery can be placed: the button is live then when COD is offered.
              aria-disabled={busy || (!hydrated && !codOffered)}
              aria-describedby="payment-note"
            >
              <Lock aria-hidden="true" className="h-4 w-4" />
              {stage === 'starting' ? (
                'Opening payment...'
              ) : stage === 'verifying' ? (
                'Confirming payment...'
              ) : placing ? (
                'Placing order...'
              ) : (
                <>
                  {/* The label follows the choice by CSS alone, so it is right before scripts run too. */}
                  <span className="group-has-[input[value=cod]:checked]:hidden">Pay {rupeesCompact(totals.total)}</span>
                  {codChoice?.available && (
                    <span className="hidden group-has-[input[value=cod]:checked]:inline">
                      Place order · {rupeesCompact(totals.total + codChoice.fee)} at the door
                    </span>
                  )}
                </>
              )}
            </button>
          )}
          <p id="payment-note" className="mt-3 text-xs text-muted">
            <span className="group-has-[input[value=cod]:checked]:hidden">
              You pay on Razorpay&apos;s secure page. Your items are reserved for {PAYMENT_RESERVATION_MINUTES} minutes while you pay.
            </span>
            {codOffered && (
              <span className="hidden group-has-[input[value=cod]:checked]:inline">
                We e-mail you a 6-digit code: confirm your order with it within {COD_CONFIRM_HOURS} hours, or it is cancelled.
              </span>
            )}
          </p>
          {refused?.error && (
            <p role="alert" className="mt-4 rounded-lg border border-wine-100 bg-wine-50 px-3 py-2 text-sm font-medium text-wine-700">
              {refused.error}
            </p>
          )}
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
        </Form>

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
          {business && (
            <div className="border-t border-line pt-4 text-sm" data-testid="payment-business">
              <h3 className="font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted">Tax invoice to</h3>
              <p className="mt-1 font-semibold">{business.name}</p>
              <p>
                GSTIN <span className="font-mono">{business.gstin}</span>
              </p>
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
