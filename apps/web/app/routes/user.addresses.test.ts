import { AppError, type Address, type PublicUser } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, post } from '../lib/action-test-kit';
import { action } from './user.addresses';

const asha = { _id: 'u1', userFirstName: 'Asha' } as PublicUser;
const ID = '0b7e4c1e-5a51-4d39-9a53-2f3d0f0e6c11';
const HOME = {
  name: 'Asha Rao',
  phone: '9876543210',
  street: '12, 3rd Main',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  pincode: '560038',
};

function page(fields: Record<string, string>, options: { path?: string; enhanced?: boolean } = {}) {
  const saved = { ...HOME, _id: ID, isDefault: true } as Address;
  const addresses = {
    add: vi.fn(async () => saved),
    update: vi.fn(async () => saved),
    remove: vi.fn(async () => {}),
    setDefault: vi.fn(async () => saved),
  };
  const args = post(options.path ?? '/user/addresses', fields, {
    services: { addresses },
    shopper: asha,
    ...(options.enhanced ? { enhanced: true } : {}),
  });
  return { run: async () => answerOf(await action(args)), addresses };
}

describe('the addresses page action', () => {
  it("adds an address and goes back to the list with 'Address saved.'", async () => {
    const { run, addresses } = page({ intent: 'save', ...HOME });
    expect(await run()).toEqual({ status: 302, location: '/user/addresses', flash: { kind: 'success', message: 'Address saved.' } });
    expect(addresses.add).toHaveBeenCalledWith('u1', { ...HOME, landmark: '', addressType: 'home' });
  });

  it('posts landmark and type, and leaves an empty district and state for the server to fill from the pincode', async () => {
    const { run, addresses } = page({ intent: 'save', ...HOME, district: '', state: '', landmark: 'Near the temple', addressType: 'work' });
    expect(await run()).toMatchObject({ status: 302, flash: { message: 'Address saved.' } });
    expect(addresses.add).toHaveBeenCalledWith('u1', {
      ...HOME,
      district: '',
      state: '',
      landmark: 'Near the temple',
      addressType: 'work',
    });
  });

  it("shows the service's refusal of a state the pincode is not in beside the State field", async () => {
    const { run, addresses } = page({ intent: 'save', ...HOME, state: 'Kerala' });
    const message = 'Pincode 560038 is in Karnataka, not Kerala.';
    addresses.add.mockRejectedValueOnce(new AppError('INVALID_DATA', message, { state: message }));
    expect(await run()).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: message,
        fields: { state: message },
        intent: 'save',
        values: { ...HOME, state: 'Kerala', landmark: '', addressType: '' },
      },
    });
  });

  it("changes the address of addressId with 'Address updated.'; an id that is no address is not found", async () => {
    const edit = page({ intent: 'save', addressId: ID, ...HOME });
    expect(await edit.run()).toMatchObject({ status: 302, flash: { message: 'Address updated.' } });
    expect(edit.addresses.update).toHaveBeenCalledWith('u1', ID, { ...HOME, landmark: '', addressType: 'home' });

    const odd = page({ intent: 'save', addressId: 'not-an-id', ...HOME });
    expect(await odd.run()).toMatchObject({ status: 404, body: { error: 'Address not found.', intent: 'save', addressId: 'not-an-id' } });
    expect(odd.addresses.update).not.toHaveBeenCalled();
  });

  it('returns to a same-site redirectUrl (checkout) after saving, never elsewhere', async () => {
    expect((await page({ ...HOME }, { path: '/user/addresses?redirectUrl=%2Fcheckout' }).run()).location).toBe('/checkout');
    expect((await page({ ...HOME }, { path: '/user/addresses?redirectUrl=%2F%2Fevil.example' }).run()).location).toBe('/');
  });

  it('shows the form again with what was typed and a message per field', async () => {
    const { run, addresses } = page({ intent: 'save', ...HOME, phone: '98765', pincode: '056003' });
    expect(await run()).toEqual({
      status: 400,
      body: {
        ok: false,
        error: null,
        fields: { phone: 'Please enter a valid 10-digit mobile number.', pincode: 'Please enter a valid 6-digit pincode.' },
        intent: 'save',
        addressId: '',
        values: { ...HOME, phone: '98765', pincode: '056003', landmark: '', addressType: '' },
      },
    });
    expect(addresses.add).not.toHaveBeenCalled();
  });

  it("'Make default' and 'Delete' say so, toasted when enhanced, after a redirect back otherwise", async () => {
    const made = page({ intent: 'default', addressId: ID }, { enhanced: true });
    expect(await made.run()).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: 'Default address changed.' } } });
    expect(made.addresses.setDefault).toHaveBeenCalledWith('u1', ID);

    const gone = page({ intent: 'delete', addressId: ID });
    expect(await gone.run()).toEqual({ status: 302, location: '/user/addresses', flash: { kind: 'success', message: 'Address deleted.' } });
    expect(gone.addresses.remove).toHaveBeenCalledWith('u1', ID);
  });

  it("another shopper's address (or no address id) is not found, as an error message back on the page", async () => {
    const theirs = page({ intent: 'delete', addressId: ID });
    theirs.addresses.remove.mockRejectedValueOnce(new AppError('NOT_FOUND', 'Address not found.'));
    expect(await theirs.run()).toEqual({
      status: 302,
      location: '/user/addresses',
      flash: { kind: 'error', message: 'Address not found.' },
    });
    const none = page({ intent: 'default', addressId: '' }, { enhanced: true });
    expect(await none.run()).toEqual({ status: 404, body: { ok: false, error: 'Address not found.', fields: {} } });
    expect(none.addresses.setDefault).not.toHaveBeenCalled();
  });
});
