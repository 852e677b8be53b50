import { privatePageMeta } from '../lib/meta';
import {
  businessBuyerSchema,
  cityAndDistrict,
  fieldMessages,
  ADDRESS_TYPE_LABELS,
  rupeesCompact,
  type Address,
  type CartLine,
  type DeliveryEstimateAnswer,
} from '@shop/core';
import { MapPin, ShoppingBag } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { loginThenReturnTo, paths } from '../config/paths';
import { sessionTokenOf } from '../lib/session-tokens.server';
import { CartSummaryRows, LineImage } from '../features/cart/cart-line-card';
import { couponAction, isCouponIntent } from '../features/cart/coupon-action.server';
import { CouponPanel, type CouponAnswer } from '../features/cart/coupon-panel';
import { useAnswerToast } from '../components/flash-message';
import { CheckoutStep } from '../features/checkout/checkout-step';
import { confirmedAddress, preferredAddress } from '../features/checkout/checkout-state';
import { checkoutStateHeader, readCheckoutState } from '../features/checkout/checkout-state.server';
import { redirectWithFlash } from '../lib/flash.server';
import { pageOf, servicesOf, shopperOf } from '../context';
import { variantLabel } from '../lib/variant-label';
import type { Route } from './+types/checkout';
import { postedForm } from '../lib/read-form.server';
import { formTexts } from '../lib/form-data';
import { fieldError, failureIn } from '../lib/failure';
import { formFailure } from '../lib/service-call.server';
import { BusinessPurchase } from '../features/checkout/business-purchase';
import { DeliveryPromise, deliveryPromiseText } from '../features/checkout/delivery-promise';

type Services = ReturnType<typeof servicesOf>;

/**
 * Each address's pincode's delivery (issue 42): the couriers' date (cached a day), or that none goes there. A pincode
 * the estimate cannot answer for is left out: the page says nothing rather than something wrong.
 */
async function deliveriesTo(services: Services, addresses: readonly Address[]): Promise<Record<string, DeliveryEstimateAnswer>> {
  const pincodes = [...new Set(addresses.map((address) => address.pincode))];
  const answers = await Promise.all(pincodes.map((pincode) => services.shipping.estimate(pincode).catch(() => null)));
  return Object.fromEntries(pincodes.flatMap((pincode, index) => (answers[index] ? [[pincode, answers[index]]] : [])));
}

/** Whether no courier goes to the address's pincode: checkout stops there, before payment. */
async function undeliverable(services: Services, address: Address): Promise<string | null> {
  const answer = await services.shipping.estimate(address.pincode).catch(() => null);
  return answer && !answer.serviceable ? deliveryPromiseText(address.pincode, answer) : null;
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Checkout', matches);

/**
 * The shopper, her addresses, her cart with the server's prices and where she is in checkout (the checkout cookie:
 * the address offered, and whether she has confirmed it); a signed-out visitor is asked to log in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = shopperOf(context);
  const deliveries: Record<string, DeliveryEstimateAnswer> = {};
  if (!user) return { user: null, addresses: [], cart: null, chosenId: null, reviewing: false, business: null, deliveries };
  const services = servicesOf(context);
  const [addresses, cart] = await Promise.all([services.addresses.list(user._id), services.cart.get(user._id)]);
  const state = readCheckoutState(request);
  const confirmed = confirmedAddress(addresses, state);
  return {
    user,
    addresses,
    cart,
    chosenId: (confirmed ?? preferredAddress(addresses, state))?._id ?? null,
    reviewing: confirmed !== null,
    business: state.business ?? null,
    deliveries: await deliveriesTo(services, addresses),
  };
}

/**
 * The steps' forms: 'change-user' (step 1's Change: log out, then log in and come back here), 'start' (the
 * cart's Proceed to Checkout: remembers the addresses there are, so one added on the way is offered), 'deliver'
 * (DELIVER HERE with the chosen address: the review opens), 'change-address', and 'pay' (Proceed to Payment: on to
 * /payment with the confirmed address). Each goes back to the page it leads to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = shopperOf(context);
  if (!user) throw redirect(loginThenReturnTo(paths.checkout));
  const form = await postedForm(request);
  const services = servicesOf(context);
  // The coupon form (issue 41), as in the bag: the refusal comes back beside the field.
  if (isCouponIntent(form.get('intent'))) return couponAction(form, context, user);
  if (form.get('intent') === 'change-user') {
    // As the account menu's Logout: a session that cannot be ended is only logged, the cookie goes all the same.
    try {
      await services.accounts.logout(sessionTokenOf(request));
    } catch (error) {
      console.error('logout failed', error);
    }
    pageOf(context).identity.setShopperSession(null);
    return redirect(loginThenReturnTo(paths.checkout));
  }
  const addresses = await services.addresses.list(user._id);
  const state = readCheckoutState(request);
  const ids = addresses.map((address) => address._id);
  const keep = (next: typeof state, to: string, refusal?: string) => {
    const headers = new Headers({ 'set-cookie': checkoutStateHeader(next) });
    if (!refusal) return redirect(to, { headers });
    return redirectWithFlash(to, { kind: 'error', message: refusal }, { headers });
  };
  switch (form.get('intent')) {
    case 'start':
      return keep({ ...state, reviewing: false, addressIdsBefore: ids }, paths.checkout);
    case 'deliver': {
      const addressId = form.get('addressId');
      if (typeof addressId !== 'string' || !ids.includes(addressId)) {
        return redirectWithFlash(paths.checkout, { kind: 'error', message: 'Please choose a delivery address.' });
      }
      // A pincode no courier reaches is said here, before payment (issue 42), and the address stays open to change.
      const refusal = await undeliverable(
        services,
        addresses.find((address) => address._id === addressId)!,
      );
      if (refusal) return redirectWithFlash(paths.checkout, { kind: 'error', message: refusal });
      return keep({ addressId, reviewing: true, addressIdsBefore: ids, business: state.business ?? null }, paths.checkout);
    }
    case 'change-address':
      return keep({ ...state, reviewing: false, addressIdsBefore: ids }, paths.checkout);
    case 'pay': {
      const confirmed = confirmedAddress(addresses, state);
      if (!confirmed) {
        return redirectWithFlash(paths.checkout, { kind: 'error', message: 'Please choose a delivery address first.' });
      }
      const refusal = await undeliverable(services, confirmed);
      if (refusal) return keep({ ...state, reviewing: false }, paths.checkout, refusal);
      // For business purchases (issue 43): checked here, so a mistake comes back beside its field, and carried to the payment.
      const typed = formTexts(form, ['buyerGstin', 'buyerName']);
      const buyer = businessBuyerSchema.safeParse(typed);
      if (!buyer.success) {
        return formFailure(400, { error: null, fields: fieldMessages(buyer.error.issues) }, { typed });
      }
      const { buyerGstin, buyerName } = buyer.data;
      const business = buyerGstin && buyerName ? { gstin: buyerGstin, name: buyerName } : null;
      return keep({ ...state, business }, paths.payment);
    }
    default:
      return redirect(paths.checkout);
  }
}

function AddressLines({ address }: { address: Address }) {
  return (
    <>
      <span className="font-semibold">{address.name}</span>{' '}
      <span className="text-muted">
        · {ADDRESS_TYPE_LABELS[address.addressType]} · {address.phone}
      </span>
      <span className="mt-0.5 block text-sm text-ink">
        {address.street}
        {address.landmark && `, near ${address.landmark}`}, {cityAndDistrict(address)}, {address.state} –{' '}
        <span className="font-semibold">{address.pincode}</span>
      </span>
    </>
  );
}

function ReviewLine({ line }: { line: CartLine }) {
  const { product } = line;
  const variant = product.variant;
  return (
    <li className="flex gap-4 py-4 first:pt-0 last:pb-0">
      <LineImage url={product.images[0]?.url ?? null} name={product.name} className="w-16 sm:w-20" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold leading-snug">{product.name}</p>
        {variant && (
          <p className="mt-0.5 text-sm text-muted">
            {variantLabel({ name: variant.variantName, color: variant.variantColor, size: variant.variantSize })}
          </p>
        )}
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:w-fit sm:grid-cols-[auto_auto_auto_auto_auto_auto] sm:gap-x-2">
          <dt className="text-muted">Unit price</dt>
          <dd className="tabular-nums sm:mr-4">{rupeesCompact(line.unitPrice)}</dd>
          <dt className="text-muted">Quantity</dt>
          <dd className="tabular-nums sm:mr-4">{line.quantity}</dd>
          <dt className="text-muted">Total</dt>
          <dd className="font-semibold tabular-nums">{rupeesCompact(line.lineTotal)}</dd>
        </dl>
      </div>
    </li>
  );
}

/** Spec §2.7: 1 Login, 2 Delivery address, 3 Review products; then on to /payment. Each step is a form. */
export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, addresses, cart, chosenId, reviewing, business, deliveries } = loaderData;
  const failure = failureIn(actionData);
  // A refused GSTIN comes back as typed; else what checkout carries from an earlier Proceed to Payment.
  const businessValues =
    actionData && 'typed' in actionData ? actionData.typed : { buyerGstin: business?.gstin ?? '', buyerName: business?.name ?? '' };
  const navigation = useNavigation();
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const addressHeading = useRef<HTMLHeadingElement>(null);
  const busy = navigation.state !== 'idle';

  const lines: CartLine[] = cart?.userCarts ?? [];
  const summary = cart?.summary;
  const couponAnswer = useActionData<typeof action>() as CouponAnswer | undefined;
  useAnswerToast(couponAnswer);
  const chosenAddress = addresses.find((address) => address._id === chosenId) ?? null;

  // The step that opened after DELIVER HERE or Change takes the focus (not when the page first loads).
  const wasReviewing = useRef(reviewing);
  useEffect(() => {
    if (wasReviewing.current === reviewing) return;
    wasReviewing.current = reviewing;
    (reviewing ? reviewHeading : addressHeading).current?.focus();
  }, [reviewing]);

  const empty = user && cart && cart.userCarts.length === 0;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-semibold">Checkout</h1>

      {empty ? (
        <div className="mt-6 rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <ShoppingBag aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
          <p className="mt-3 font-semibold">Your cart is empty.</p>
          <Link to={paths.filter} className="btn btn-primary mt-6">
            Browse products
          </Link>
        </div>
      ) : (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <ol className="space-y-4" aria-label="Checkout steps">
            <CheckoutStep
              number={1}
              title="Login"
              state={user ? 'done' : 'open'}
              summary={
                user && (
                  <>
                    <span className="font-semibold">
                      {user.userFirstName} {user.userLastName}
                    </span>
                    <span className="block text-muted [overflow-wrap:anywhere]">{user.userEmail}</span>
                  </>
                )
              }
              action={
                <Form method="post">
                  <button type="submit" name="intent" value="change-user" className="btn btn-outline min-h-10 px-4">
                    Change<span className="sr-only"> the account</span>
                  </button>
                </Form>
              }
            >
              <p>Please login to continue checkout.</p>
              <Link to={loginThenReturnTo(paths.checkout)} className="btn btn-primary mt-4">
                Login Now
              </Link>
            </CheckoutStep>

            <CheckoutStep
              number={2}
              title="Delivery address"
              headingRef={addressHeading}
              state={!user ? 'waiting' : reviewing ? 'done' : 'open'}
              summary={
                chosenAddress && (
                  <>
                    <AddressLines address={chosenAddress} />
                    <DeliveryPromise pincode={chosenAddress.pincode} answer={deliveries[chosenAddress.pincode]} className="mt-2" />
                  </>
                )
              }
              action={
                <Form method="post">
                  <button type="submit" name="intent" value="change-address" className="btn btn-outline min-h-10 px-4">
                    Change<span className="sr-only"> the delivery address</span>
                  </button>
                </Form>
              }
            >
              <Form method="post" key={chosenId}>
                {addresses.length === 0 ? (
                  <div className="flex items-start gap-3 text-sm">
                    <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
                    <p>You have no saved addresses yet. Add one to deliver your order to.</p>
                  </div>
                ) : (
                  <fieldset>
                    <legend className="sr-only">Choose a delivery address</legend>
                    <div className="space-y-3">
                      {addresses.map((address) => (
                        <label
                          key={address._id}
                          className="flex cursor-pointer gap-3 rounded-xl border border-line p-4 has-[:checked]:border-wine-600 has-[:checked]:bg-wine-50/60"
                        >
                          <input
                            type="radio"
                            name="addressId"
                            value={address._id}
                            defaultChecked={address._id === chosenId}
                            className="mt-1 h-4 w-4 shrink-0 accent-wine-700"
                          />
                          <span className="min-w-0">
                            <AddressLines address={address} />
                            <DeliveryPromise pincode={address.pincode} answer={deliveries[address.pincode]} className="mt-1.5" />
                            {address.isDefault && (
                              <span className="mt-2 inline-block rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-ink">
                                Default
                              </span>
                            )}
                          </span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                )}
                <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
                  {addresses.length > 0 && (
                    <button type="submit" name="intent" value="deliver" className="btn btn-primary" aria-disabled={busy}>
                      DELIVER HERE
                    </button>
                  )}
                  <Link
                    to={`${paths.userAddresses}?redirectUrl=${encodeURIComponent(paths.checkout)}`}
                    className={addresses.length > 0 ? 'btn text-wine-700 hover:bg-wine-50' : 'btn btn-primary'}
                  >
                    + Add New Address
                  </Link>
                </div>
              </Form>
            </CheckoutStep>

            <CheckoutStep number={3} title="Review products" headingRef={reviewHeading} state={user && reviewing ? 'open' : 'waiting'}>
              <ul className="divide-y divide-line">
                {lines.map((line) => (
                  <ReviewLine key={`${line.product.id}:${line.product.variant?._id ?? ''}`} line={line} />
                ))}
              </ul>
              <Form method="post" className="mt-6 border-t border-line pt-5">
                <BusinessPurchase
                  values={businessValues}
                  errors={{ buyerGstin: fieldError(failure, 'buyerGstin'), buyerName: fieldError(failure, 'buyerName') }}
                />
                <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-sm">
                    Order total <span className="text-lg font-semibold tabular-nums">{rupeesCompact(summary?.total ?? 0)}</span>
                    {(summary?.shipping ?? 0) > 0 && <span className="text-muted"> (shipping included)</span>}
                  </p>
                  <button type="submit" name="intent" value="pay" className="btn btn-primary w-full sm:w-auto" aria-disabled={busy}>
                    Proceed to Payment
                  </button>
                </div>
              </Form>
            </CheckoutStep>
          </ol>

          {user && cart && summary && (
            <aside aria-labelledby="price-details" className="rounded-2xl border border-line bg-white p-5 sm:p-6 lg:sticky lg:top-40">
              <h2 id="price-details" className="text-lg font-semibold">
                Price details
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
            </aside>
          )}
        </div>
      )}
    </div>
  );
}
