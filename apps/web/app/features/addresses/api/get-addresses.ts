import { addressSchema, type Address } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useApiData } from '../../../lib/use-api-data';

const answer = z.object({ addresses: z.array(addressSchema) });

/** The shopper's addresses, the default first. */
export const getAddresses = async (): Promise<Address[]> => answer.parse(await api.get('/api/user/profile/getMyAddresses')).addresses;

export const useAddresses = () => useApiData(getAddresses);
