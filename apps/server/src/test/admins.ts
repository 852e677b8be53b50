import { returnedPieces, type AdminOrderDetail, type PublicAdmin } from '@shop/core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext } from './app.js';
import { uniqueEmail, uniqueIp } from './accounts.js';

export const ADMIN_PASSWORD = 'back office 2026';

/** The `asid` cookie value an answer set, if any. */
export function adminCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((item) => item.name === 'asid');
  return cookie && cookie.value !== '' ? cookie.value : undefined;
}

/** A back-office call as the admin web client makes it: JSON (`{}` when empty), the admin cookie when given. */
export function adminCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: object; asid?: string; sid?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const request: InjectOptions = { method, url, remoteAddress: options.ip ?? uniqueIp(), headers: { ...options.headers } };
  if (options.body ?? method !== 'GET') request.payload = options.body ?? {};
  request.cookies = { ...(options.asid ? { asid: options.asid } : {}), ...(options.sid ? { sid: options.sid } : {}) };
  return app.inject(request);
}

export async function adminLogin(app: FastifyInstance, email: string, password = ADMIN_PASSWORD) {
  const response = await adminCall(app, 'POST', '/api/admin/login', { body: { adminEmail: email, adminPassword: password } });
  expect(response.statusCode).toBe(200);
  const asid = adminCookieOf(response);
  if (!asid) throw new Error('admin login set no cookie');
  return asid;
}

export interface SignedInAdminForTest {
  email: string;
  asid: string;
  admin: PublicAdmin;
}

/** An owner made as `npm run admin:create` does, signed in. */
export async function signedInOwner(t: Pick<TestContext, 'app' | 'services'>, name = 'Meera Owner'): Promise<SignedInAdminForTest> {
  const email = uniqueEmail('owner');
  const { admin } = await t.services.admins.createOrResetFromCommandLine({ email, name, password: ADMIN_PASSWORD });
  return { email, asid: await adminLogin(t.app, email), admin };
}

/** A staff account that signed up with an owner's invite, signed in. */
export async function signedInStaff(t: Pick<TestContext, 'app' | 'services'>, owner?: SignedInAdminForTest): Promise<SignedInAdminForTest> {
  const inviter = owner ?? (await signedInOwner(t));
  const email = uniqueEmail('staff');
  const invited = await adminCall(t.app, 'POST', '/api/admin/invites', { asid: inviter.asid, body: { email, role: 'staff' } });
  expect(invited.statusCode).toBe(200);
  const token = new URL(invited.json<{ data: { invite: { url: string } } }>().data.invite.url).searchParams.get('token')!;
  const registered = await adminCall(t.app, 'POST', '/api/admin/register', {
    body: { adminName: 'Ravi Staff', adminEmail: email, adminPassword: ADMIN_PASSWORD, inviteToken: token },
  });
  expect(registered.statusCode).toBe(200);
  return { email, asid: await adminLogin(t.app, email), admin: registered.json<{ data: { admin: PublicAdmin } }>().data.admin };
}

export interface UploadFile {
  bytes: Buffer;
  name: string;
  type: string;
  field?: string;
}

/** A multipart upload as the browser's FormData sends it (repeated field `productImages` by default). */
export function adminUpload(app: FastifyInstance, url: string, files: readonly UploadFile[], options: { asid?: string } = {}) {
  const form = new FormData();
  for (const file of files)
    form.append(file.field ?? 'productImages', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return app.inject({
    method: 'POST',
    url,
    payload: form,
    remoteAddress: uniqueIp(),
    cookies: options.asid ? { asid: options.asid } : {},
  });
}

/**
 * Approves a return and receives it with every approved piece back on sale (issue 40: the refund follows receipt);
 * answers the receipt's response.
 */
export async function approvedAndReceived(app: FastifyInstance, asid: string, orderId: string) {
  const approve = await adminCall(app, 'POST', `/api/admin/order/approveReturn/${orderId}`, { asid });
  if (approve.statusCode !== 200) throw new Error(`approving the return answered ${approve.statusCode}: ${approve.body}`);
  const order = approve.json<{ data: { order: AdminOrderDetail } }>().data.order;
  const items = returnedPieces(order).map(({ item, pieces }) => ({ itemId: item.itemId, quantity: pieces, restock: true }));
  return adminCall(app, 'POST', `/api/admin/order/receiveReturn/${orderId}`, { asid, body: { items } });
}
