import { addDays, istDay, type AdminCoupon, type AdminOffer } from '@shop/core';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, couponRedemptions } from '../db/schema.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';

const t = useTestApp();

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
let kurtisId: string;
const today = istDay(new Date());

type Answer = { statusCode: number; json: <T>() => T };
const errorOf = (response: Answer) => response.json<{ success: false; error: string; fields?: Record<string, string> }>();
const couponOf = (response: Answer) => response.json<{ data: { coupon: AdminCoupon } }>().data.coupon;
const offerOf = (response: Answer) => response.json<{ data: { offer: AdminOffer } }>().data.offer;

const FESTIVE = {
  code: 'festive10',
  kind: 'percent',
  value: 10,
  maxDiscount: 50_000,
  minOrder: 199_900,
  startsAt: addDays(today, -1),
  endsAt: addDays(today, 30),
  usageLimit: 100,
  perCustomerLimit: 1,
};

const createCoupon = (body: object, admin = owner) =>
  adminCall(t.app, 'POST', '/api/admin/coupon/createCoupon', { asid: admin.asid, body });
const updateCoupon = (id: string, body: object, admin = owner) =>
  adminCall(t.app, 'PUT', `/api/admin/coupon/updateCoupon/${id}`, { asid: admin.asid, body });
const listCoupons = async () =>
  (await adminCall(t.app, 'GET', '/api/admin/coupon/getCoupons', { asid: staff.asid })).json<{ data: { coupons: AdminCoupon[] } }>().data
    .coupons;
const createOffer = (body: object, admin = owner) => adminCall(t.app, 'POST', '/api/admin/offer/createOffer', { asid: admin.asid, body });

/** A coupon made for one test, with a code of its own. */
async function freshCoupon(fields: object = {}, admin = owner): Promise<AdminCoupon> {
  const response = await createCoupon(
    { code: `T${randomUUID().slice(0, 8).replace(/-/g, '')}`, kind: 'flat', value: 10_000, ...fields },
    admin,
  );
  expect(response.statusCode).toBe(201);
  return couponOf(response);
}

beforeAll(async () => {
  owner = await signedInOwner(t);
  staff = await signedInStaff(t, owner);
  kurtisId = await t.services.catalogueAdmin.createCategory({
    name: 'Kurtis',
    slug: 'kurtis',
    style: 'traditional',
    hsnCode: '6204',
    position: 1,
  });
});

describe('coupons in the back-office (issue 41)', () => {
  it('creates a coupon with its code in capitals, listed with no uses yet and active', async () => {
    const response = await createCoupon({ ...FESTIVE, categoryIds: [kurtisId], firstOrderOnly: false }, staff);
    expect(response.statusCode).toBe(201);
    expect(couponOf(response)).toMatchObject({
      code: 'FESTIVE10',
      kind: 'percent',
      value: 10,
      maxDiscount: 50_000,
      minOrder: 199_900,
      usageLimit: 100,
      perCustomerLimit: 1,
      categoryIds: [kurtisId],
      disabled: false,
      uses: 0,
      discountGiven: 0,
      status: 'active',
    });
    expect((await listCoupons()).find((coupon) => coupon.code === 'FESTIVE10')).toBeDefined();
  });

  it('refuses a code another coupon has, in any case: 409 naming code in words', async () => {
    const response = await createCoupon({ ...FESTIVE, code: ' Festive10 ' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).fields).toEqual({ code: 'FESTIVE10 is already a coupon code; choose another.' });
    const other = await freshCoupon();
    const renamed = await updateCoupon(other._id, { code: 'FeStIvE10', kind: 'flat', value: 10_000 });
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).fields?.code).toContain('already a coupon code');
  });

  it.each([
    [{ code: 'AB' }, 'code', 'Code must be 3 to 20 letters or digits'],
    [{ code: 'FESTIVE-10' }, 'code', 'Code must be 3 to 20 letters or digits'],
    [{ code: 'A'.repeat(21) }, 'code', 'Code must be 3 to 20 letters or digits'],
    [{ kind: 'bogo' }, 'kind', 'Please choose percent off or a flat amount off.'],
    [{ value: 0 }, 'value', 'Enter a whole percent from 1 to 90.'],
    [{ value: 95 }, 'value', 'Enter a whole percent from 1 to 90.'],
    [{ value: 10.5 }, 'value', 'Please enter a whole number.'],
    [{ kind: 'flat', value: 0, maxDiscount: null }, 'value', 'The amount off must be in paise above zero'],
    [{ kind: 'flat', value: 20_000 }, 'maxDiscount', 'A cap applies only to a percent coupon; leave it empty.'],
    [{ maxDiscount: 0 }, 'maxDiscount', 'The cap must be an amount in paise above zero'],
    [{ minOrder: -1 }, 'minOrder', 'The minimum order must be an amount in paise'],
    [{ startsAt: '2026-13-01' }, 'startsAt', 'The first day must be a real date'],
    [{ endsAt: '20/10/2026' }, 'endsAt', 'The last day must be a date like 2026-10-20.'],
    [{ startsAt: '2026-11-10', endsAt: '2026-11-09' }, 'endsAt', 'The last day must be on or after the first day.'],
    [{ usageLimit: 0 }, 'usageLimit', 'Total uses must be a whole number from 1'],
    [{ perCustomerLimit: 1.5 }, 'perCustomerLimit', 'Uses per shopper must be a whole number from 1'],
    [{ firstOrderOnly: 'yes' }, 'firstOrderOnly', 'First order only must be true or false.'],
    [{ categoryIds: ['kurtis'] }, 'categoryIds.0', 'Please choose categories from the list.'],
  ])('refuses %o: 400 naming %s in words', async (change, field, message) => {
    const response = await createCoupon({ ...FESTIVE, code: 'CHECKS1', ...change });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.error.startsWith(`${field}: `)).toBe(true);
    expect(error.fields?.[field]).toContain(message);
  });

  it('refuses a category that does not exist: 400 naming categoryIds', async () => {
    const response = await createCoupon({ ...FESTIVE, code: 'NOCATEGORY', categoryIds: [kurtisId, randomUUID()] });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ categoryIds: 'A chosen category does not exist; choose from the list.' });
  });

  it('counts live uses and the discount they gave; a released use gives both back; used up at the limit', async () => {
    const coupon = await freshCoupon({ usageLimit: 3 });
    await t.database.db.insert(couponRedemptions).values([
      { couponId: coupon._id, orderId: randomUUID(), userId: randomUUID(), discountPaise: 10_000 },
      { couponId: coupon._id, orderId: randomUUID(), userId: randomUUID(), discountPaise: 7_550 },
      { couponId: coupon._id, billId: randomUUID(), discountPaise: 10_000 },
      { couponId: coupon._id, orderId: randomUUID(), userId: randomUUID(), discountPaise: 10_000, releasedAt: new Date() },
    ]);
    const listed = (await listCoupons()).find((row) => row._id === coupon._id)!;
    expect(listed).toMatchObject({ uses: 3, discountGiven: 27_550, status: 'used_up' });

    const lowered = await updateCoupon(coupon._id, { code: coupon.code, kind: 'flat', value: 10_000, usageLimit: 2 });
    expect(lowered.statusCode).toBe(400);
    expect(errorOf(lowered).fields).toEqual({ usageLimit: 'Total uses cannot be below the 3 uses made already.' });
    const raised = await updateCoupon(coupon._id, { code: coupon.code, kind: 'flat', value: 10_000, usageLimit: 5 });
    expect(couponOf(raised)).toMatchObject({ uses: 3, discountGiven: 27_550, status: 'active', usageLimit: 5 });
  });

  it('says scheduled before its first day and expired after its last, IST days both included', async () => {
    const day = (n: number) => addDays(today, n);
    expect((await freshCoupon({ startsAt: day(1) })).status).toBe('scheduled');
    expect((await freshCoupon({ startsAt: day(0), endsAt: day(0) })).status).toBe('active');
    expect((await freshCoupon({ endsAt: day(-1) })).status).toBe('expired');
  });

  it('disables and enables a coupon (staff may), audited; 404 for an unknown one', async () => {
    const coupon = await freshCoupon();
    const disabled = await adminCall(t.app, 'POST', `/api/admin/coupon/disableCoupon/${coupon._id}`, { asid: staff.asid });
    expect(couponOf(disabled)).toMatchObject({ disabled: true, status: 'disabled' });
    const enabled = await adminCall(t.app, 'POST', `/api/admin/coupon/enableCoupon/${coupon._id}`, { asid: staff.asid });
    expect(couponOf(enabled)).toMatchObject({ disabled: false, status: 'active' });
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await adminCall(t.app, 'POST', `/api/admin/coupon/disableCoupon/${id}`, { asid: staff.asid });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).error).toBe('Coupon not found.');
    }
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, coupon._id)).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.entity, entry.action, entry.actorId])).toEqual([
      ['coupon', 'coupon.create', owner.admin._id],
      ['coupon', 'coupon.disable', staff.admin._id],
      ['coupon', 'coupon.enable', staff.admin._id],
    ]);
  });

  it('lets only the owner delete (staff 403), audited; a used coupon is disabled instead (409)', async () => {
    const coupon = await freshCoupon({}, staff);
    const url = (id: string) => `/api/admin/coupon/deleteCoupon/${id}`;
    const refused = await adminCall(t.app, 'DELETE', url(coupon._id), { asid: staff.asid });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error).toBe('Only the shop owner can do this.');

    const edited = await updateCoupon(coupon._id, { code: coupon.code, kind: 'percent', value: 15 }, staff);
    expect(edited.statusCode).toBe(200);
    expect((await adminCall(t.app, 'DELETE', url(coupon._id), { asid: owner.asid })).statusCode).toBe(200);
    expect((await listCoupons()).map((row) => row._id)).not.toContain(coupon._id);
    expect((await adminCall(t.app, 'DELETE', url(coupon._id), { asid: owner.asid })).statusCode).toBe(404);

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, coupon._id)).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['coupon.create', staff.admin._id],
      ['coupon.update', staff.admin._id],
      ['coupon.delete', owner.admin._id],
    ]);
    expect(entries[1]).toMatchObject({ before: { kind: 'flat', value: 10_000 }, after: { kind: 'percent', value: 15 } });
    expect(entries[2]).toMatchObject({ before: { code: coupon.code }, after: null });

    const used = await freshCoupon();
    await t.database.db.insert(couponRedemptions).values({ couponId: used._id, billId: randomUUID(), discountPaise: 10_000 });
    const kept = await adminCall(t.app, 'DELETE', url(used._id), { asid: owner.asid });
    expect(kept.statusCode).toBe(409);
    expect(errorOf(kept).error).toBe(
      `${used.code} has been used once: disable it instead, so its uses and the discount it gave stay on record.`,
    );
  });
});

describe('automatic offers in the back-office (issue 41)', () => {
  const PIECES = { name: '3 kurtis or more: 10 % off', kind: 'pieces_percent', minPieces: 3, percent: 10 };
  const ORDER = { name: 'Above ₹4,999: ₹300 off', kind: 'order_flat', minOrder: 499_900, flat: 30_000 };

  it('creates both kinds, keeping only each kind’s own figures', async () => {
    const pieces = await createOffer({ ...PIECES, categoryIds: [kurtisId], minOrder: 100 }, staff);
    expect(pieces.statusCode).toBe(201);
    expect(offerOf(pieces)).toMatchObject({ ...PIECES, categoryIds: [kurtisId], minOrder: null, flat: null, status: 'active' });
    const order = await createOffer({ ...ORDER, categoryIds: [kurtisId], endsAt: addDays(today, -2) });
    expect(offerOf(order)).toMatchObject({ ...ORDER, categoryIds: [], minPieces: null, percent: null, status: 'expired' });
    const listed = await adminCall(t.app, 'GET', '/api/admin/offer/getOffers', { asid: staff.asid });
    expect(listed.json<{ data: { offers: AdminOffer[] } }>().data.offers.map((offer) => offer.name)).toEqual(
      expect.arrayContaining([PIECES.name, ORDER.name]),
    );
  });

  it.each([
    [{ ...PIECES, name: ' ' }, 'name', 'Please enter a name shoppers will see'],
    [{ ...PIECES, kind: 'bundle' }, 'kind', 'Please choose pieces from categories or an order amount.'],
    [{ ...PIECES, minPieces: null }, 'minPieces', 'Please enter how many pieces the offer needs.'],
    [{ ...PIECES, minPieces: 0 }, 'minPieces', 'The number of pieces must be a whole number from 1 to 100.'],
    [{ ...PIECES, percent: 91 }, 'percent', 'Enter a whole percent from 1 to 90.'],
    [{ ...PIECES, categoryIds: [randomUUID()] }, 'categoryIds', 'A chosen category does not exist'],
    [{ ...ORDER, minOrder: undefined }, 'minOrder', 'Please enter the order amount the offer starts at.'],
    [{ ...ORDER, flat: 499_900 }, 'flat', 'The amount off must be less than the order amount it starts at.'],
    [{ ...ORDER, flat: -5 }, 'flat', 'The amount off must be an amount in paise above zero'],
    [{ ...ORDER, startsAt: '2026-12-02', endsAt: '2026-12-01' }, 'endsAt', 'The last day must be on or after the first day.'],
  ])('refuses %o: 400 naming %s in words', async (body, field, message) => {
    const response = await createOffer(body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.[field]).toContain(message);
  });

  it('edits, disables, enables; only the owner deletes; each change audited', async () => {
    const offer = offerOf(await createOffer(ORDER, staff));
    const edited = await adminCall(t.app, 'PUT', `/api/admin/offer/updateOffer/${offer._id}`, {
      asid: staff.asid,
      body: { ...ORDER, flat: 40_000, startsAt: addDays(today, 3) },
    });
    expect(offerOf(edited)).toMatchObject({ flat: 40_000, status: 'scheduled' });
    const disabled = await adminCall(t.app, 'POST', `/api/admin/offer/disableOffer/${offer._id}`, { asid: staff.asid });
    expect(offerOf(disabled).status).toBe('disabled');
    const enabled = await adminCall(t.app, 'POST', `/api/admin/offer/enableOffer/${offer._id}`, { asid: staff.asid });
    expect(offerOf(enabled).status).toBe('scheduled');
    expect((await adminCall(t.app, 'DELETE', `/api/admin/offer/deleteOffer/${offer._id}`, { asid: staff.asid })).statusCode).toBe(403);
    expect((await adminCall(t.app, 'DELETE', `/api/admin/offer/deleteOffer/${offer._id}`, { asid: owner.asid })).statusCode).toBe(200);
    expect((await adminCall(t.app, 'PUT', `/api/admin/offer/updateOffer/${offer._id}`, { asid: owner.asid, body: ORDER })).statusCode).toBe(
      404,
    );
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [offer._id]))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.entity, entry.action, entry.actorId])).toEqual([
      ['offer', 'offer.create', staff.admin._id],
      ['offer', 'offer.update', staff.admin._id],
      ['offer', 'offer.disable', staff.admin._id],
      ['offer', 'offer.enable', staff.admin._id],
      ['offer', 'offer.delete', owner.admin._id],
    ]);
    expect(entries[1]).toMatchObject({ before: { flat: 30_000 }, after: { flat: 40_000 } });
  });
});
