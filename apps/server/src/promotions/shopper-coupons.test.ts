import type { Cart, CappedLine } from '@shop/core';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorEnvelope } from '../http/envelope.js';
import { orderItems, orders } from '../orders/tables.js';
import { refunds } from '../payments/tables.js';
import { capturingMailer, jsonCall, signedInUser, testClock } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { HOME_ADDRESS, placedOrder } from '../test/order-fixture.js';
import { insertCategory, insertCoupon, insertOffer } from '../test/promotions-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';
import { couponRedemptions, coupons, offers } from './tables.js';

// Issue 41, the shopper's side: a code applied to the bag, each refusal in words, wrong codes throttled, the code
// kept through login, and checkout charging the bag's total with the discounts shared over the order's lines.

const mail = capturingMailer();
// 06:00 UTC is 11:30 in India: the shop's day is 20 Nov 2026.
const clock = testClock('2026-11-20T06:00:00.000Z');
const t = useTestApp({
  services: { mailer: mail.mailer, now: clock.now, reservationSeconds: 900, razorpay: { deliverWebhook: async () => ({ status: 200 }) } },
});
const db = () => t.database.db;

const cartOf = (response: LightMyRequestResponse) => response.json<{ data: Cart }>().data;
const errorOf = (response: LightMyRequestResponse) => response.json<ErrorEnvelope>();

/** A signed-in shopper with `quantity` pieces of a fresh product (₹`rupees` each) in her bag. */
async function shopperWithBag(options: { rupees?: number; quantity?: number; categoryId?: string | null } = {}) {
  const user = await signedInUser(t.app, mail);
  const product = await sellableProduct(t, {
    pricePaise: (options.rupees ?? 1_000) * 100,
    stock: 20,
    categoryId: options.categoryId ?? null,
  });
  const added = await jsonCall(t.app, 'POST', '/api/user/product/addToCart', {
    sid: user.sid,
    body: { ...product, quantity: options.quantity ?? 2 },
  });
  expect(added.statusCode, added.body).toBe(200);
  return { ...user, product };
}

const apply = (sid: string, code: string, ip?: string) =>
  jsonCall(t.app, 'POST', '/api/user/cart/applyCoupon', { sid, body: { code }, ...(ip ? { ip } : {}) });

/** What `code` is refused with in her bag: the field error's words. */
async function refusalOf(sid: string, code: string) {
  const response = await apply(sid, code);
  expect(response.statusCode, response.body).toBe(400);
  const envelope = errorOf(response);
  expect(envelope.error).toBe(`code: ${envelope.fields?.code}`);
  return envelope.fields?.code;
}

async function addressOf(sid: string) {
  const response = await jsonCall(t.app, 'POST', '/api/user/profile/addAddress', { sid, body: HOME_ADDRESS });
  return response.json<{ data: { address: { _id: string } } }>().data.address._id;
}

const pay = (shopper: { sid: string; product: { productId: string; variantId?: string } }, addressId: string) =>
  jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
    sid: shopper.sid,
    body: {
      paymentMethod: 'online',
      products: [{ id: shopper.product.productId, variant: shopper.product.variantId }],
      address: addressId,
    },
  });

const usedCount = async (id: string) => (await db().select({ n: coupons.usedCount }).from(coupons).where(eq(coupons.id, id)))[0]!.n;

describe('a coupon code in the bag', () => {
  it('is applied in any case, listed as a discount line with the total, and taken off again', async () => {
    const shopper = await shopperWithBag({ rupees: 1_000, quantity: 2 });
    const coupon = await insertCoupon(db(), { code: 'FESTIVE10', value: 10, maxDiscountPaise: 15_000 });
    const applied = await apply(shopper.sid, ' festive10 ');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(cartOf(applied).summary).toEqual({
      subtotal: 2_00_000,
      shipping: 0,
      total: 1_85_000,
      discounts: [{ label: 'Coupon FESTIVE10', amount: 15_000 }],
      discount: 15_000,
      coupon: { code: 'FESTIVE10', applied: true, amount: 15_000, refusal: null },
      offer: null,
      nextOfferHint: null,
    });
    // The bag keeps it: fetchUserCarts answers the same.
    expect(cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: shopper.sid })).summary.total).toBe(1_85_000);
    // Applying a code does not use it: only an order does.
    expect(await usedCount(coupon.id)).toBe(0);
    const removed = await jsonCall(t.app, 'POST', '/api/user/cart/removeCoupon', { sid: shopper.sid });
    expect(removed.statusCode).toBe(200);
    expect(cartOf(removed).summary).toMatchObject({ total: 2_00_000, discounts: [], coupon: null });
  });

  it('refuses each code that cannot be used, in words on the field `code`', async () => {
    const shopper = await shopperWithBag({ rupees: 1_000, quantity: 2 });
    expect(await refusalOf(shopper.sid, 'NOSUCHCODE')).toBe('NOSUCHCODE is not a valid coupon code.');
    await insertCoupon(db(), { code: 'OFFNOW', disabledAt: new Date() });
    expect(await refusalOf(shopper.sid, 'OFFNOW')).toBe('OFFNOW is not a valid coupon code.');
    await insertCoupon(db(), { code: 'DIWALI', startsOn: '2026-10-15', endsOn: '2026-11-19' });
    expect(await refusalOf(shopper.sid, 'DIWALI')).toBe('This code expired on 19 Nov 2026.');
    await insertCoupon(db(), { code: 'XMAS', startsOn: '2026-12-20' });
    expect(await refusalOf(shopper.sid, 'XMAS')).toBe('This code is not active yet (starts 20 Dec 2026).');
    await insertCoupon(db(), { code: 'BIGBAG', minOrderPaise: 2_45_000 });
    expect(await refusalOf(shopper.sid, 'BIGBAG')).toBe('Add ₹450 more to use BIGBAG');
    await insertCoupon(db(), { code: 'GONE', usageLimit: 3, usedCount: 3 });
    expect(await refusalOf(shopper.sid, 'GONE')).toBe('This code has been used up.');
    const sarees = await insertCategory(db());
    await insertCoupon(db(), { code: 'SAREES', categoryIds: [sarees] });
    expect(await refusalOf(shopper.sid, 'SAREES')).toBe('This code is not for the items in your bag.');
    // None of them stuck to the bag.
    expect(cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: shopper.sid })).summary.coupon).toBeNull();
  });

  it('gives a first-order code to a first order only, and a code once per shopper when so limited', async () => {
    const product = await sellableProduct(t, { pricePaise: 1_50_000, stock: 20 });
    const buyer = await placedOrder(t, mail, { ...product, paid: true });
    await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: buyer.sid, body: { ...product, quantity: 1 } });
    await insertCoupon(db(), { code: 'WELCOME', firstOrderOnly: true });
    expect(await refusalOf(buyer.sid, 'WELCOME')).toBe('This code is for your first order only.');
    // A newcomer may; one order waiting for payment does not make her a returning shopper.
    const newcomer = await shopperWithBag();
    expect((await apply(newcomer.sid, 'WELCOME')).statusCode).toBe(200);

    const once = await insertCoupon(db(), { code: 'ONCEEACH', perCustomerLimit: 1 });
    const shopper = await shopperWithBag({ rupees: 1_500, quantity: 1 });
    expect((await apply(shopper.sid, 'ONCEEACH')).statusCode).toBe(200);
    const placed = await pay(shopper, await addressOf(shopper.sid));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await usedCount(once.id)).toBe(1);
    expect(await refusalOf(shopper.sid, 'ONCEEACH')).toBe('You have already used this code.');
  });

  it('throttles wrong codes: the tenth in ten minutes from a shopper holds her back, then a client whoever is signed in', async () => {
    const shopper = await shopperWithBag();
    await insertCoupon(db(), { code: 'REALONE' });
    for (let i = 0; i < 10; i++) expect((await apply(shopper.sid, `GUESS${i}`)).statusCode).toBe(400);
    const held = await apply(shopper.sid, 'REALONE');
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).error).toMatch(/^Too many wrong coupon codes\. Please try again in (10|9) minutes?\.$/);
    expect(held.headers['retry-after']).toBeDefined();
    // Ten minutes on, she may try again.
    clock.advance(10 * 60_000 + 1);
    expect((await apply(shopper.sid, 'REALONE')).statusCode).toBe(200);

    // One client, several accounts: counted per client too.
    const ip = '198.51.100.41';
    for (let i = 0; i < 10; i++) {
      const someone = await signedInUser(t.app, mail);
      expect((await apply(someone.sid, `WRONG${i}`, ip)).statusCode).toBe(400);
    }
    const fresh = await shopperWithBag();
    expect((await apply(fresh.sid, 'REALONE', ip)).statusCode).toBe(429);
    expect((await apply(fresh.sid, 'REALONE', '198.51.100.42')).statusCode).toBe(200);
    // A real code refused for its rules is not a guess.
    await insertCoupon(db(), { code: 'TOOBIG', minOrderPaise: 99_00_000 });
    const other = await shopperWithBag();
    for (let i = 0; i < 11; i++) expect((await apply(other.sid, 'TOOBIG')).statusCode).toBe(400);
  });

  it('keeps the code a guest applied through her login (mergeCart), with her own rules checked then', async () => {
    const product = await sellableProduct(t, { pricePaise: 1_00_000, stock: 20 });
    await insertCoupon(db(), { code: 'GUEST15', value: 15 });
    const shopper = await signedInUser(t.app, mail);
    const merged = await jsonCall(t.app, 'POST', '/api/user/product/mergeCart', {
      sid: shopper.sid,
      body: { lines: [{ ...product, quantity: 2 }], couponCode: 'guest15' },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const data = merged.json<{ data: Cart & { capped: CappedLine[]; couponRefusal: string | null } }>().data;
    expect(data.couponRefusal).toBeNull();
    expect(data.summary).toMatchObject({
      subtotal: 2_00_000,
      discount: 30_000,
      total: 1_70_000,
      coupon: { code: 'GUEST15', applied: true },
    });

    // A returning shopper's first-order code: the lines merge, the code is refused in words.
    await insertCoupon(db(), { code: 'FIRSTBUY', firstOrderOnly: true });
    const buyer = await placedOrder(t, mail, { ...product, paid: true });
    const refused = await jsonCall(t.app, 'POST', '/api/user/product/mergeCart', {
      sid: buyer.sid,
      body: { lines: [{ ...product, quantity: 1 }], couponCode: 'FIRSTBUY' },
    });
    const answer = refused.json<{ data: Cart & { couponRefusal: string | null } }>().data;
    expect(answer.couponRefusal).toBe('This code is for your first order only.');
    expect(answer.userCarts).toHaveLength(1);
    expect(answer.summary.coupon).toBeNull();
  });
});

describe('automatic offers in the bag', () => {
  it('applies the best offer, says what it saved and what to add for the next, and judges free shipping after discounts', async () => {
    const kurtis = await insertCategory(db());
    const flat = await insertOffer(db(), { name: '₹200 off above ₹2,000' });
    const pieces = await insertOffer(db(), {
      name: '3 kurtis or more: 10% off',
      kind: 'pieces_percent',
      minPieces: 3,
      percent: 10,
      categoryIds: [kurtis],
      minOrderPaise: null,
      flatPaise: null,
    });
    try {
      const shopper = await shopperWithBag({ rupees: 520, quantity: 3, categoryId: kurtis });
      const bag = cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: shopper.sid })).summary;
      // ₹1,560: 10 % off three kurtis (₹156) is the one that applies; ₹440 more would bring ₹200 off.
      expect(bag).toMatchObject({
        subtotal: 1_56_000,
        discounts: [{ label: '3 kurtis or more: 10% off', amount: 15_600 }],
        offer: { name: '3 kurtis or more: 10% off', amount: 15_600 },
        nextOfferHint: 'Add ₹440 more for ₹200 off',
        shipping: 0,
        total: 1_40_400,
      });
      // A 30 % code on top brings what she pays under ₹999: shipping is charged again.
      await insertCoupon(db(), { code: 'THIRTY', value: 30 });
      const withCode = cartOf(await apply(shopper.sid, 'THIRTY')).summary;
      expect(withCode.discounts).toEqual([
        { label: '3 kurtis or more: 10% off', amount: 15_600 },
        { label: 'Coupon THIRTY', amount: 42_120 },
      ]);
      expect(withCode.shipping).toBe(5_000);
      expect(withCode.total).toBe(1_56_000 - 15_600 - 42_120 + 5_000);
    } finally {
      await db().delete(offers).where(eq(offers.id, flat.id));
      await db().delete(offers).where(eq(offers.id, pieces.id));
    }
  });
});

describe('checkout with a coupon', () => {
  it('charges exactly the bag’s total and keeps the discounts on the order and each line’s share', async () => {
    const shopper = await signedInUser(t.app, mail);
    const kurti = await sellableProduct(t, { pricePaise: 1_00_000, stock: 9 });
    const saree = await sellableProduct(t, { pricePaise: 2_33_300, stock: 9 });
    for (const item of [kurti, saree])
      await jsonCall(t.app, 'POST', '/api/user/product/addToCart', { sid: shopper.sid, body: { ...item, quantity: 1 } });
    const coupon = await insertCoupon(db(), { code: 'FLAT333', kind: 'flat', value: 33_333 });
    const bag = cartOf(await apply(shopper.sid, 'FLAT333'));
    const opened = await jsonCall(t.app, 'POST', '/api/user/payment/createpayment', {
      sid: shopper.sid,
      body: {
        amount: 1,
        paymentMethod: 'online',
        products: [kurti, saree].map((item) => ({ id: item.productId, variant: item.variantId })),
        address: await addressOf(shopper.sid),
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { orderId, razorpay } = opened.json<{ data: { orderId: string; razorpay: { amount: number } } }>().data;
    expect(razorpay.amount).toBe(bag.summary.total);
    expect(razorpay.amount).toBe(3_33_300 - 33_333);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      subtotalPaise: 3_33_300,
      discountPaise: 33_333,
      couponCode: 'FLAT333',
      totalPaise: 3_33_300 - 33_333,
      discounts: [{ kind: 'coupon', label: 'Coupon FLAT333', amount: 33_333, code: 'FLAT333' }],
    });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.position);
    // 33,333 over 1,00,000 : 2,33,300 → 10,000.9 and 23,332.1: the left-over paisa to the larger remainder.
    expect(items.map((item) => item.discountPaise)).toEqual([10_001, 23_332]);
    const [use] = await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
    expect(use).toMatchObject({ couponId: coupon.id, userId: shopper.userId, discountPaise: 33_333, releasedAt: null });
    expect(await usedCount(coupon.id)).toBe(1);

    // Paid: the code leaves her bag with the lines.
    const captured = await t.services.paymentProvider.emulator!.capturePayment(
      opened.json<{ data: { razorpay: { id: string } } }>().data.razorpay.id,
    );
    const verified = await jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', {
      sid: shopper.sid,
      body: {
        razorpayOrderId: captured.razorpay_order_id,
        razorpayPaymentId: captured.razorpay_payment_id,
        razorpaySignature: captured.razorpay_signature,
      },
    });
    expect(verified.statusCode).toBe(200);
    const after = cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: shopper.sid }));
    expect(after.summary.coupon).toBeNull();
  });

  it('refuses a code that became invalid between the bag and the payment, in words, and places nothing', async () => {
    const shopper = await shopperWithBag({ rupees: 1_200, quantity: 1 });
    const coupon = await insertCoupon(db(), { code: 'SHORTLIVED' });
    expect((await apply(shopper.sid, 'SHORTLIVED')).statusCode).toBe(200);
    await db().update(coupons).set({ disabledAt: new Date() }).where(eq(coupons.id, coupon.id));
    // The bag says so…
    const bag = cartOf(await jsonCall(t.app, 'GET', '/api/user/product/fetchUserCarts', { sid: shopper.sid }));
    expect(bag.summary.coupon).toEqual({
      code: 'SHORTLIVED',
      applied: false,
      amount: 0,
      refusal: 'SHORTLIVED is not a valid coupon code.',
    });
    expect(bag.summary.total).toBe(1_20_000);
    // …and checkout refuses rather than charging without it.
    const refused = await pay(shopper, await addressOf(shopper.sid));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      error: 'code: SHORTLIVED is not a valid coupon code.',
      fields: { code: 'SHORTLIVED is not a valid coupon code.' },
    });
    expect(await db().select().from(orders).where(eq(orders.userId, shopper.userId))).toHaveLength(0);
  });

  it('gives the use back when an unpaid order is cancelled or expires, and keeps it when a paid one is refunded', async () => {
    const coupon = await insertCoupon(db(), { code: 'BACKAGAIN', usageLimit: 5 });
    const uses = async () => await db().select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));

    // Cancelled before paying.
    const first = await shopperWithBag({ rupees: 1_200, quantity: 1 });
    await apply(first.sid, 'BACKAGAIN');
    const placed = (await pay(first, await addressOf(first.sid))).json<{ data: { orderId: string } }>().data;
    expect(await usedCount(coupon.id)).toBe(1);
    const cancelled = await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${placed.orderId}`, {
      sid: first.sid,
      body: { reason: 'Changed my mind' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usedCount(coupon.id)).toBe(0);
    expect((await uses())[0]!.releasedAt).not.toBeNull();

    // Left unpaid until the reservation ran out.
    const second = await shopperWithBag({ rupees: 1_200, quantity: 1 });
    await apply(second.sid, 'BACKAGAIN');
    const unpaid = (await pay(second, await addressOf(second.sid))).json<{ data: { orderId: string } }>().data;
    expect(await usedCount(coupon.id)).toBe(1);
    clock.advance(901_000);
    expect(await t.services.orders.expire(unpaid.orderId)).toBe(true);
    expect(await usedCount(coupon.id)).toBe(0);
    // Expiring again gives nothing back twice.
    expect(await t.services.orders.expire(unpaid.orderId)).toBe(false);
    expect(await usedCount(coupon.id)).toBe(0);

    // Paid, then cancelled and refunded: the use stays.
    const third = await shopperWithBag({ rupees: 1_200, quantity: 1 });
    await apply(third.sid, 'BACKAGAIN');
    const paid = (await pay(third, await addressOf(third.sid))).json<{ data: { orderId: string; razorpay: { id: string } } }>().data;
    const captured = await t.services.paymentProvider.emulator!.capturePayment(paid.razorpay.id);
    await jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', {
      sid: third.sid,
      body: {
        razorpayOrderId: captured.razorpay_order_id,
        razorpayPaymentId: captured.razorpay_payment_id,
        razorpaySignature: captured.razorpay_signature,
      },
    });
    const refunded = await jsonCall(t.app, 'POST', `/api/user/order/cancelOrder/${paid.orderId}`, {
      sid: third.sid,
      body: { reason: 'Ordered twice' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await usedCount(coupon.id)).toBe(1);
    expect((await uses()).filter((use) => use.releasedAt === null).map((use) => use.orderId)).toEqual([paid.orderId]);
  });

  it('takes the use again when an expired order is paid late, and refunds the payment when the code was used up meanwhile', async () => {
    const emulator = t.services.paymentProvider.emulator!;
    const payLate = async (shopper: { sid: string }, razorpayId: string) => {
      const captured = await emulator.capturePayment(razorpayId);
      return jsonCall(t.app, 'POST', '/api/user/payment/verifyPayment', {
        sid: shopper.sid,
        body: {
          razorpayOrderId: captured.razorpay_order_id,
          razorpayPaymentId: captured.razorpay_payment_id,
          razorpaySignature: captured.razorpay_signature,
        },
      });
    };
    const openWith = async (code: string) => {
      const shopper = await shopperWithBag({ rupees: 1_200, quantity: 1 });
      expect((await apply(shopper.sid, code)).statusCode).toBe(200);
      const opened = await pay(shopper, await addressOf(shopper.sid));
      expect(opened.statusCode, opened.body).toBe(200);
      return { shopper, ...opened.json<{ data: { orderId: string; razorpay: { id: string } } }>().data };
    };

    // The use is still free: the late payment takes it again.
    const free = await insertCoupon(db(), { code: 'LATEFREE', usageLimit: 1 });
    const late = await openWith('LATEFREE');
    clock.advance(901_000);
    await t.services.orders.expire(late.orderId);
    expect(await usedCount(free.id)).toBe(0);
    await payLate(late.shopper, late.razorpay.id);
    expect((await db().select().from(orders).where(eq(orders.id, late.orderId)))[0]!.status).toBe('paid');
    expect(await usedCount(free.id)).toBe(1);
    expect((await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, late.orderId)))[0]!.releasedAt).toBeNull();

    // Someone else took the last use meanwhile: the late payment is refunded, the order stays cancelled.
    const scarce = await insertCoupon(db(), { code: 'LATEGONE', usageLimit: 1 });
    const slow = await openWith('LATEGONE');
    clock.advance(901_000);
    await t.services.orders.expire(slow.orderId);
    await openWith('LATEGONE');
    expect(await usedCount(scarce.id)).toBe(1);
    await payLate(slow.shopper, slow.razorpay.id);
    expect((await db().select().from(orders).where(eq(orders.id, slow.orderId)))[0]!.status).toBe('cancelled');
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, slow.orderId));
    expect(refund?.reason).toBe('Your payment arrived after the order had expired and its coupon was used up; it is refunded in full.');
    expect(await usedCount(scarce.id)).toBe(1);
  });
});
