import type { Address } from '@shop/core';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { capturingMailer, jsonCall, signedInUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });
const call = (...args: Parameters<typeof jsonCall> extends [unknown, ...infer Rest] ? Rest : never) => jsonCall(t.app, ...args);
type Answer<T> = { success: boolean; data: T } & Partial<ErrorEnvelope>;

describe('GET /api/user/pincode/{pincode}', () => {
  it("answers a pincode's district, state and post offices (sorted) without a session", async () => {
    const response = await call('GET', '/api/user/pincode/560001');
    expect(response.statusCode).toBe(200);
    const { data } = response.json<Answer<{ pincode: string; district: string; state: string; localities: string[] }>>();
    expect(data).toMatchObject({ pincode: '560001', district: 'Bangalore', state: 'Karnataka' });
    expect(data.localities).toContain('Vidhana Soudha');
    expect(data.localities).toEqual([...data.localities].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it("names states the shop's way: Telangana, Ladakh, Puducherry, the Andamans", async () => {
    const stateOf = async (pincode: string) =>
      (await call('GET', `/api/user/pincode/${pincode}`)).json<Answer<{ state: string }>>().data.state;
    expect(await stateOf('500001')).toBe('Telangana');
    expect(await stateOf('194101')).toBe('Ladakh');
    expect(await stateOf('605001')).toBe('Puducherry');
    expect(await stateOf('744101')).toBe('Andaman and Nicobar Islands');
    expect(await stateOf('396230')).toBe('Dadra and Nagar Haveli and Daman and Diu');
  });

  it('refuses a malformed pincode with 400 naming it, and an unknown one with 404', async () => {
    for (const bad of ['56000', '056001', '5600011', 'abcdef']) {
      const response = await call('GET', `/api/user/pincode/${bad}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorEnvelope>().error).toBe('pincode: Please enter a valid 6-digit pincode.');
    }
    const unknown = await call('GET', '/api/user/pincode/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorEnvelope>()).toMatchObject({
      success: false,
      error: "We could not find pincode 999999 in India Post's directory. Please check it.",
    });
  });
});

describe('addresses are checked against the pincode', () => {
  const KERALA = { name: 'Nila Menon', phone: '9847012345', street: '12, MG Road', city: 'Kochi', pincode: '682011' };

  it('fills district and state when they are left empty, and keeps landmark and type', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const added = await call('POST', '/api/user/profile/addAddress', {
      sid,
      body: { ...KERALA, district: '', state: '', landmark: 'Opposite the boat jetty', addressType: 'work' },
    });
    expect(added.statusCode).toBe(200);
    const { address } = added.json<Answer<{ address: Address }>>().data;
    expect(address).toMatchObject({ district: 'Ernakulam', state: 'Kerala', landmark: 'Opposite the boat jetty', addressType: 'work' });

    // Left out altogether: no landmark, a home address.
    const plain = await call('PUT', `/api/user/profile/updateAddress/${address._id}`, { sid, body: KERALA });
    expect(plain.json<Answer<{ address: Address }>>().data.address).toMatchObject({
      district: 'Ernakulam',
      state: 'Kerala',
      landmark: '',
      addressType: 'home',
    });
    const [listed] = (await call('GET', '/api/user/profile/getMyAddresses', { sid })).json<Answer<{ addresses: Address[] }>>().data
      .addresses;
    expect(listed).toMatchObject({ landmark: '', addressType: 'home' });
  });

  it('refuses a state the pincode is not in, and an unknown pincode, by their fields', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const wrongState = await call('POST', '/api/user/profile/addAddress', {
      sid,
      body: { ...KERALA, pincode: '560001', district: 'Bengaluru Urban', state: 'Kerala' },
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json<ErrorEnvelope>()).toMatchObject({
      error: 'Pincode 560001 is in Karnataka, not Kerala.',
      fields: { state: 'Pincode 560001 is in Karnataka, not Kerala.' },
    });

    const unknown = await call('POST', '/api/user/profile/addAddress', { sid, body: { ...KERALA, pincode: '999999', state: 'Kerala' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorEnvelope>().fields).toEqual({
      pincode: "We could not find pincode 999999 in India Post's directory. Please check it.",
    });
    expect(
      (await call('GET', '/api/user/profile/getMyAddresses', { sid })).json<Answer<{ addresses: Address[] }>>().data.addresses,
    ).toEqual([]);
  });

  it('takes either state of a pincode that straddles a border', async () => {
    const { sid } = await signedInUser(t.app, mail);
    for (const state of ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu']) {
      const response = await call('POST', '/api/user/profile/addAddress', { sid, body: { ...KERALA, pincode: '396230', state } });
      expect(response.statusCode).toBe(200);
    }
    const refused = await call('POST', '/api/user/profile/addAddress', { sid, body: { ...KERALA, pincode: '396230', state: 'Kerala' } });
    expect(refused.json<ErrorEnvelope>().error).toBe(
      'Pincode 396230 is in Dadra and Nagar Haveli and Daman and Diu or Gujarat, not Kerala.',
    );
  });
});
