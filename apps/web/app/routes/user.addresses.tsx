import { privatePageMeta } from '../lib/meta';
import { INDIAN_STATES, safeRedirectPath, type Address, type AddressInput } from '@shop/core';
import { MapPin, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../lib/toast';
import { MobileField, SelectField, TextField } from '../components/form-field';
import { PageState, UserPage } from '../features/accounts/user-page';
import { addAddress, addressInputSchema } from '../features/addresses/api/add-address';
import { deleteAddress } from '../features/addresses/api/delete-address';
import { useAddresses } from '../features/addresses/api/get-addresses';
import { setDefaultAddress } from '../features/addresses/api/set-default-address';
import { updateAddress } from '../features/addresses/api/update-address';
import { errorMessage } from '../lib/api-client';
import { useForm } from '../lib/form';
import type { Route } from './+types/user.addresses';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta('Manage Addresses', matches);

const BLANK: Record<keyof AddressInput, string> = { name: '', phone: '', street: '', city: '', district: '', state: '', pincode: '' };

function AddressForm({ address, onSaved, onCancel }: { address: Address | null; onSaved: () => Promise<void>; onCancel: () => void }) {
  const form = useForm(address ? { ...BLANK, ...address } : BLANK);
  const { field } = form;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(addressInputSchema, async (values) => {
      await (address ? updateAddress(address._id, values) : addAddress(values));
      toast.success(address ? 'Address updated.' : 'Address saved.');
      await onSaved();
    });
  };

  return (
    <form
      onSubmit={save}
      noValidate
      className="rounded-2xl border border-wine-100 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="address-form-title"
    >
      <h2 id="address-form-title" className="text-xl font-semibold">
        {address ? 'Edit address' : 'Add a new address'}
      </h2>
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
        <button type="submit" className="btn btn-primary" disabled={form.busy}>
          {form.busy ? 'Saving...' : 'Save address'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function AddressCard({ address, onEdit, onChanged }: { address: Address; onEdit: () => void; onChanged: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      await onChanged();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
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
        <button type="button" className="min-h-11 hover:underline disabled:opacity-60" onClick={onEdit} disabled={busy}>
          Edit<span className="sr-only"> {address.name}</span>
        </button>
        {!address.isDefault && (
          <button
            type="button"
            className="min-h-11 hover:underline disabled:opacity-60"
            disabled={busy}
            onClick={() => void act(() => setDefaultAddress(address._id), 'Default address changed.')}
          >
            Make default<span className="sr-only"> {address.name}</span>
          </button>
        )}
        <button
          type="button"
          className="min-h-11 hover:underline disabled:opacity-60"
          disabled={busy}
          onClick={() => void act(() => deleteAddress(address._id), 'Address deleted.')}
        >
          Delete<span className="sr-only"> {address.name}</span>
        </button>
      </div>
    </li>
  );
}

/** Manage Addresses: list, add, edit, delete, make default; `?redirectUrl=/checkout` returns there after saving. */
export default function AddressesPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectUrl = searchParams.get('redirectUrl');
  const addresses = useAddresses();
  // null: the form is closed; 'new': adding; otherwise the address being edited.
  const [editing, setEditing] = useState<Address | 'new' | null>(redirectUrl ? 'new' : null);
  const list = addresses.data ?? [];

  const saved = async () => {
    setEditing(null);
    if (redirectUrl) return navigate(safeRedirectPath(redirectUrl));
    await addresses.reload();
  };

  return (
    <UserPage
      title="Manage Addresses"
      actions={
        editing === null && (
          <button type="button" className="btn btn-outline" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add a new address
          </button>
        )
      }
    >
      {editing !== null && (
        <div className="mb-6">
          <AddressForm
            key={editing === 'new' ? 'new' : editing._id}
            address={editing === 'new' ? null : editing}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        </div>
      )}
      <PageState
        loading={addresses.loading}
        error={addresses.error}
        empty={
          list.length === 0 &&
          editing === null && (
            <>
              <MapPin aria-hidden="true" className="mx-auto h-10 w-10 text-gold-600" />
              <p className="mt-3 font-semibold">You have no saved addresses.</p>
              <p className="mt-1 text-sm text-muted">Add one now and choose it at checkout.</p>
            </>
          )
        }
      >
        <ul className="grid gap-4 md:grid-cols-2">
          {list.map((address) => (
            <AddressCard key={address._id} address={address} onEdit={() => setEditing(address)} onChanged={addresses.reload} />
          ))}
        </ul>
      </PageState>
    </UserPage>
  );
}
