import { AppError, OWNER_ONLY, type AdminCoupon, type AdminOffer } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { answerOf, get, OWNER, OWNER_ACTOR, post, STAFF, STAFF_ACTOR, type PostOptions } from '../features/admin/admin-test-kit';
import { action, COUPON_MESSAGES, loader } from './admin.coupons';
import { action as offerAction, OFFER_MESSAGES } from './admin.offers';

const COUPON_ID = '5d2c1b0a-9e8f-4a7b-8c6d-1e2f3a4b5c6d';
const CATEGORY_ID = '0b7e3c1a-2d4f-4e6a-8b9c-0d1e2f3a4b5c';

function promotionsStub() {
  return {
    listCoupons: vi.fn(async () => [] as AdminCoupon[]),
    createCoupon: vi.fn(async () => ({}) as AdminCoupon),
    updateCoupon: vi.fn(async () => ({}) as AdminCoupon),
    setCouponDisabled: vi.fn(async () => ({}) as AdminCoupon),
    deleteCoupon: vi.fn(async (actor: { role: string }, id: string) => {
      if (actor.role !== 'owner') throw new AppError('NOT_ALLOWED', OWNER_ONLY);
      if (id !== COUPON_ID) throw new AppError('NOT_FOUND', 'Coupon not found.');
    }),
    createOffer: vi.fn(async () => ({}) as AdminOffer),
  };
}

async function send(fields: Record<string, string>, options: PostOptions = {}) {
  const promotionsAdmin = promotionsStub();
  const answer = answerOf(await action(post('/admin/coupons', fields, { services: { promotionsAdmin }, admin: OWNER, ...options })));
  return { answer, promotionsAdmin };
}

const FESTIVE = {
  intent: 'save',
  code: 'festive10',
  kind: 'percent',
  value: '10',
  maxDiscount: '500',
  minOrder: '1,999',
  startsAt: '2026-11-01',
  endsAt: '2026-11-30',
  usageLimit: '100',
  perCustomerLimit: '',
  categoryIds: CATEGORY_ID,
};

describe("the back-office's coupons page (issue 41)", () => {
  it('creates a coupon from the typed form: rupees to paise, code in capitals, under the admin who did it', async () => {
    const { answer, promotionsAdmin } = await send(FESTIVE, { admin: STAFF });
    expect(promotionsAdmin.createCoupon).toHaveBeenCalledWith(STAFF_ACTOR, {
      code: 'festive10',
      kind: 'percent',
      value: 10,
      maxDiscount: 50_000,
      minOrder: 199_900,
      startsAt: '2026-11-01',
      endsAt: '2026-11-30',
      usageLimit: 100,
      perCustomerLimit: null,
      firstOrderOnly: false,
      categoryIds: [CATEGORY_ID],
    });
    expect(answer).toMatchObject({ status: 302, location: '/admin/coupons', flash: { kind: 'success', message: COUPON_MESSAGES.created } });
  });

  it('takes a flat amount in rupees and first order only', async () => {
    const { promotionsAdmin } = await send({ intent: 'save', code: 'WELCOME200', kind: 'flat', value: '200', firstOrderOnly: 'on' });
    expect(promotionsAdmin.createCoupon).toHaveBeenCalledWith(
      OWNER_ACTOR,
      expect.objectContaining({ kind: 'flat', value: 20_000, minOrder: 0, firstOrderOnly: true, categoryIds: [] }),
    );
  });

  it('sends a wrong form back with each field’s message and the values typed, saving nothing', async () => {
    const { answer, promotionsAdmin } = await send({ ...FESTIVE, code: 'F-10', value: '95', minOrder: '19.999', endsAt: '2026-10-01' });
    expect(promotionsAdmin.createCoupon).not.toHaveBeenCalled();
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      id: '',
      fields: {
        code: 'Code must be 3 to 20 letters or digits, with no spaces or symbols.',
        value: 'Enter a whole percent from 1 to 90.',
        minOrder: 'Enter an amount in rupees, like 500 or 1,999.',
        endsAt: 'The last day must be on or after the first day.',
      },
      values: { code: 'F-10', value: '95', categoryIds: [CATEGORY_ID] },
    });
  });

  it('shows the service’s 409 beside the code', async () => {
    const promotionsAdmin = promotionsStub();
    const message = 'FESTIVE10 is already a coupon code; choose another.';
    promotionsAdmin.updateCoupon.mockRejectedValue(new AppError('CONFLICT', `code: ${message}`, { code: message }));
    const answer = answerOf(
      await action(post('/admin/coupons', { ...FESTIVE, couponId: COUPON_ID }, { services: { promotionsAdmin }, admin: OWNER })),
    );
    expect(answer).toMatchObject({ status: 409, body: { id: COUPON_ID, fields: { code: message } } });
  });

  it('disables and enables after the confirmation, with or without scripts', async () => {
    const disabled = await send({ intent: 'disable', couponId: COUPON_ID }, { enhanced: true });
    expect(disabled.promotionsAdmin.setCouponDisabled).toHaveBeenCalledWith(OWNER_ACTOR, COUPON_ID, true);
    expect(disabled.answer).toEqual({ status: 200, body: { ok: true, toast: { kind: 'success', message: COUPON_MESSAGES.disabled } } });
    const enabled = await send({ intent: 'enable', couponId: COUPON_ID });
    expect(enabled.promotionsAdmin.setCouponDisabled).toHaveBeenCalledWith(OWNER_ACTOR, COUPON_ID, false);
    expect(enabled.answer).toMatchObject({ status: 302, flash: { kind: 'success', message: COUPON_MESSAGES.enabled } });
  });

  it('deletes for an owner; staff are refused by the service and see no delete button', async () => {
    const deleted = await send({ intent: 'delete', couponId: COUPON_ID });
    expect(deleted.answer).toMatchObject({ status: 302, flash: { kind: 'success', message: COUPON_MESSAGES.deleted } });
    const refused = await send({ intent: 'delete', couponId: COUPON_ID }, { admin: STAFF, enhanced: true });
    expect(refused.answer).toEqual({ status: 403, body: { ok: false, error: OWNER_ONLY, fields: {} } });

    const catalogue = { listCategories: vi.fn(async () => []) };
    for (const [admin, isOwner] of [
      [OWNER, true],
      [STAFF, false],
    ] as const) {
      const data = await loader(get('/admin/coupons', { services: { promotionsAdmin: promotionsStub(), catalogue }, admin }));
      expect(data.isOwner).toBe(isOwner);
    }
  });
});

describe("the back-office's offers page (issue 41)", () => {
  it('creates an order offer with only its own figures, in paise', async () => {
    const promotionsAdmin = promotionsStub();
    const answer = answerOf(
      await offerAction(
        post(
          '/admin/coupons/offers',
          {
            intent: 'save',
            name: 'Above ₹4,999: ₹300 off',
            kind: 'order_flat',
            minPieces: '3',
            percent: '10',
            minOrder: '4,999',
            flat: '300',
          },
          { services: { promotionsAdmin }, admin: STAFF },
        ),
      ),
    );
    expect(promotionsAdmin.createOffer).toHaveBeenCalledWith(STAFF_ACTOR, {
      name: 'Above ₹4,999: ₹300 off',
      kind: 'order_flat',
      minPieces: null,
      percent: null,
      categoryIds: [],
      minOrder: 499_900,
      flat: 30_000,
      startsAt: null,
      endsAt: null,
    });
    expect(answer).toMatchObject({ status: 302, location: '/admin/coupons/offers', flash: { message: OFFER_MESSAGES.created } });
  });

  it('asks a pieces offer for its pieces and percent, in words', async () => {
    const answer = answerOf(
      await offerAction(
        post('/admin/coupons/offers', { intent: 'save', name: 'Kurtis', kind: 'pieces_percent' }, { services: {}, admin: OWNER }),
      ),
    );
    expect(answer).toMatchObject({
      status: 400,
      body: {
        fields: { minPieces: 'Please enter how many pieces the offer needs.', percent: 'Please enter the percent off those pieces.' },
      },
    });
  });
});
