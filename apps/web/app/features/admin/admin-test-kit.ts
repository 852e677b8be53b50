import type { PageContext, PageIdentity, PageServices, PublicAdmin } from '@shop/core';
import { parseCookie } from 'cookie';
import { vi } from 'vitest';
import { adminContext, createLoadContext } from '../../context';
import { ENHANCED_FIELD } from '../../lib/flash';
import { FLASH_COOKIE } from '../../lib/flash.server';

// For the back-office pages' tests: a form post as the browser sends it (its length declared) with a page context
// whose services are stubs and, under the admin layout, the admin its middleware put there; and what the action
// answered, in one shape.

export const OWNER: PublicAdmin = { _id: 'a1', adminName: 'Meera Kapoor', adminEmail: 'meera@example.in', role: 'owner' };
export const STAFF: PublicAdmin = { _id: 'a2', adminName: 'Ravi Kumar', adminEmail: 'ravi@example.in', role: 'staff' };
/** How the audit log names them. */
export const OWNER_ACTOR = { id: 'a1', label: 'Meera Kapoor <meera@example.in>' };
export const STAFF_ACTOR = { id: 'a2', label: 'Ravi Kumar <ravi@example.in>' };

type Stubs = { [Name in keyof PageServices]?: Partial<PageServices[Name]> };

export interface PostOptions {
  services?: Stubs;
  /** The request's Cookie header. */
  cookie?: string;
  /** Posted by an enhanced form (the `_enhanced` field <Enhanced /> adds once scripts run). */
  enhanced?: boolean;
  /** The signed-in admin (pages under the admin layout); none for login and signup. */
  admin?: PublicAdmin;
  params?: Record<string, string>;
}

/** A form post to `path`, as a route's action takes it (`as never`: its generated types name more than it reads). */
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
    clientIp: '203.0.113.9',
    identity,
  } as unknown as PageContext);
  if (options.admin) context.set(adminContext, options.admin);
  return { request, context, identity, params: options.params ?? {} };
}

/** A page request (GET) for a loader, with the same context. */
export function get(path: string, options: Omit<PostOptions, 'enhanced'> = {}) {
  const args = post(path, {}, options);
  return { ...args, request: new Request(`http://localhost${path}`) };
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
