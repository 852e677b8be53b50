import { counterCustomerSchema, type CounterCustomer } from '@shop/core';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const answer = z.object({ customer: counterCustomerSchema.nullable() });

/** GET /api/admin/bill/findCustomer: who a 10-digit mobile typed at the counter belongs to, if the shop knows it. */
export const findCounterCustomer = async (phone: string): Promise<CounterCustomer | null> =>
  answer.parse(await api.get(`/api/admin/bill/findCustomer?phone=${encodeURIComponent(phone)}`)).customer;
