import { AppError, SESSION_COOKIE, type PublicUser } from '@shop/core';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountsService, Session } from '../accounts/service.js';

/** Who may call a route: decided once per scope (see `shopperRoutes`), never per handler. */
export type Access = 'public' | 'shopper' | 'admin';

export interface SignedInShopper {
  user: PublicUser;
  session: Session;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The shopper of this request's session cookie, looked up once; null when none. */
    shopper(): Promise<SignedInShopper | null>;
  }
  interface FastifyContextConfig {
    /** Set by the scope a route is registered in; read by the route-table test. */
    access?: Access;
  }
}

const looked = Symbol('shopper');
type WithShopper = FastifyRequest & { [looked]?: Promise<SignedInShopper | null> };

/**
 * Authentication as a named plugin: decorates every request with `shopper()`, which reads the session
 * cookie on first use only (catalogue requests never touch the sessions table).
 */
export const authentication = fp<{ accounts: Pick<AccountsService, 'authenticate'> }>(
  async (app, { accounts }) => {
    app.decorateRequest('shopper', function (this: WithShopper) {
      this[looked] ??= accounts.authenticate(this.cookies[SESSION_COOKIE]);
      return this[looked];
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
