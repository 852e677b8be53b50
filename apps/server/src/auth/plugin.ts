import { ADMIN_SESSION_COOKIE, AppError, OWNER_ONLY, SESSION_COOKIE, type PublicAdmin, type PublicUser } from '@shop/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountsService } from '../accounts/service.js';
import type { AdminsService } from '../admin/service.js';
import type { Session } from '../identity/sessions.js';

/** Who may call a route: decided once per scope (see `shopperRoutes`, `adminRoutes`), never per handler. */
export type Access = 'public' | 'shopper' | 'admin' | 'owner';

export interface SignedInAdmin {
  admin: PublicAdmin;
  session: Session;
}

export const ADMIN_LOGIN_NEEDED = 'Please log in as an admin.';

export interface SignedInShopper {
  user: PublicUser;
  session: Session;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper of this request's session cookie, looked up once; null when none. */
    shopper(): Promise<SignedInShopper | null>;
    /** The admin of this request's admin session cookie (never the shopper's), looked up once; null when none. */
    admin(): Promise<SignedInAdmin | null>;
  }
  interface FastifyContextConfig {
    /** Set by the scope a route is registered in; read by the route-table test. */
    access?: Access;
  }
}

const looked = Symbol('shopper');
const lookedAdmin = Symbol('admin');
type WithShopper = FastifyRequest & { [looked]?: Promise<SignedInShopper | null>; [lookedAdmin]?: Promise<SignedInAdmin | null> };

/**
 * Authentication as a named plugin: decorates every request with `shopper()` and `admin()`, which read their
 * own session cookie on first use only (catalogue requests never touch the sessions tables).
 */
export const authentication = fp<{ accounts: Pick<AccountsService, 'authenticate'>; admins: Pick<AdminsService, 'authenticate'> }>(
  async (app, { accounts, admins }) => {
    app.decorateRequest('shopper', function (this: WithShopper) {
      this[looked] ??= accounts.authenticate(this.cookies[SESSION_COOKIE]);
      return this[looked];
    });
    app.decorateRequest('admin', function (this: WithShopper) {
      this[lookedAdmin] ??= admins.authenticate(this.cookies[ADMIN_SESSION_COOKIE]);
      return this[lookedAdmin];
    });
  },
  { name: 'authentication', dependencies: ['@fastify/cookie'] },
);

/** The shopper of a request in a shopper scope (the scope's guard has already refused anyone else). */
export async function shopperOf(request: FastifyRequest): Promise<SignedInShopper> {
  const found = await request.shopper();
  if (!found) throw new AppError('UNAUTHENTICATED', 'Please log in.');
  return found;
}

/**
 * Registers routes that need a signed-in shopper in their own encapsulated scope with one guard:
 * no session → 401 before any handler, body parsing or validation runs.
 */
export function shopperRoutes(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'shopper' };
    });
    scope.addHook('onRequest', async (request) => {
      if (!(await request.shopper())) throw new AppError('UNAUTHENTICATED', 'Please log in.');
    });
    await scope.register(routes);
  };
}

/** The admin of a request in an admin scope (the scope's guard has already refused anyone else). */
export async function adminOf(request: FastifyRequest): Promise<SignedInAdmin> {
  const found = await request.admin();
  if (!found) throw new AppError('UNAUTHENTICATED', ADMIN_LOGIN_NEEDED);
  return found;
}

/**
 * Registers back-office routes in their own encapsulated scope with one guard: no admin session → 401, an
 * admin without the role → 403, before any handler, body parsing or validation runs. A shopper's session
 * opens nothing here. Every route of the scope is tagged `admin` in the OpenAPI document.
 */
export function adminRoutes(routes: FastifyPluginAsync, options: { role?: 'owner' } = {}): FastifyPluginAsync {
  const access: Access = options.role === 'owner' ? 'owner' : 'admin';
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access };
      const tags = route.schema?.tags ?? [];
      route.schema = { ...route.schema, tags: tags.includes('admin') ? tags : ['admin', ...tags] };
    });
    scope.addHook('onRequest', async (request) => {
      const signedIn = await request.admin();
      if (!signedIn) throw new AppError('UNAUTHENTICATED', ADMIN_LOGIN_NEEDED);
      if (access === 'owner' && signedIn.admin.role !== 'owner') throw new AppError('NOT_ALLOWED', OWNER_ONLY);
    });
    await scope.register(routes);
  };
}
