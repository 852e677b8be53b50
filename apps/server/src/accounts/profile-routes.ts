import {
  addToWishlistSchema,
  addressInputSchema,
  addressSchema,
  changePasswordSchema,
  publicUserSchema,
  updateProfileSchema,
  userNotificationSchema,
  wishlistItemSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productCardSchema } from '../catalogue/schemas.js';
import { ok, okEnvelope } from '../http/envelope.js';
import type { Services } from '../services.js';
import { requireUser } from './session.js';

const tags = ['customer profile'];
const emptyAnswer = { 200: okEnvelope(z.object({})) };

/** The shopper's own profile, addresses, wishlist and notifications; every call needs a session. */
export const profileRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { accounts, addresses, wishlist, notifications } = services;
    const userOf = async (request: Parameters<typeof requireUser>[1]) => (await requireUser(services, request)).user._id;

    app.get(
      '/api/user/profile/getMyProfile',
      { schema: { tags, summary: 'My profile', response: { 200: okEnvelope(z.object({ user: publicUserSchema })) } } },
      async (request) => ok({ user: await accounts.getProfile(await userOf(request)) }),
    );

    app.put(
      '/api/user/profile/updateProfile',
      {
        schema: {
          tags,
          summary: 'Change name, phone, date of birth, gender',
          body: updateProfileSchema,
          response: { 200: okEnvelope(z.object({ user: publicUserSchema })) },
        },
      },
      async (request) => ok({ user: await accounts.updateProfile(await userOf(request), request.body) }),
    );

    app.put(
      '/api/user/profile/changePassword',
      {
        schema: {
          tags,
          summary: 'Change the password (needs the current one); other sessions end',
          body: changePasswordSchema,
          response: emptyAnswer,
        },
      },
      async (request) => {
        const { user, session } = await requireUser(services, request);
        await accounts.changePassword(user._id, request.body, session.token);
        return ok({});
      },
    );

    const addressAnswer = { 200: okEnvelope(z.object({ address: addressSchema })) };
    const addressId = z.object({ addressId: z.uuid('Address not found.') });

    app.get(
      '/api/user/profile/getMyAddresses',
      {
        schema: {
          tags,
          summary: 'My addresses, default first',
          response: { 200: okEnvelope(z.object({ addresses: z.array(addressSchema) })) },
        },
      },
      async (request) => ok({ addresses: await addresses.list(await userOf(request)) }),
    );

    app.post(
      '/api/user/profile/addAddress',
      { schema: { tags, summary: 'Add an address (the first becomes the default)', body: addressInputSchema, response: addressAnswer } },
      async (request) => ok({ address: await addresses.add(await userOf(request), request.body) }),
    );

    app.put(
      '/api/user/profile/updateAddress/:addressId',
      { schema: { tags, summary: 'Change one of my addresses', params: addressId, body: addressInputSchema, response: addressAnswer } },
      async (request) => ok({ address: await addresses.update(await userOf(request), request.params.addressId, request.body) }),
    );

    app.delete(
      '/api/user/profile/deleteAddress/:addressId',
      { schema: { tags, summary: 'Delete one of my addresses', params: addressId, response: emptyAnswer } },
      async (request) => {
        await addresses.remove(await userOf(request), request.params.addressId);
        return ok({});
      },
    );

    app.put(
      '/api/user/profile/setDefaultAddress/:addressId',
      { schema: { tags, summary: 'Make one of my addresses the default', params: addressId, response: addressAnswer } },
      async (request) => ok({ address: await addresses.setDefault(await userOf(request), request.params.addressId) }),
    );

    app.get(
      '/api/user/profile/getMyWishlist',
      {
        schema: {
          tags,
          summary: 'My wishlist, newest first',
          response: {
            200: okEnvelope(z.object({ wishlist: z.array(wishlistItemSchema.extend({ product: productCardSchema.nullable() })) })),
          },
        },
      },
      async (request) => ok({ wishlist: await wishlist.list(await userOf(request)) }),
    );

    app.post(
      '/api/user/profile/addToWishlist',
      { schema: { tags, summary: 'Add a product to my wishlist', body: addToWishlistSchema, response: emptyAnswer } },
      async (request) => {
        await wishlist.add(await userOf(request), request.body.productId);
        return ok({});
      },
    );

    app.delete(
      '/api/user/profile/removeFromWishlist/:productId',
      {
        schema: {
          tags,
          summary: 'Remove a product from my wishlist',
          params: z.object({ productId: z.uuid('This product is not in your wishlist.') }),
          response: emptyAnswer,
        },
      },
      async (request) => {
        await wishlist.remove(await userOf(request), request.params.productId);
        return ok({});
      },
    );

    app.get(
      '/api/user/profile/getMyNotifications',
      {
        schema: {
          tags,
          summary: 'My notifications, newest first, and how many are unread',
          response: { 200: okEnvelope(z.object({ notifications: z.array(userNotificationSchema), unreadCount: z.number() })) },
        },
      },
      async (request) => {
        const userId = await userOf(request);
        return ok({ notifications: await notifications.list(userId), unreadCount: await notifications.unreadCount(userId) });
      },
    );

    app.put(
      '/api/user/profile/markNotificationRead/:notificationId',
      {
        schema: {
          tags,
          summary: 'Mark one of my notifications read',
          params: z.object({ notificationId: z.uuid('Notification not found.') }),
          response: { 200: okEnvelope(z.object({ notification: userNotificationSchema })) },
        },
      },
      async (request) => ok({ notification: await notifications.markRead(await userOf(request), request.params.notificationId) }),
    );

    app.put(
      '/api/user/profile/markAllNotificationsRead',
      { schema: { tags, summary: 'Mark all my notifications read', response: emptyAnswer } },
      async (request) => {
        await notifications.markAllRead(await userOf(request));
        return ok({});
      },
    );
  };
