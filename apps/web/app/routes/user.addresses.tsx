import { AppError, addressInputSchema, isUuid, INDIAN_STATES, safeRedirectPath, type Address, type AddressInput } from '@shop/core';
import { MapPin, Plus } from 'lucide-react';
import { Form, Link, useActionData, useFetcher, useNavigation, useSearchParams } from 'react-router';
import { Enhanced } from '../components/enhanced';
import { useAnswerToast } from '../components/flash-message';
import { FormFailure } from '../components/form-failure';
import { MobileField, SelectField, TextField } from '../components/form-field';
import { paths } from '../config/paths';
import { pageOf, signedInShopper } from '../context';
import { UserPage } from '../features/accounts/user-page';
import { buttonCall } from '../lib/button-action.server';
import { failureIn, fieldError, type Failure } from '../lib/failure';
import { formIntent, formText, formTexts } from '../lib/form-data';
import { validate } from '../lib/form';
import { backTo, redirectWithFlash } from '../lib/flash.server';
import { privatePageMeta } from '../lib/meta';
import { actionCall, formFailure, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/user.addresses';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Manage Addresses', matches);

export async function loader({ context }: Route.LoaderArgs) {
  return { addresses: await loaderCall(pageOf(context).services.addresses.list(signedInShopper(context)._id)) };
}

const FIELDS = ['name', 'phone', 'street', 'city', 'district', 'state', 'pincode'] as const satisfies ReadonlyArray<keyof AddressInput>;
type Values = Record<(typeof FIELDS)[number], string>;
const BLANK: Values = { name: '', phone: '', street: '', city: '', district: '', state: '', pincode: '' };
/** Address ids are UUIDs: anything else is not one of hers (as the API's parameter check answers). */
const notFound = () => Promise.reject(new AppError('NOT_FOUND', 'Address not found.'));

/**
 * 'save' adds an address, or changes the one of `addressId`, then goes to the page's redirectUrl (same-site only:
 * back to checkout) or back to the list, with the message; 'default' and 'delete' are the cards' buttons.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formIntent(form, ['save', 'default', 'delete'], 'save');
  const id = formText(form, 'addressId');
  const { services } = pageOf(context);
  const userId = signedInShopper(context)._id;

  if (intent === 'save') {
    const values = formTexts(form, FIELDS);
    const echo = { intent, addressId: id, values };
    const checked = validate(addressInputSchema, values);
    if (!checked.data) return formFailure(400, { error: null, fields: checked.errors }, echo);
    const redirectUrl = new URL(request.url).searchParams.get('redirectUrl');
    const save = !id
      ? services.addresses.add(userId, checked.data)
      : isUuid(id)
        ? services.addresses.update(userId, id, checked.data)
        : notFound();
    return actionCall(
      save,
      () =>
        redirectWithFlash(redirectUrl ? safeRedirectPath(redirectUrl) : paths.userAddresses, {
          kind: 'success',
          message: id ? 'Address updated.' : 'Address saved.',
        }),
      echo,
    );
  }

  const back = backTo(request, form, paths.userAddresses);
  if (intent === 'default') {
    return buttonCall(form, back, () => (isUuid(id) ? services.addresses.setDefault(userId, id) : notFound()), 'Default address changed.');
  }
  return buttonCall(form, back, () => (isUuid(id) ? services.addresses.remove(userId, id) : notFound()), 'Address deleted.');
}

/** The add or edit form: a plain post; saving goes back to the list (or to redirectUrl), Cancel is a link back. */
function AddressForm({ address, typed, failure }: { address: Address | null; typed: Values | undefined; failure: Failure | undefined }) {
  const values: Values = typed ?? (address ? { ...BLANK, ...address } : BLANK);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save';
  const field = (name: keyof Values) => ({ name, defaultValue: values[name], error: fieldError(failure, name) });

  return (
    <Form
      method="post"
      noValidate
      className="rounded-2xl border border-wine-100 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="address-form-title"
    >
      <input type="hidden" name="intent" value="save" />
      {address && <input type="hidden" name="addressId" value={address._id} />}
      <h2 id="address-form-title" className="text-xl font-semibold">
        {address ? 'Edit address' : 'Add a new address'}
      </h2>
      <FormFailure failure={failure} className="mt-4" />
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <MobileField {...field('phone')} />
        <div className="sm:col-span-2">
          <TextField label="Street" autoComplete="street-address" hint="House number, building, street, area." {...field('street')} />
        </div>
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField label="District" {...field('district')} />
        <SelectField label="State" autoComplete="address-level1" {...field('state')}>
          <option value="">Choose a state</option>
          {INDIAN_STATES.map((state) => (
            <option key={state}>{state}</option>
          ))}
        </SelectField>
        <TextField label="Pincode" inputMode="numeric" maxLength={6} autoComplete="postal-code" {...field('pincode')} />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save address'}
        </button>
        <Link to={paths.userAddresses} className="btn btn-outline">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** What the action answers a refused save: the failure, which form it was, and what was typed. */
type SaveRefusal = Failure & { intent: 'save'; addressId: string; values: Values };
const isSaveRefusal = (answer: unknown): answer is SaveRefusal =>
  failureIn(answer) !== null && (answer as { intent?: unknown }).intent === 'save';

/** A card's button: a form post of its own (works without scripts), toasted when they run. */
function CardButton({ address, intent, children }: { address: Address; intent: 'default' | 'delete'; children: string }) {
  const fetcher = useFetcher<typeof action>();
  useAnswerToast(fetcher.data, { failures: true });
  return (
    <fetcher.Form method="post">
      <Enhanced />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="addressId" value={address._id} />
      <button type="submit" className="min-h-11 hover:underline disabled:opacity-60" disabled={fetcher.state !== 'idle'}>
        {children}
        <span className="sr-only"> {address.name}</span>
      </button>
    </fetcher.Form>
  );
}

function AddressCard({ address }: { address: Address }) {
  return (
    <li className="rounded-2xl border border-line bg-white p-5">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold">{address.name}</p>
        {address.isDefault && <span className="rounded-full bg-wine-50 px-2.5 py-0.5 text-xs font-semibold text-wine-700">Default</span>}
      </div>
      <address className="mt-2 text-sm not-italic leading-6 text-ink">
        {address.street}
        <br />
        {address.city}, {address.district}
        <br />
        {address.state} – {address.pincode}
        <br />
        Phone {address.phone}
      </address>
      <div className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold text-wine-700">
        <Link to={`?edit=${encodeURIComponent(address._id)}`} className="inline-flex min-h-11 items-center hover:underline">
          Edit<span className="sr-only"> {address.name}</span>
        </Link>
        {!address.isDefault && (
          <CardButton address={address} intent="default">
            Make default
          </CardButton>
        )}
        <CardButton address={address} intent="delete">
          Delete
        </CardButton>
      </div>
    </li>
  );
}

/**
 * Manage Addresses: list, add, edit, delete, make default. Which form is open is in the address (`?edit=new`,
 * `?edit=<id>`), so the links work without scripts; `?redirectUrl=/checkout` opens a new one and returns there.
 */
export default function AddressesPage({ loaderData }: Route.ComponentProps) {
  const { addresses } = loaderData;
  const [searchParams] = useSearchParams();
  const redirectUrl = searchParams.get('redirectUrl');
  // A refused save shows its form again, with what was typed.
  const posted: unknown = useActionData<typeof action>();
  const refused = isSaveRefusal(posted) ? posted : undefined;
  const editing = refused ? refused.addressId || 'new' : (searchParams.get('edit') ?? (redirectUrl ? 'new' : null));
  const edited = editing && editing !== 'new' ? (addresses.find((address) => address._id === editing) ?? null) : null;
  const formOpen = editing === 'new' || edited !== null;

  return (
    <UserPage
      title="Manage Addresses"
      actions={
        !formOpen && (
          <Link to="?edit=new" className="btn btn-outline">
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add a new address
          </Link>
        )
      }
    >
      {formOpen && (
        <div className="mb-6">
          <AddressForm key={edited?._id ?? 'new'} address={edited} typed={refused?.values} failure={refused} />
        </div>
      )}
      {addresses.length === 0 && !formOpen ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <MapPin aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
          <p className="mt-3 font-semibold">You have no saved addresses.</p>
          <p className="mt-1 text-sm text-muted">Add one now and choose it at checkout.</p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {addresses.map((address) => (
            <AddressCard key={address._id} address={address} />
          ))}
        </ul>
      )}
    </UserPage>
  );
}
