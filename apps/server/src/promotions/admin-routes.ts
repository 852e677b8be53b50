import { adminCouponSchema, adminOfferSchema, couponBodySchema, offerBodySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../audit/service.js';
import { adminOf } from '../auth/plugin.js';
import { emptyAnswer, errorEnvelope, ok, okEnvelope } from '../http/envelope.js';
import type { FastifyRequest } from 'fastify';
import type { PromotionsAdminService } from './admin-service.js';

const tags = ['promotions'];
const couponParams = z.object({ couponId: z.string().max(64) });
const offerParams = z.object({ offerId: z.string().max(64) });
const noSuchCoupon = errorEnvelope.describe('No coupon with this id.');
const noSuchOffer = errorEnvelope.describe('No offer with this id.');
const codeTaken = errorEnvelope.describe('Another coupon has this code (in any case): `fields.code` says so in words.');
const oneCoupon = okEnvelope(z.object({ coupon: adminCouponSchema }));
const oneOffer = okEnvelope(z.object({ offer: adminOfferSchema }));

const actor = async (request: FastifyRequest) => actorOf((await adminOf(request)).admin);

/** Coupons and automatic offers (issue 41): any admin lists, creates, edits, disables and enables them. */
export const adminPromotionRoutes =
  (promotions: PromotionsAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/coupon/getCoupons',
      {
        schema: {
          tags,
          summary:
            'Every coupon, newest first, with its uses (live redemptions), the discount given (paise) and its status: active, scheduled, expired, used_up or disabled',
          response: { 200: okEnvelope(z.object({ coupons: z.array(adminCouponSchema) })) },
        },
      },
      async () => ok({ coupons: await promotions.listCoupons() }),
    );

    app.post(
      '/api/admin/coupon/createCoupon',
      {
        schema: {
          tags,
          summary:
            'A coupon code: letters and digits (kept in capitals), percent (1–90, optional cap maxDiscount) or flat (paise) off, minimum order, IST dates, limits, categories',
          body: couponBodySchema,
          response: { 201: oneCoupon, 409: codeTaken },
        },
      },
      async (request, reply) => reply.code(201).send(ok({ coupon: await promotions.createCoupon(await actor(request), request.body) })),
    );

    app.put(
      '/api/admin/coupon/updateCoupon/:couponId',
      {
        schema: {
          tags,
          summary: 'Replace a coupon’s fields (the rules of createCoupon; total uses not below the uses made)',
          params: couponParams,
          body: couponBodySchema,
          response: { 200: oneCoupon, 404: noSuchCoupon, 409: codeTaken },
        },
      },
      async (request) => ok({ coupon: await promotions.updateCoupon(await actor(request), request.params.couponId, request.body) }),
    );

    app.post(
      '/api/admin/coupon/disableCoupon/:couponId',
      {
        schema: {
          tags,
          summary: 'Turn a coupon off: no shopper can use it from now (orders that used it keep their discount)',
          params: couponParams,
          response: { 200: oneCoupon, 404: noSuchCoupon },
        },
      },
      async (request) => ok({ coupon: await promotions.setCouponDisabled(await actor(request), request.params.couponId, true) }),
    );

    app.post(
      '/api/admin/coupon/enableCoupon/:couponId',
      {
        schema: {
          tags,
          summary: 'Turn a disabled coupon back on (its dates and limits still apply)',
          params: couponParams,
          response: { 200: oneCoupon, 404: noSuchCoupon },
        },
      },
      async (request) => ok({ coupon: await promotions.setCouponDisabled(await actor(request), request.params.couponId, false) }),
    );

    app.get(
      '/api/admin/offer/getOffers',
      {
        schema: {
          tags,
          summary: 'Every automatic offer, newest first, with its status',
          response: { 200: okEnvelope(z.object({ offers: z.array(adminOfferSchema) })) },
        },
      },
      async () => ok({ offers: await promotions.listOffers() }),
    );

    app.post(
      '/api/admin/offer/createOffer',
      {
        schema: {
          tags,
          summary:
            "An offer without a code: 'pieces_percent' (minPieces or more from categoryIds → percent off them) or 'order_flat' (minOrder paise or more → flat paise off)",
          body: offerBodySchema,
          response: { 201: oneOffer },
        },
      },
      async (request, reply) => reply.code(201).send(ok({ offer: await promotions.createOffer(await actor(request), request.body) })),
    );

    app.put(
      '/api/admin/offer/updateOffer/:offerId',
      {
        schema: {
          tags,
          summary: 'Replace an offer’s fields (the rules of createOffer)',
          params: offerParams,
          body: offerBodySchema,
          response: { 200: oneOffer, 404: noSuchOffer },
        },
      },
      async (request) => ok({ offer: await promotions.updateOffer(await actor(request), request.params.offerId, request.body) }),
    );

    app.post(
      '/api/admin/offer/disableOffer/:offerId',
      {
        schema: { tags, summary: 'Turn an offer off', params: offerParams, response: { 200: oneOffer, 404: noSuchOffer } },
      },
      async (request) => ok({ offer: await promotions.setOfferDisabled(await actor(request), request.params.offerId, true) }),
    );

    app.post(
      '/api/admin/offer/enableOffer/:offerId',
      {
        schema: { tags, summary: 'Turn a disabled offer back on', params: offerParams, response: { 200: oneOffer, 404: noSuchOffer } },
      },
      async (request) => ok({ offer: await promotions.setOfferDisabled(await actor(request), request.params.offerId, false) }),
    );
  };

/** Deleting coupons and offers is the owner's (registered in the owner scope). */
export const ownerPromotionRoutes =
  (promotions: PromotionsAdminService): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      '/api/admin/coupon/deleteCoupon/:couponId',
      {
        schema: {
          tags,
          summary: 'Delete a coupon never used (a used one answers 409: disable it instead, so its record stays)',
          params: couponParams,
          response: {
            ...emptyAnswer,
            404: noSuchCoupon,
            409: errorEnvelope.describe('The coupon was used: disable it instead.'),
          },
        },
      },
      async (request) => {
        await promotions.deleteCoupon(await actor(request), request.params.couponId);
        return ok({});
      },
    );

    app.delete(
      '/api/admin/offer/deleteOffer/:offerId',
      {
        schema: {
          tags,
          summary: 'Delete an offer (orders keep its name and what it saved)',
          params: offerParams,
          response: { ...emptyAnswer, 404: noSuchOffer },
        },
      },
      async (request) => {
        await promotions.deleteOffer(await actor(request), request.params.offerId);
        return ok({});
      },
    );
  };
