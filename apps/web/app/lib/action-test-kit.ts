import type { PageContext, PageIdentity, PageServices, PublicAdmin, PublicUser } from '@shop/core';
import { parseCookie } from 'cookie';
import { vi } from 'vitest';
import { adminContext, createLoadContext, shopperContext } from '../context';
import { ENHANCED_FIELD } from './flash';
import { FLASH_COOKIE } from './flash.server';

// For unit tests of route loaders and actions: a form post as the browser sends it (its length declared) with a
// page context whose services are stubs and the shopper or admin the middleware put there; and what the loader
// or action answered (a plain object, a `data(...)` with its status, or a redirect with its message) in one shape.

type Stubs = { [Name in keyof PageServices]?: Partial<PageServices[Name]> };

export interface PostOptions {
  services?: Stubs;
  /** The request's Cookie header. */
  cookie?: string;
  /** Posted by an enhanced form (the `_enhanced` field <Enhanced /> adds once scripts run). */
  enhanced?: boolean;
  clientIp?: string;
  /** The signed-in shopper, as the root middleware would have found her. */
  shopper?: PublicUser;
  /** The signed-in admin (pages under the admin layout); none for login and signup. */
  admin?: PublicAdmin;
  params?: Record<string, string>;
}

/** A form post to `path`, as a route's action takes it, and the identity the action may set sessions on. */
export function post(path: string, fields: Record<string, string>, options: PostOptions = {}) {
  const body = new URLSearchParams(fields);
  if (options.enhanced) body.set(ENHANCED_FIELD, '1');
  const text = body.toString();
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(new TextEncoder().encode(text).length),
  };
  if (options.cookie) headers.cookie = options.cookie;
  const request = new Request(`http://localhost${path}`, { method: 'POST', headers, body: text });
  const identity = {
    setShopperSession: vi.fn(),
    setAdminSession: vi.fn(),
    admin: vi.fn(async () => options.admin ?? null),
  } satisfies Partial<PageIdentity>;
  const context = createLoadContext({
    services: options.services ?? {},
    clientIp: options.clientIp ?? '203.0.113.9',
    identity,
  } as unknown as PageContext);
  if (options.shopper) context.set(shopperContext, options.shopper);
  if (options.admin) context.set(adminContext, options.admin);
  const url = new URL(request.url);
  return { request, context, identity, params: options.params ?? {}, url, pattern: url.pathname };
}

/** A page request (GET) for a loader, with the same context. */
export function get(path: string, options: Omit<PostOptions, 'enhanced'> = {}) {
  const args = post(path, {}, options);
  const request = new Request(`http://localhost${path}`, { headers: options.cookie ? { cookie: options.cookie } : {} });
  return { ...args, request };
}

export interface Answer {
  status: number;
  body?: unknown;
  /** A redirect's target. */
  location?: string | null;
  /** The message a redirect leaves for the next page. */
  flash?: unknown;
}

/** What an action or loader answered or threw: a plain object, a `data(...)` with its status, or a redirect. */
export function answerOf(value: unknown): Answer {
  if (value instanceof Response) {
    const cookies = value.headers.getSetCookie().map((cookie) => parseCookie(cookie.split(';')[0]!));
    const flash = cookies.find((cookie) => cookie[FLASH_COOKIE] !== undefined)?.[FLASH_COOKIE];
    return { status: value.status, location: value.headers.get('location'), flash: flash ? JSON.parse(flash) : undefined };
  }
  const answer = value as { type?: string; data: unknown; init: ResponseInit | null };
  if (typeof value === 'object' && value !== null && answer.type === 'DataWithResponseInit')
    return { status: answer.init?.status ?? 200, body: answer.data };
  return { status: 200, body: value };
}

/** What a loader or action answered, or what it threw (a redirect, a `data(...)` error answer). */
export async function settled(run: () => unknown): Promise<Answer> {
  try {
    return answerOf(await run());
  } catch (error) {
    return answerOf(error);
  }
}
