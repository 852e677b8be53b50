import type { AdminOrderDetail } from '@shop/core';
import { beforeAll, beforeEach } from 'vitest';
import { SHIPROCKET_API, SHIPROCKET_EMULATOR } from '../config.js';
import type { ShiprocketEmulator } from '../dev/shiprocket-emulator/emulator.js';
import type { ErrorEnvelope } from '../http/envelope.js';
import type { ServicesOptions } from '../services.js';
import { adminCall, signedInOwner, signedInStaff, type SignedInAdminForTest } from './admins.js';
import { useTestApp } from './app.js';

// Issue 42's API tests: the shop with Shiprocket emulated (short timeouts and back-offs), an owner and a staff member
// signed in, and the emulator's faults cleared before each test.

export const errorOf = (response: { json: () => unknown }) => (response.json() as ErrorEnvelope).error;
export const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

export function useShippingTestApp(services: Omit<ServicesOptions, 'mediaDir' | 'shipping'>) {
  const t = useTestApp({
    services: {
      razorpay: { deliverWebhook: async () => ({ status: 200 }) },
      ...services,
      shipping: {
        provider: 'shiprocket',
        ...SHIPROCKET_EMULATOR,
        apiBase: SHIPROCKET_API,
        emulated: true,
        timeoutMs: 400,
        backoffMs: [1, 1],
      },
    },
  });
  const who = {} as { owner: SignedInAdminForTest; staff: SignedInAdminForTest; emulator: ShiprocketEmulator };
  beforeAll(async () => {
    who.owner = await signedInOwner(t, 'Meera Kapoor');
    who.staff = await signedInStaff(t, who.owner);
    who.emulator = t.services.shippingProvider!.emulator!;
  });
  beforeEach(() => who.emulator.setFault(null));
  const as = (admin: SignedInAdminForTest) => (method: 'GET' | 'POST', url: string, body?: object) =>
    adminCall(t.app, method, url, { asid: admin.asid, body });
  const detail = async (orderId: string) =>
    dataOf<{ order: AdminOrderDetail }>(await as(who.staff)('GET', `/api/admin/order/getOrderDetails/${orderId}`)).order;
  return { t, who, as, detail };
}
