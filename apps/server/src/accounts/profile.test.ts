import { randomUUID } from 'node:crypto';
import type { Address, UserNotification, WishlistEntry } from '@shop/core';
import { seedTestCatalogue } from '../test/catalogue-fixture.js';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { useTestApp } from '../test/app.js';
import { capturingMailer, jsonCall, sessionCookieOf, signedInUser, testClock } from '../test/accounts.js';

const clock = testClock();
const mail = capturingMailer();
const t = useTestApp({ services: { now: clock.now, mailer: mail.mailer } });
const call = (...args: Parameters<typeof jsonCall> extends [unknown, ...infer Rest] ? Rest : never) => jsonCall(t.app, ...args);
const errorOf = (response: { json: <T>() => T }) => response.json<ErrorEnvelope>().error;
const dataOf = <T>(response: { json: <U>() => U }) => response.json<{ data: T }>().data;

const HOME: Omit<Address, '_id' | 'isDefault'> = {
  name: 'Asha Rao',
  phone: '9876543210',
  street: '12, 3rd Main, Indiranagar',
  city: 'Bengaluru',
  district: 'Bengaluru Urban',
  state: 'Karnataka',
  pincode: '560038',
  landmark: '',
  addressType: 'home',
};

describe('every profile call needs a session', () => {
  it('answers 401 without one', async () => {
    const id = randomUUID();
    const calls: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', '/api/user/profile/getMyProfile'],
      ['PUT', '/api/user/profile/updateProfile', { firstName: 'A', lastName: 'B' }],
      ['PUT', '/api/user/profile/changePassword', { currentPassword: 'x', newPassword: 'longenough', confirmPassword: 'longenough' }],
      ['GET', '/api/user/profile/getMyAddresses'],
      ['POST', '/api/user/profile/addAddress', HOME],
      ['PUT', `/api/user/profile/updateAddress/${id}`, HOME],
      ['DELETE', `/api/user/profile/deleteAddress/${id}`],
      ['PUT', `/api/user/profile/setDefaultAddress/${id}`],
      ['GET', '/api/user/profile/getMyWishlist'],
      ['POST', '/api/user/profile/addToWishlist', { productId: id }],
      ['DELETE', `/api/user/profile/removeFromWishlist/${id}`],
      ['GET', '/api/user/profile/getMyNotifications'],
      ['PUT', `/api/user/profile/markNotificationRead/${id}`],
      ['PUT', '/api/user/profile/markAllNotificationsRead'],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(method, url, body ? { body } : {});
      expect(response.statusCode, url).toBe(401);
      expect(errorOf(response), url).toBe('Please log in.');
    }
  });
});

describe('profile', () => {
  it('shows and updates name, phone, date of birth and gender; the e-mail stays', async () => {
    const { sid, email } = await signedInUser(t.app, mail);
    const updated = await call('PUT', '/api/user/profile/updateProfile', {
      sid,
      body: { firstName: 'Priya', lastName: 'Nair', phone: '9123456780', dob: '1994-08-15', gender: 'female', userEmail: 'x@evil.in' },
    });
    expect(updated.statusCode).toBe(200);
    expect(dataOf<{ user: object }>(updated).user).toMatchObject({
      userEmail: email,
      userFirstName: 'Priya',
      userLastName: 'Nair',
      userPhone: '9123456780',
      userDOB: '1994-08-15',
      userGender: 'female',
    });
    const cleared = await call('PUT', '/api/user/profile/updateProfile', {
      sid,
      body: { firstName: 'Priya', lastName: 'Nair', phone: '', dob: '', gender: '' },
    });
    expect(dataOf<{ user: object }>(cleared).user).toMatchObject({ userPhone: null, userDOB: null, userGender: null });
    const read = await call('GET', '/api/user/profile/getMyProfile', { sid });
    expect(dataOf<{ user: { userFirstName: string } }>(read).user.userFirstName).toBe('Priya');
  });

  it('names the field of a bad value', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const cases: Array<[object, string]> = [
      [{ firstName: '', lastName: 'B' }, 'firstName: First name is required.'],
      [{ firstName: 'A', lastName: 'B', phone: '12345' }, 'phone: Please enter a valid 10-digit mobile number.'],
      [{ firstName: 'A', lastName: 'B', dob: '2999-01-01' }, 'dob: Please enter a valid date of birth.'],
      [{ firstName: 'A', lastName: 'B', gender: 'robot' }, 'gender: Please choose a gender from the list.'],
    ];
    for (const [body, message] of cases) {
      const response = await call('PUT', '/api/user/profile/updateProfile', { sid, body });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const { sid, email, password } = await signedInUser(t.app, mail);
    const other = sessionCookieOf(await call('POST', '/api/user/auth/loginUsingPassword', { body: { email, password } }))!;

    const wrong = await call('PUT', '/api/user/profile/changePassword', {
      sid,
      body: { currentPassword: 'not it at all', newPassword: 'new password 1', confirmPassword: 'new password 1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe('Your current password is not correct.');
    const mismatch = await call('PUT', '/api/user/profile/changePassword', {
      sid,
      body: { currentPassword: password, newPassword: 'new password 1', confirmPassword: 'new password 2' },
    });
    expect(errorOf(mismatch)).toBe('confirmPassword: Passwords do not match.');

    const changed = await call('PUT', '/api/user/profile/changePassword', {
      sid,
      body: { currentPassword: password, newPassword: 'new password 1', confirmPassword: 'new password 1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/user/auth/me', { sid })).statusCode).toBe(200);
    expect((await call('GET', '/api/user/auth/me', { sid: other })).statusCode).toBe(401);
    expect((await call('POST', '/api/user/auth/loginUsingPassword', { body: { email, password } })).statusCode).toBe(401);
    expect((await call('POST', '/api/user/auth/loginUsingPassword', { body: { email, password: 'new password 1' } })).statusCode).toBe(200);
  });
});

describe('addresses', () => {
  it('adds, lists, edits, makes default and deletes; the first is the default', async () => {
    const { sid } = await signedInUser(t.app, mail);
    expect(dataOf<{ addresses: Address[] }>(await call('GET', '/api/user/profile/getMyAddresses', { sid })).addresses).toEqual([]);

    const home = dataOf<{ address: Address }>(await call('POST', '/api/user/profile/addAddress', { sid, body: HOME })).address;
    expect(home).toMatchObject({ ...HOME, isDefault: true });
    const office = dataOf<{ address: Address }>(
      await call('POST', '/api/user/profile/addAddress', { sid, body: { ...HOME, name: 'Asha at work', pincode: '560001' } }),
    ).address;
    expect(office.isDefault).toBe(false);

    const edited = await call('PUT', `/api/user/profile/updateAddress/${office._id}`, {
      sid,
      body: { ...HOME, name: 'Asha (office)', city: 'Mysuru' },
    });
    expect(dataOf<{ address: Address }>(edited).address).toMatchObject({ name: 'Asha (office)', city: 'Mysuru', isDefault: false });

    const made = await call('PUT', `/api/user/profile/setDefaultAddress/${office._id}`, { sid });
    expect(dataOf<{ address: Address }>(made).address.isDefault).toBe(true);
    let list = dataOf<{ addresses: Address[] }>(await call('GET', '/api/user/profile/getMyAddresses', { sid })).addresses;
    expect(list.map((item) => [item._id, item.isDefault])).toEqual([
      [office._id, true],
      [home._id, false],
    ]);

    expect((await call('DELETE', `/api/user/profile/deleteAddress/${office._id}`, { sid })).statusCode).toBe(200);
    list = dataOf<{ addresses: Address[] }>(await call('GET', '/api/user/profile/getMyAddresses', { sid })).addresses;
    expect(list).toEqual([{ ...home, isDefault: true }]);
  });

  it('checks every field of spec §3 with a message naming it', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const cases: Array<[Partial<typeof HOME>, string]> = [
      [{ name: '' }, 'name: Name is required.'],
      [{ phone: '98765' }, 'phone: Please enter a valid 10-digit mobile number.'],
      [{ phone: '1234567890' }, 'phone: Please enter a valid 10-digit mobile number.'],
      [{ street: '' }, 'street: Street is required.'],
      [{ city: '' }, 'city: City is required.'],
      [{ landmark: 'x'.repeat(81) }, 'landmark: At most 80 characters.'],
      [{ addressType: 'holiday' as never }, 'addressType: Please choose Home or Work.'],
      [{ state: 'Atlantis' as never }, 'state: Please choose a state from the list.'],
      [{ pincode: '056003' }, 'pincode: Please enter a valid 6-digit pincode.'],
      [{ pincode: '56003' }, 'pincode: Please enter a valid 6-digit pincode.'],
    ];
    for (const [change, message] of cases) {
      const response = await call('POST', '/api/user/profile/addAddress', { sid, body: { ...HOME, ...change } });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
  });

  it("another shopper's address is 'not found' for every call", async () => {
    const owner = await signedInUser(t.app, mail);
    const intruder = await signedInUser(t.app, mail);
    const address = dataOf<{ address: Address }>(
      await call('POST', '/api/user/profile/addAddress', { sid: owner.sid, body: HOME }),
    ).address;

    for (const [method, url, body] of [
      ['PUT', `/api/user/profile/updateAddress/${address._id}`, HOME],
      ['DELETE', `/api/user/profile/deleteAddress/${address._id}`, undefined],
      ['PUT', `/api/user/profile/setDefaultAddress/${address._id}`, undefined],
    ] as const) {
      const response = await call(method, url, { sid: intruder.sid, ...(body ? { body } : {}) });
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response)).toBe('Address not found.');
    }
    expect(
      dataOf<{ addresses: Address[] }>(await call('GET', '/api/user/profile/getMyAddresses', { sid: intruder.sid })).addresses,
    ).toEqual([]);
    const ownerList = dataOf<{ addresses: Address[] }>(await call('GET', '/api/user/profile/getMyAddresses', { sid: owner.sid })).addresses;
    expect(ownerList).toEqual([address]);
    expect((await call('DELETE', '/api/user/profile/deleteAddress/not-a-uuid', { sid: owner.sid })).statusCode).toBe(400);
  });
});

describe('wishlist', () => {
  it('adds (once), lists newest first with the product card, and removes, each shopper their own', async () => {
    const { sid, userId } = await signedInUser(t.app, mail);
    const other = await signedInUser(t.app, mail);
    const { ids } = await seedTestCatalogue(t.services);
    const [first, second] = [ids.chikankari, ids.wrap];
    expect((await call('POST', '/api/user/profile/addToWishlist', { sid, body: { productId: first } })).statusCode).toBe(200);
    clock.advance(1000);
    await call('POST', '/api/user/profile/addToWishlist', { sid, body: { productId: second } });
    await call('POST', '/api/user/profile/addToWishlist', { sid, body: { productId: first } });
    const list = dataOf<{ wishlist: WishlistEntry[] }>(await call('GET', '/api/user/profile/getMyWishlist', { sid })).wishlist;
    expect(list.map((item) => item.productId)).toEqual([second, first]);
    expect(list.map((item) => item.product?.productName)).toEqual(['Wrap Dress', 'Chikankari Kurti']);

    // Only products for sale can be saved: unknown, draft and archived ones are not found.
    for (const productId of [randomUUID(), ids.draft, ids.archived]) {
      const missing = await call('POST', '/api/user/profile/addToWishlist', { sid, body: { productId } });
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing)).toBe('Product not found');
    }

    const bad = await call('POST', '/api/user/profile/addToWishlist', { sid, body: { productId: 'saree-1' } });
    expect(errorOf(bad)).toBe('productId: Please give a valid product id.');

    const foreign = await call('DELETE', `/api/user/profile/removeFromWishlist/${first}`, { sid: other.sid });
    expect(foreign.statusCode).toBe(404);
    expect(
      dataOf<{ wishlist: WishlistEntry[] }>(await call('GET', '/api/user/profile/getMyWishlist', { sid: other.sid })).wishlist,
    ).toEqual([]);

    expect((await call('DELETE', `/api/user/profile/removeFromWishlist/${first}`, { sid })).statusCode).toBe(200);
    const after = dataOf<{ wishlist: WishlistEntry[] }>(await call('GET', '/api/user/profile/getMyWishlist', { sid })).wishlist;
    expect(after.map((item) => item.productId)).toEqual([second]);
    // The ids every page's hearts are drawn from.
    expect(await t.services.wishlist.productIds(userId)).toEqual([second]);
  });
});

describe('notifications', () => {
  it('lists with the unread count and marks one or all read; another shopper gets 404', async () => {
    const { sid, userId } = await signedInUser(t.app, mail);
    const other = await signedInUser(t.app, mail);
    clock.advance(1000);
    const sale = await t.services.notifications.create(userId, { title: 'Festive sale', body: '20% off silk sarees', link: '/filter' });

    const listed = dataOf<{ notifications: UserNotification[]; unreadCount: number }>(
      await call('GET', '/api/user/profile/getMyNotifications', { sid }),
    );
    expect(listed.unreadCount).toBe(2);
    expect(listed.notifications.map((item) => item.title)).toEqual(['Festive sale', 'Welcome to Saanjh Boutique']);

    const foreign = await call('PUT', `/api/user/profile/markNotificationRead/${sale._id}`, { sid: other.sid });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Notification not found.');

    const read = await call('PUT', `/api/user/profile/markNotificationRead/${sale._id}`, { sid });
    expect(dataOf<{ notification: UserNotification }>(read).notification.read).toBe(true);
    expect(dataOf<{ unreadCount: number }>(await call('GET', '/api/user/profile/getMyNotifications', { sid })).unreadCount).toBe(1);

    await call('PUT', '/api/user/profile/markAllNotificationsRead', { sid });
    expect(dataOf<{ unreadCount: number }>(await call('GET', '/api/user/profile/getMyNotifications', { sid })).unreadCount).toBe(0);
    expect(dataOf<{ unreadCount: number }>(await call('GET', '/api/user/profile/getMyNotifications', { sid: other.sid })).unreadCount).toBe(
      1,
    );
  });
});
