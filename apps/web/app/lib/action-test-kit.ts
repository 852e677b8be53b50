import type { PageContext, PageIdentity, PageServices, PublicUser } from '@shop/core';
import { parseCookie } from 'cookie';
import { vi } from 'vitest';
import { createLoadContext, shopperContext } from '../context';
import { FLASH_COOKIE } from './flash.server';
import { ENHANCED_FIELD } from './flash';

// For unit tests of route actions: a form post with a page context whose services are stubs, and what the
// action answered (a plain object, a `data(...)` with its status, or a redirect with its message).

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
}

/** A form post to `path` with its action's arguments, and the identity the action may set sessions on. */
export function post(path: string, fields: Record<string, string>, options: PostOptions = {}) {
  const body = new URLSearchParams(fields);
  if (options.enhanced) body.set(ENHANCED_FIELD, '1');
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (options.cookie) headers.cookie = options.cookie;
  const request = new Request(`http://localhost${path}`, { method: 'POST', headers, body });
  const identity = { setShopperSession: vi.fn(), setAdminSession: vi.fn() } satisfies Partial<PageIdentity>;
  const context = createLoadContext({
    services: options.services ?? {},
    clientIp: options.clientIp ?? '203.0.113.9',
    identity,
  } as unknown as PageContext);
  if (options.shopper) context.set(shopperContext, options.shopper);
  return { request, context, identity, params: {}, url: new URL(request.url), pattern: new URL(request.url).pathname };
}

export interface Answer {
  status: number;
  body?: unknown;
  /** A redirect's target. */
  location?: string | null;
  /** The message a redirect leaves for the next page. */
  flash?: unknown;
}

/** What an action answered, in one shape. */
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
