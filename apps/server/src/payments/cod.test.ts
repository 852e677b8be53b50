import {
  DEFAULT_COD_SETTINGS,
  type AdminShopSettings,
  type AuditEntry,
  type CreatedPayment,
  type OrderDetail,
  type OrderSummary,
  type PaymentOptions,
} from '@shop/core';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/database.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import { codConfirmations, orders } from '../orders/tables.js';
import { capturingMailer, jsonCall, signedInUser, testClock } from '../test/accounts.js';
import { adminCall, signedInOwner, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { codOrder, HOME_ADDRESS, placedOrder, setCod } from '../test/order-fixture.js';
import { sellableProduct, stockOf } from '../test/shop-fixture.js';

// Issue 41, cash on delivery up to the order being confirmed: the owner's setting, the payment options, placing
// without Razorpay, the e-mailed code, the 24 hours, and how a COD order reads.

const mail = capturingMailer();
const clock = testClock('2026-11-20T06:00:00.000Z');
const t = useTestApp({ services: { mailer: mail.mailer, now: clock.now, reservationSeconds: 900 } });

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;
const errorOf = (response: { json: () => unknown }) => response.json() as ErrorEnvelope;
const HOUR = 3_600_000;

let owner: SignedInAdminForTest;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Owner');
});

const put = (body: object) => adminCall(t.app, 'PUT', '/api/admin/settings/updateSettings', { asid: owner.asid, body });

/** A shopper with an address and `quantity` pieces of a fresh product (₹`price`) in her bag. */
async function shopperWithBag(options: { pricePaise?: number; quantity?: number; stock?: number; address?: typeof HOME_ADDRESS } = {}) {
  const user = await signedInUser(t.app, mail);
  const product = await sellableProduct(t, { pricePaise: options.pricePaise ?? 80_000, stock: options.stock ?? 5 });
  const address = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid: user.sid, body: options.address ?? HOME_ADDRESS });
  expect(address.statusCode, address.body).toBe(200);
  const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
    sid: user.sid,
    body: { ...product, quantity: options.quantity ?? 1 },
  });
  expect(added.statusCode, added.body).toBe(200);
  return { ...user, product, addressId: dataOf<{ address: { _id: string } }>(address).address._id };
}
type Shopper = Awaited<ReturnType<typeof shopperWithBag>>;

const optionsOf = async (shopper: Shopper, addressId = shopper.addressId) => {
  const response = await jsonCall(t.app, 'GET', `/api/user/payment/options?addressId=${addressId}`, { sid: shopper.sid });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<PaymentOptions>(response);
};
const placeCod = (shopper: Shopper, paymentMethod: 'cod' | 'online' = 'cod') =>
  jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
    sid: shopper.sid,
    body: { paymentMethod, products: [{ id: shopper.product.productId, variant: shopper.product.variantId }], address: shopper.addressId },
  });
const confirm = (shopper: { sid: string }, orderId: string, otp: string) =>
  jsonCall(t.app, 'POST', `/api/user/order/confirmCod/${orderId}`, { sid: shopper.sid, body: { otp } });
const orderOf = async (shopper: { sid: string }, orderId: string) =>
  dataOf<{ order: OrderDetail }>(await jsonCall(t.app, 'GET', `/api/user/order/getOrder/${orderId}`, { sid: shopper.sid })).order;
const codeOf = async (email: string) => {
  await t.services.orderNotices.settled();
  return mail.lastCode(email);
};
/** A 6-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the owner turns cash on delivery on (updateSettings `cod`)', () => {
  it('is off by default, saved when given, kept when left out, and audited', async () => {
    const read = dataOf<AdminShopSettings>(await adminCall(t.app, 'GET', '/api/admin/settings/getSettings', { asid: owner.asid }));
    expect(read.cod).toEqual(DEFAULT_COD_SETTINGS);
    expect(read.cod.enabled).toBe(false);

    const cod = { enabled: true, fee: 4_900, minOrder: 30_000, maxOrder: 500_000, maxOpenPerShopper: 3 };
    const saved = await put({ ...read.settings, cod });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<AdminShopSettings>(saved).cod).toEqual(cod);
    const kept = await put({ ...read.settings, name: 'Saanjh Boutique & Co' });
    expect(dataOf<AdminShopSettings>(kept).cod).toEqual(cod);

    const [entry] = dataOf<{ entries: AuditEntry[] }>(
      await adminCall(t.app, 'GET', '/api/admin/audit?entity=settings', { asid: owner.asid }),
    ).entries;
    expect(entry).toMatchObject({ action: 'settings.update', before: { cod }, after: { cod, name: 'Saanjh Boutique & Co' } });
    await put({ ...read.settings, cod: DEFAULT_COD_SETTINGS });
  });

  it('refuses a negative fee, a minimum above the maximum, a missing flag: 400 naming cod.<field> in words, nothing saved', async () => {
    const settings = await t.services.settings.get();
    const good = { enabled: true, fee: 0, minOrder: 0, maxOrder: 100_000, maxOpenPerShopper: 2 };
    const negative = await put({ ...settings, cod: { ...good, fee: -1 } });
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative)).toMatchObject({
      error: 'cod.fee: The amount cannot be negative.',
      fields: { 'cod.fee': 'The amount cannot be negative.' },
    });
    const upside = await put({ ...settings, cod: { ...good, minOrder: 200_000 } });
    expect([upside.statusCode, errorOf(upside).fields]).toEqual([
      400,
      { 'cod.maxOrder': 'The maximum order value must be at least the minimum.' },
    ]);
    const none = await put({ ...settings, cod: { ...good, maxOpenPerShopper: 0 } });
    expect(errorOf(none).fields).toEqual({ 'cod.maxOpenPerShopper': 'Please allow at least 1 open order.' });
    const missing = await put({ ...settings, cod: { fee: 0 } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(errorOf(missing).fields ?? {})).toEqual(expect.arrayContaining(['cod.enabled', 'cod.maxOrder']));
    expect(await t.services.settings.cod()).toEqual(DEFAULT_COD_SETTINGS);
  });
});

describe('GET /api/user/payment/options', () => {
  it('answers COD off in words while the owner has it off, online always', async () => {
    await put({ ...(await t.services.settings.get()), cod: DEFAULT_COD_SETTINGS });
    const shopper = await shopperWithBag();
    expect(await optionsOf(shopper)).toEqual({
      online: true,
      cod: { available: false, fee: 0, reason: 'Cash on delivery is not offered right now.' },
    });
  });

  it('says the amounts when the bag is under the minimum or over the maximum, priced as createpayment prices it', async () => {
    await setCod(t, owner, { fee: 4_900, minOrder: 100_000, maxOrder: 200_000 });
    // ₹800 + ₹50 shipping.
    const small = await shopperWithBag({ pricePaise: 80_000 });
    expect((await optionsOf(small)).cod).toEqual({
      available: false,
      fee: 4_900,
      reason: 'Cash on delivery is for orders of ₹1,000 or more; your bag comes to ₹850.',
    });
    const big = await shopperWithBag({ pricePaise: 150_000, quantity: 2 });
    expect((await optionsOf(big)).cod.reason).toBe(
      'Cash on delivery is for orders up to ₹2,000; your bag comes to ₹3,000. Please pay online.',
    );
    const right = await shopperWithBag({ pricePaise: 120_000 });
    expect((await optionsOf(right)).cod).toEqual({ available: true, fee: 4_900, reason: null });
  });

  it('refuses a pincode COD does not reach, and an address that is not hers (404)', async () => {
    await setCod(t, owner, { fee: 0 });
    const islands = await shopperWithBag({
      address: { ...HOME_ADDRESS, city: 'Port Blair', district: 'South Andaman', state: 'Andaman and Nicobar Islands', pincode: '744101' },
    });
    expect((await optionsOf(islands)).cod.reason).toBe('Cash on delivery does not reach pincode 744101 yet; please pay online.');
    const placed = await placeCod(islands);
    expect(placed.statusCode).toBe(400);
    expect(errorOf(placed).fields).toEqual({ paymentMethod: 'Cash on delivery does not reach pincode 744101 yet; please pay online.' });

    const other = await shopperWithBag();
    const notHers = await jsonCall(t.app, 'GET', `/api/user/payment/options?addressId=${islands.addressId}`, { sid: other.sid });
    expect(notHers.statusCode).toBe(404);
  });
});

describe('placing a COD order (createpayment paymentMethod cod)', () => {
  it('places it awaiting confirmation with the fee in the total, stock reserved for 24 hours, no Razorpay order, the code mailed', async () => {
    await setCod(t, owner, { fee: 4_900, minOrder: 0, maxOrder: 1_000_000 });
    const shopper = await shopperWithBag({ pricePaise: 80_000, quantity: 2, stock: 5 });
    const placed = await placeCod(shopper);
    expect(placed.statusCode, placed.body).toBe(200);
    const created = dataOf<CreatedPayment>(placed);
    // ₹1,600 of goods ships free; ₹49 COD fee.
    expect(created).toMatchObject({ razorpay: null, paymentMethod: 'cod', amount: 164_900, codFee: 4_900 });
    expect(created.confirmBy).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());
    expect(await stockOf(t.database.db, shopper.product)).toBe(3);

    const order = await orderOf(shopper, created.orderId);
    expect(order).toMatchObject({
      status: 'awaiting_confirmation',
      paymentMethod: 'cod',
      codFee: 4_900,
      subtotal: 160_000,
      shipping: 0,
      total: 164_900,
      invoiceNumber: null,
      payment: null,
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, created.orderId));
    expect(row).toMatchObject({ razorpayOrderId: null, paidAt: null, confirmedAt: null });

    const code = await codeOf(shopper.email);
    expect(code).toMatch(/^\d{6}$/);
    const sent = mail.sent.findLast((item) => item.to === shopper.email)!;
    expect(sent.subject).toBe(`${code} confirms your Saanjh Boutique order ${created.orderNumber}`);
    expect(sent.text).toContain('Cash on delivery · ₹1,649 to pay at the door');
    // One tap: the success page with the code in its form; the page confirms only by a form post.
    expect(sent.text).toContain(`http://localhost:3000/paymentSuccess?orderId=${created.orderId}&code=${code}`);
    // Only a hash is kept.
    const [stored] = await t.database.db.select().from(codConfirmations).where(eq(codConfirmations.orderId, created.orderId));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);

    // Posted again (a double tap): the same order, no second reservation, no second code.
    const again = await placeCod(shopper);
    expect(dataOf<CreatedPayment>(again).orderId).toBe(created.orderId);
    expect(await stockOf(t.database.db, shopper.product)).toBe(3);
  });

  it('leaves online checkout as it was: a Razorpay order, no fee', async () => {
    const shopper = await shopperWithBag({ pricePaise: 80_000 });
    const online = dataOf<CreatedPayment>(await placeCod(shopper, 'online'));
    expect(online).toMatchObject({ paymentMethod: 'online', codFee: 0, amount: 85_000, confirmBy: null });
    expect(online.razorpay!.amount).toBe(85_000);
    expect((await orderOf(shopper, online.orderId)).status).toBe('pending_payment');
    const noMethod = await jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
      sid: shopper.sid,
      body: { products: [{ id: shopper.product.productId, variant: shopper.product.variantId }], address: shopper.addressId },
    });
    expect(dataOf<CreatedPayment>(noMethod)).toMatchObject({ orderId: online.orderId, paymentMethod: 'online' });
  });

  it('refuses COD while it is off (409 in words), and an order outside the limits (400 naming paymentMethod)', async () => {
    await setCod(t, owner, { enabled: false });
    const off = await placeCod(await shopperWithBag());
    expect(off.statusCode).toBe(409);
    expect(errorOf(off).error).toBe('Cash on delivery is not offered right now.');
    await setCod(t, owner, { minOrder: 100_000 });
    const small = await placeCod(await shopperWithBag({ pricePaise: 50_000 }));
    expect(small.statusCode).toBe(400);
    expect(errorOf(small).fields).toEqual({ paymentMethod: 'Cash on delivery is for orders of ₹1,000 or more; your bag comes to ₹550.' });
  });

  it('allows at most N unconfirmed-or-undelivered COD orders per shopper (the options say so, createpayment refuses 409)', async () => {
    await setCod(t, owner, { fee: 0, maxOpenPerShopper: 1 });
    const product = await sellableProduct(t, { pricePaise: 60_000, stock: 9 });
    const first = await codOrder(t, mail, { ...product, confirmed: true });
    const second = await shopperWithBag();
    // The same shopper, a fresh bag.
    const mine = { ...second, sid: first.sid, email: first.email, addressId: first.addressId };
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: first.sid, body: { ...second.product, quantity: 1 } });
    expect((await optionsOf(mine)).cod.reason).toBe(
      'You have 1 cash-on-delivery order not yet confirmed or delivered; please pay online, or wait until they arrive.',
    );
    const refused = await placeCod(mine);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error).toMatch(/^You have 1 cash-on-delivery order/);
    // Another shopper is not held back by her orders; once hers is cancelled she may order again.
    expect((await optionsOf(second)).cod.available).toBe(true);
    await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${first.orderId}`, { sid: first.sid, body: { reason: 'Changed my mind' } });
    expect((await optionsOf(mine)).cod.available).toBe(true);
  });
});

describe('confirming with the e-mailed code (confirmCod)', () => {
  it('confirms with the right code: invoice number drawn, paid_at still null, the lines leave the bag, she is told; repeats answer the same', async () => {
    await setCod(t, owner, { fee: 2_500, maxOpenPerShopper: 5 });
    const shopper = await shopperWithBag({ pricePaise: 80_000 });
    const { orderId } = dataOf<CreatedPayment>(await placeCod(shopper));
    const code = await codeOf(shopper.email);
    const confirmed = await confirm(shopper, orderId, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const order = dataOf<{ order: OrderDetail }>(confirmed).order;
    expect(order).toMatchObject({ status: 'confirmed', paymentMethod: 'cod', total: 87_500, reservedUntil: null });
    expect(order.invoiceNumber).toMatch(/^WEB\/26-27\/\d{5}$/);
    expect(order.seller).not.toBeNull();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ paidAt: null, confirmedAt: clock.now() });

    const cart = await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: shopper.sid });
    expect(dataOf<{ userCarts: unknown[] }>(cart).userCarts).toHaveLength(0);
    await t.services.orderNotices.settled();
    const told = mail.sent.findLast((item) => item.to === shopper.email)!;
    expect(told.subject).toBe(`Order ${order.orderNumber} confirmed`);
    expect(told.text).toContain('Cash on delivery · ₹875 to pay at the door');

    // Again, with the code or any other: the order as it is, no second number.
    const again = await confirm(shopper, orderId, wrong(code));
    expect(again.statusCode).toBe(200);
    expect(dataOf<{ order: OrderDetail }>(again).order.invoiceNumber).toBe(order.invoiceNumber);

    // The cash collected later sets paid_at: the order keeps its number, the series draws none.
    const counters = () => selectRows<{ last: number }>(t.database.db, sql`select last from order_invoice_counters`);
    const before = await counters();
    await t.database.db.update(orders).set({ paidAt: clock.now() }).where(eq(orders.id, orderId));
    const [paid] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid!.invoiceNumber).toBe(order.invoiceNumber);
    expect(await counters()).toEqual(before);
  });

  it('refuses a wrong code with a 400 naming otp in words, then throttles after five wrong tries (429), then lets her try again', async () => {
    const shopper = await shopperWithBag();
    const { orderId } = dataOf<CreatedPayment>(await placeCod(shopper));
    const code = await codeOf(shopper.email);
    const first = await confirm(shopper, orderId, wrong(code));
    expect(first.statusCode).toBe(400);
    expect(errorOf(first)).toMatchObject({
      error: 'That code is not right. Please check the 6-digit code in the e-mail and try again.',
      fields: { otp: 'That code is not right. Please check the 6-digit code in the e-mail and try again.' },
    });
    const malformed = await confirm(shopper, orderId, '12ab');
    expect([malformed.statusCode, errorOf(malformed).fields]).toEqual([400, { otp: 'Please enter the 6-digit code from the e-mail.' }]);
    for (let index = 0; index < 4; index++) expect((await confirm(shopper, orderId, wrong(code))).statusCode).toBe(400);
    const throttled = await confirm(shopper, orderId, code);
    expect(throttled.statusCode).toBe(429);
    expect(errorOf(throttled).error).toBe('Too many wrong codes. Please try again in 15 minutes.');
    expect(throttled.headers['retry-after']).toBe('900');
    expect((await orderOf(shopper, orderId)).status).toBe('awaiting_confirmation');

    clock.advance(15 * 60_000);
    expect((await confirm(shopper, orderId, code)).statusCode).toBe(200);
  });

  it("refuses someone else's order (404) and an online order (409)", async () => {
    const shopper = await shopperWithBag();
    const { orderId } = dataOf<CreatedPayment>(await placeCod(shopper));
    const code = await codeOf(shopper.email);
    const stranger = await signedInUser(t.app, mail);
    expect((await confirm(stranger, orderId, code)).statusCode).toBe(404);
    const online = await placedOrder(t, mail, { ...(await sellableProduct(t, { pricePaise: 50_000, stock: 2 })) });
    const refused = await confirm(online, online.orderId, '123456');
    expect([refused.statusCode, errorOf(refused).error]).toEqual([409, 'This order is paid online; it needs no code.']);
  });
});

describe('24 hours without her code', () => {
  it('cancels the COD order and puts its stock back, leaving confirmed COD orders and online orders alone; the code has expired then', async () => {
    await setCod(t, owner, { fee: 0, maxOpenPerShopper: 5 });
    const waiting = await shopperWithBag({ stock: 4, quantity: 2 });
    const { orderId } = dataOf<CreatedPayment>(await placeCod(waiting));
    const code = await codeOf(waiting.email);
    expect(await stockOf(t.database.db, waiting.product)).toBe(2);
    const product = await sellableProduct(t, { pricePaise: 70_000, stock: 3 });
    const kept = await codOrder(t, mail, { ...product, confirmed: true });

    clock.advance(24 * HOUR - 60_000);
    await t.services.payments.reconcile();
    expect((await orderOf(waiting, orderId)).status).toBe('awaiting_confirmation');

    // An online order placed now keeps its own 15 minutes.
    const online = await placedOrder(t, mail, { ...(await sellableProduct(t, { pricePaise: 50_000, stock: 2 })) });
    clock.advance(2 * 60_000);
    const tally = await t.services.payments.reconcile();
    expect(tally.expired).toBeGreaterThanOrEqual(1);
    const expired = await orderOf(waiting, orderId);
    expect(expired).toMatchObject({ status: 'cancelled', cancelReason: 'Not confirmed in time', reservedUntil: null });
    expect(expired.timeline.at(-1)?.note ?? expired.timeline[0]!.note).toMatch(/Not confirmed within 24 hours/);
    expect(await stockOf(t.database.db, waiting.product)).toBe(4);
    expect((await orderOf(kept, kept.orderId)).status).toBe('confirmed');
    expect(await stockOf(t.database.db, product)).toBe(2);
    expect((await orderOf(online, online.orderId)).status).toBe('pending_payment');

    const late = await confirm(waiting, orderId, code);
    expect([late.statusCode, errorOf(late).fields]).toEqual([
      400,
      { otp: 'This code has expired: the order was not confirmed within 24 hours. Please order again.' },
    ]);
  });
});

describe('a COD order reads as one everywhere', () => {
  it('lists paymentMethod and codFee for her and the back-office, and the back-office filters paymentMethod=cod', async () => {
    await setCod(t, owner, { fee: 3_000, maxOpenPerShopper: 5 });
    const product = await sellableProduct(t, { pricePaise: 90_000, stock: 3 });
    const cod = await codOrder(t, mail, { ...product, confirmed: true });
    const mine = dataOf<{ orders: OrderSummary[] }>(await jsonCall(t.app, 'GET', '/api/user/order/getMyOrders', { sid: cod.sid })).orders;
    expect(mine[0]).toMatchObject({ _id: cod.orderId, paymentMethod: 'cod', codFee: 3_000, total: 98_000 });

    const codOnly = dataOf<{ orders: OrderSummary[] }>(
      await adminCall(t.app, 'GET', '/api/admin/order/getAllOrders?paymentMethod=cod', { asid: owner.asid }),
    ).orders;
    expect(codOnly.length).toBeGreaterThan(0);
    expect(codOnly.every((row) => row.paymentMethod === 'cod')).toBe(true);
    expect(codOnly.some((row) => row._id === cod.orderId && row.codFee === 3_000)).toBe(true);
    const all = dataOf<{ orders: OrderSummary[] }>(
      await adminCall(t.app, 'GET', '/api/admin/order/getAllOrders', { asid: owner.asid }),
    ).orders;
    expect(all.some((row) => row.paymentMethod === 'online')).toBe(true);
    const bad = await adminCall(t.app, 'GET', '/api/admin/order/getAllOrders?paymentMethod=cash', { asid: owner.asid });
    expect(bad.statusCode).toBe(400);
    const detail = await adminCall(t.app, 'GET', `/api/admin/order/getOrderDetails/${cod.orderId}`, { asid: owner.asid });
    expect(dataOf<{ order: OrderDetail }>(detail).order).toMatchObject({ paymentMethod: 'cod', codFee: 3_000 });
  });
});

describe('OpenAPI', () => {
  it('lists the COD calls with their 4xx answers and the createpayment answer without a Razorpay order', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: Array<{ name: string }> }>>;
    }>();
    const codes = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    expect(codes('/api/user/payment/options', 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(document.paths['/api/user/payment/options']!.get!.parameters?.map((parameter) => parameter.name)).toContain('addressId');
    expect(codes('/api/user/payment/createpayment', 'post')).toEqual(expect.arrayContaining(['200', '400', '401', '409', '503']));
    expect(codes('/api/user/order/confirmCod/{orderId}', 'post')).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '409', '429']),
    );
    expect(JSON.stringify(document.paths['/api/admin/order/getAllOrders']!.get!.parameters)).toContain('paymentMethod');
  });
});
