import { addressInputSchema, addressSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopperOf } from '../auth/plugin.js';
import { emptyAnswer, ok, okEnvelope } from '../http/envelope.js';
import type { AddressService } from './service.js';

const tags = ['customer profile'];
const addressAnswer = { 200: okEnvelope(z.object({ address: addressSchema })) };
const addressId = z.object({ addressId: z.uuid('Address not found.') });

/** The shopper's delivery addresses; registered in the shopper scope. */
export const addressRoutes =
  (addresses: AddressService): FastifyPluginAsyncZod =>
  async (app) => {
    const userOf = async (request: Parameters<typeof shopperOf>[0]) => (await shopperOf(request)).user._id;

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
  };
