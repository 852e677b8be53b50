import { privatePageMeta } from '../lib/meta';
import { formatINR, type Address, type CartLine } from '@shop/core';
import { MapPin, ShoppingBag } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { toast } from '../lib/toast';
import { loginThenReturnTo, paths } from '../config/paths';
import { logOut } from '../features/accounts/api/log-out';
import { CartSummaryRows, LineImage } from '../features/cart/cart-line-card';
import { CheckoutStep } from '../features/checkout/checkout-step';
import { chosenLines, totalsOf, updateSavedOrder, useSavedOrder, type SavedOrder } from '../features/checkout/saved-order';
import { errorMessage } from '../lib/api-client';
import { servicesOf, shopperOf } from '../context';
import { variantLabel } from '../lib/variant-label';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Checkout', matches);

/** The shopper, her addresses and her cart with the server's prices; a signed-out visitor is asked to log in. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = shopperOf(context);
  if (!user) return { user: null, addresses: [], cart: null };
  const services = servicesOf(context);
  const [addresses, cart] = await Promise.all([services.addresses.list(user._id), services.cart.get(user._id)]);
  return { user, addresses, cart };
}

const rupees = (paise: number) => formatINR(paise, { compact: true });

/** The address to offer first: the one chosen before, one just added, else the default. */
function preferredAddress(addresses: Address[], saved: SavedOrder | null): string | null {
  const ids = addresses.map((address) => address._id);
  const before = saved?.addressIdsBefore;
  const added = before ? ids.find((id) => !before.includes(id)) : undefined;
  if (added) return added;
  if (saved?.addressId && ids.includes(saved.addressId)) return saved.addressId;
  return addresses.find((address) => address.isDefault)?._id ?? ids[0] ?? null;
}

function AddressLines({ address }: { address: Address }) {
  return (
    <>
      <span className="font-semibold">{address.name}</span> <span className="text-muted">· {address.phone}</span>
      <span className="mt-0.5 block text-sm text-ink">
        {address.street}, {address.city}, {address.district}, {address.state} – <span className="font-semibold">{address.pincode}</span>
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
          <dd className="tabular-nums sm:mr-4">{rupees(line.unitPrice)}</dd>
          <dt className="text-muted">Quantity</dt>
          <dd className="tabular-nums sm:mr-4">{line.quantity}</dd>
          <dt className="text-muted">Total</dt>
          <dd className="font-semibold tabular-nums">{rupees(line.lineTotal)}</dd>
        </dl>
      </div>
    </li>
  );
}

/** Spec §2.7: 1 Login, 2 Delivery address, 3 Review products; then on to /payment with the saved order. */
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { user, addresses, cart } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  // Session storage is known after hydration: the server renders the whole cart as the order.
  const saved = useSavedOrder();
  const [picked, setAddressId] = useState<string | null>(null);
  const addressId = picked && addresses.some((address) => address._id === picked) ? picked : preferredAddress(addresses, saved ?? null);
  const [step, setStep] = useState<'address' | 'review'>('address');
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const addressHeading = useRef<HTMLHeadingElement>(null);

  const lines = chosenLines(cart?.userCarts ?? [], saved);
  const totals = totalsOf(lines);
  const chosenAddress = addresses.find((address) => address._id === addressId) ?? null;

  const changeUser = async () => {
    try {
      await logOut();
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    await navigate(loginThenReturnTo(paths.checkout));
    await revalidate();
  };

  // Back from the addresses page, the address added there is the one offered.
  const rememberAddresses = () => updateSavedOrder({ addressIdsBefore: addresses.map((address) => address._id) }, lines);

  const deliverHere = () => {
    if (!addressId) return;
    updateSavedOrder({ addressId, addressIdsBefore: undefined }, lines);
    setStep('review');
    requestAnimationFrame(() => reviewHeading.current?.focus());
  };

  const proceedToPayment = () => {
    updateSavedOrder(
      { products: lines.map((line) => ({ id: line.product.id, variant: line.product.variant?._id ?? null })), addressId },
      lines,
    );
    void navigate(paths.payment);
  };

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
                    <span className="block break-all text-muted">{user.userEmail}</span>
                  </>
                )
              }
              action={
                <button type="button" className="btn btn-outline min-h-10 px-4" onClick={() => void changeUser()}>
                  Change<span className="sr-only"> the account</span>
                </button>
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
              state={!user ? 'waiting' : step === 'address' ? 'open' : 'done'}
              summary={chosenAddress && <AddressLines address={chosenAddress} />}
              action={
                <button
                  type="button"
                  className="btn btn-outline min-h-10 px-4"
                  onClick={() => {
                    setStep('address');
                    requestAnimationFrame(() => addressHeading.current?.focus());
                  }}
                >
                  Change<span className="sr-only"> the delivery address</span>
                </button>
              }
            >
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
                          name="address"
                          value={address._id}
                          checked={address._id === addressId}
                          onChange={() => setAddressId(address._id)}
                          className="mt-1 h-4 w-4 shrink-0 accent-wine-700"
                        />
                        <span className="min-w-0">
                          <AddressLines address={address} />
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
                  <button type="button" className="btn btn-primary" onClick={deliverHere} disabled={!addressId}>
                    DELIVER HERE
                  </button>
                )}
                <Link
                  to={`${paths.userAddresses}?redirectUrl=${encodeURIComponent(paths.checkout)}`}
                  onClick={rememberAddresses}
                  className={addresses.length > 0 ? 'btn text-wine-700 hover:bg-wine-50' : 'btn btn-primary'}
                >
                  + Add New Address
                </Link>
              </div>
            </CheckoutStep>

            <CheckoutStep
              number={3}
              title="Review products"
              headingRef={reviewHeading}
              state={user && step === 'review' ? 'open' : 'waiting'}
            >
              <ul className="divide-y divide-line">
                {lines.map((line) => (
                  <ReviewLine key={`${line.product.id}:${line.product.variant?._id ?? ''}`} line={line} />
                ))}
              </ul>
              <div className="mt-6 flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm">
                  Order total <span className="text-lg font-semibold tabular-nums">{rupees(totals.total)}</span>
                  {totals.shipping > 0 && <span className="text-muted"> (shipping included)</span>}
                </p>
                <button type="button" className="btn btn-primary" onClick={proceedToPayment}>
                  Proceed to Payment
                </button>
              </div>
            </CheckoutStep>
          </ol>

          {user && cart && (
            <aside aria-labelledby="price-details" className="rounded-2xl border border-line bg-white p-5 sm:p-6 lg:sticky lg:top-40">
              <h2 id="price-details" className="text-lg font-semibold">
                Price details
              </h2>
              <div className="mt-4">
                <CartSummaryRows subtotal={totals.subtotal} shipping={totals.shipping} itemCount={totals.itemCount} />
              </div>
            </aside>
          )}
        </div>
      )}
    </div>
  );
}
