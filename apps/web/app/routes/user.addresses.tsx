import {
  cityAndDistrict,
  ADDRESS_TYPE_LABELS,
  ADDRESS_TYPES,
  AppError,
  LANDMARK_MAX_LENGTH as LANDMARK_MAX,
  addressInputSchema,
  isUuid,
  INDIAN_STATES,
  PINCODE_PATTERN,
  safeRedirectPath,
  type Address,
  type AddressInput,
} from '@shop/core';
import { MapPin, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Form, Link, useActionData, useFetcher, useNavigation, useSearchParams } from 'react-router';
import { Enhanced } from '../components/enhanced';
import { useAnswerToast } from '../components/flash-message';
import { FormFailure } from '../components/form-failure';
import { MobileField, SelectField, TextField } from '../components/form-field';
import { paths } from '../config/paths';
import { pageOf, signedInShopper } from '../context';
import { UserPage } from '../features/accounts/user-page';
import { lookupPincodeLater } from '../features/addresses/api/lookup-pincode-later';
import { buttonCall } from '../lib/button-action.server';
import { failureIn, fieldError, type Failure } from '../lib/failure';
import { formIntent, formText, formTexts } from '../lib/form-data';
import { validate } from '../lib/form';
import { backTo, redirectWithFlash } from '../lib/flash.server';
import { privatePageMeta } from '../lib/meta';
import { actionCall, formFailure, loaderCall } from '../lib/service-call.server';
import type { Route } from './+types/user.addresses';
import { postedForm } from '../lib/read-form.server';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Manage Addresses', matches);

export async function loader({ context }: Route.LoaderArgs) {
  return { addresses: await loaderCall(pageOf(context).services.addresses.list(signedInShopper(context)._id)) };
}

const FIELDS = [
  'pincode',
  'name',
  'phone',
  'street',
  'landmark',
  'city',
  'district',
  'state',
  'addressType',
] as const satisfies ReadonlyArray<keyof AddressInput>;
type Values = Record<(typeof FIELDS)[number], string>;
const BLANK: Values = {
  pincode: '',
  name: '',
  phone: '',
  street: '',
  landmark: '',
  city: '',
  district: '',
  state: '',
  addressType: 'home',
};
/** Address ids are UUIDs: anything else is not one of hers (as the API's parameter check answers). */
const notFound = () => Promise.reject(new AppError('NOT_FOUND', 'Address not found.'));

/**
 * 'save' adds an address, or changes the one of `addressId`, then goes to the page's redirectUrl (same-site only:
 * back to checkout) or back to the list, with the message; 'default' and 'delete' are the cards' buttons.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  const intent = formIntent(form, ['save', 'default', 'delete'], 'save');
  const id = formText(form, 'addressId');
  const { services } = pageOf(context);
  const userId = signedInShopper(context)._id;

  if (intent === 'save') {
    const values = formTexts(form, FIELDS);
    const echo = { intent, addressId: id, values };
    // District and state may be left empty (no scripts filled them): the service fills them from the pincode.
    const checked = validate(addressInputSchema, { ...values, addressType: values.addressType || undefined });
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

/** Where the pincode typed is, as the form shows it: looked up, unknown, or not asked (yet, or no scripts). */
type Lookup =
  | { kind: 'idle' }
  | { kind: 'found'; pincode: string; district: string; state: string; localities: string[] }
  | { kind: 'unknown'; pincode: string }
  | { kind: 'failed' };

/**
 * Pincode first: once the scripts run, six digits ask India Post's directory (GET /api/user/pincode/{pincode}) and
 * fill district and state, and City with the district when she has not typed one; the post offices become the City
 * field's suggestions. Without scripts
 * the form posts as it is and the server fills an empty district and state from the pincode (and refuses a state
 * the pincode is not in).
 */
function AddressForm({ address, typed, failure }: { address: Address | null; typed: Values | undefined; failure: Failure | undefined }) {
  const values: Values = typed ?? (address ? { ...BLANK, ...address } : BLANK);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save';
  const field = (name: keyof Values) => ({ name, defaultValue: values[name], error: fieldError(failure, name) });
  const [city, setCity] = useState(values.city);
  // The city this form filled in from a pincode: a later pincode may replace it, never what she typed.
  const filledCity = useRef<string | null>(null);
  const [district, setDistrict] = useState(values.district);
  const [state, setState] = useState(values.state);
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });
  const asked = useRef('');

  const lookUp = (typedPincode: string) => {
    const pincode = typedPincode.trim();
    if (!PINCODE_PATTERN.test(pincode)) {
      asked.current = '';
      if (lookup.kind !== 'idle') setLookup({ kind: 'idle' });
      return;
    }
    if (pincode === asked.current) return;
    asked.current = pincode;
    lookupPincodeLater(pincode).then(
      (place) => {
        // A later pincode typed meanwhile wins.
        if (asked.current !== pincode) return;
        if (!place) return setLookup({ kind: 'unknown', pincode });
        setDistrict(place.district);
        setState(place.state);
        setCity((current) => {
          if (current.trim() !== '' && current !== filledCity.current) return current;
          filledCity.current = place.district;
          return place.district;
        });
        setLookup({ kind: 'found', ...place });
      },
      () => asked.current === pincode && setLookup({ kind: 'failed' }),
    );
  };

  const pincodeError =
    fieldError(failure, 'pincode') ??
    (lookup.kind === 'unknown' ? `We could not find pincode ${lookup.pincode}. Please check it.` : undefined);
  const localities = lookup.kind === 'found' ? lookup.localities : [];

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
        <div>
          <TextField
            label="Pincode"
            inputMode="numeric"
            maxLength={6}
            autoComplete="postal-code"
            hint="6 digits. District and state are filled from it, and City when empty."
            {...field('pincode')}
            error={pincodeError}
            onChange={(event) => lookUp(event.currentTarget.value)}
            onBlur={(event) => lookUp(event.currentTarget.value)}
          />
          <p role="status" className="mt-1 min-h-5 text-sm text-green-800">
            {lookup.kind === 'found' && `${lookup.pincode} is in ${lookup.district}, ${lookup.state}.`}
            {lookup.kind === 'failed' && <span className="text-muted">Could not look the pincode up; please fill district and state.</span>}
          </p>
        </div>
        <div className="hidden sm:block" aria-hidden="true" />
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <MobileField {...field('phone')} />
        <div className="sm:col-span-2">
          <TextField label="Street" autoComplete="street-address" hint="House number, building, street, area." {...field('street')} />
        </div>
        <TextField label="Landmark (optional)" maxLength={LANDMARK_MAX} hint="Near a temple, school, bus stop…" {...field('landmark')} />
        <div>
          <TextField
            label="City"
            autoComplete="address-level2"
            hint={localities.length ? 'Or choose your post office area from the list.' : undefined}
            list={localities.length ? 'address-localities' : undefined}
            name="city"
            value={city}
            onChange={(event) => setCity(event.currentTarget.value)}
            error={fieldError(failure, 'city')}
          />
          {localities.length > 0 && (
            <datalist id="address-localities">
              {localities.map((locality) => (
                <option key={locality} value={locality} />
              ))}
            </datalist>
          )}
        </div>
        <TextField
          label="District"
          hint="Filled from the pincode when left empty."
          name="district"
          value={district}
          onChange={(event) => setDistrict(event.currentTarget.value)}
          error={fieldError(failure, 'district')}
        />
        <SelectField
          label="State"
          autoComplete="address-level1"
          name="state"
          value={state}
          onChange={(event) => setState(event.currentTarget.value)}
          error={fieldError(failure, 'state')}
        >
          <option value="">From the pincode</option>
          {INDIAN_STATES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
        <fieldset className="sm:col-span-2">
          <legend className="mb-1.5 text-sm font-medium text-ink">Address type</legend>
          <div className="grid max-w-xs grid-cols-2 gap-1 rounded-xl bg-sand p-1">
            {ADDRESS_TYPES.map((type) => (
              <label
                key={type}
                className="relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg text-sm font-medium text-muted has-[:checked]:bg-white has-[:checked]:text-ink has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-wine-600"
              >
                <input
                  type="radio"
                  name="addressType"
                  value={type}
                  className="sr-only"
                  defaultChecked={(values.addressType || 'home') === type}
                />
                {ADDRESS_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
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
        <span className="rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold text-ink">
          {ADDRESS_TYPE_LABELS[address.addressType]}
        </span>
        {address.isDefault && <span className="rounded-full bg-wine-50 px-2.5 py-0.5 text-xs font-semibold text-wine-700">Default</span>}
      </div>
      <address className="mt-2 text-sm not-italic leading-6 text-ink">
        {address.street}
        {address.landmark && (
          <>
            <br />
            Near {address.landmark}
          </>
        )}
        <br />
        {cityAndDistrict(address)}
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
