import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../config.js';
import type { PageContext, PageIdentity, PublicAdmin } from '@shop/core';
import { clearSessionCookie, cookiePolicyFor, setSessionCookie, type CookiePolicy } from '../accounts/session.js';
import { clearAdminSessionCookie, setAdminSessionCookie } from '../admin/session.js';
import { requestOrigin } from '../http/same-origin.js';
import type { Services } from '../services.js';
import type { AssetShelf } from './asset-shelf.js';

export interface WebBuild {
  server: ServerBuild;
  /** Folder of the browser assets (apps/web/build/client). */
  clientDir: string;
  /** Where the hashed files of other builds are (asset-shelf.ts): /assets/ names this build lacks are read there. */
  shelf?: Pick<AssetShelf, 'read'>;
}

const ONE_YEAR = 31_536_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a page answers: reading (GET, HEAD) and React Router's form actions. */
export const PAGE_METHODS: readonly string[] = ['GET', 'HEAD', ...BODY_METHODS];
const ALLOW = PAGE_METHODS.join(', ');

/**
 * 405 for a method no page serves (TRACE, OPTIONS, CONNECT, PROPFIND…), with the methods that are: the fetch
 * Request React Router reads cannot even be made for TRACE or CONNECT (a 500 with a stack trace in the log).
 */
export const refusePageMethod = (reply: FastifyReply) =>
  reply.status(405).header('allow', ALLOW).type('text/plain; charset=utf-8').send('');

/**
 * The web build's entry (apps/web/app/entry.server.tsx) makes the load context: React Router's middleware needs a
 * RouterContextProvider keyed by the web's own context objects, so the server hands it the page context to wrap.
 */
type CreateLoadContext = (page: PageContext) => unknown;

/** Loads the React Router build that `react-router build` wrote to apps/web/build. */
export async function loadWebBuild(buildDir: string): Promise<WebBuild> {
  const server = (await import(path.join(buildDir, 'server', 'index.js'))) as ServerBuild;
  return { server, clientDir: path.join(buildDir, 'client') };
}

/**
 * Who is signed in on a page request: the same once-per-request lookups the API's guards use
 * (`request.shopper()`, `request.admin()`, see auth/plugin.ts), and the session cookies an action sets.
 */
export function pageIdentity(request: FastifyRequest, reply: FastifyReply, cookies: CookiePolicy): PageIdentity {
  let admin: Promise<PublicAdmin | null> | undefined;
  return {
    shopper: async () => {
      const found = await request.shopper();
      // The session slid forward (at most once a day): the page sends the cookie on, as the API would.
      if (found && 'setCookie' in found && found.setCookie) setSessionCookie(reply, found.session, cookies);
      return found?.user ?? null;
    },
    admin: () =>
      (admin ??= request.admin().then((found) => {
        if (!found) return null;
        // As GET /api/admin/me does: the cookie follows the session's sliding expiry.
        setAdminSessionCookie(reply, found.session, cookies);
        return found.admin;
      })),
    setShopperSession: (session) => (session ? setSessionCookie(reply, session, cookies) : clearSessionCookie(reply, cookies)),
    setAdminSession: (session) => (session ? setAdminSessionCookie(reply, session, cookies) : clearAdminSessionCookie(reply, cookies)),
  };
}

/**
 * Serves the browser assets and hands every other non-API path to React Router's request handler,
 * whose loaders get the domain services in-process through the load context.
 */
export async function registerWeb(
  app: FastifyInstance,
  build: WebBuild,
  context: { services: Services; config: Pick<Config, 'publicUrl'> },
): Promise<void> {
  // Always 'production': error details stay in the server log, never in a shopper's page.
  const handle = createRequestHandler(build.server, 'production');
  const createLoadContext = (build.server.entry.module as { createLoadContext?: CreateLoadContext }).createLoadContext;
  if (!createLoadContext) throw new Error('The web build does not export createLoadContext from its entry.server.');
  const cookies = cookiePolicyFor(context.config.publicUrl);

  await app.register(fastifyStatic, {
    root: build.clientDir,
    prefix: '/',
    wildcard: false, // one route per file found now; everything else falls through to the pages
    index: false,
    // The build wrote .br and .gz beside each script and stylesheet (scripts/precompress.mjs): sent as they are.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite puts content-hashed files under assets/: they never change, so browsers keep them a year.
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600');
    },
  });

  // A hashed name this build does not have (fastify-static's one route per file wins over this one): a page the
  // other instance rendered, running another build, during a rolling upgrade. From the shelf, else a plain 404.
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/assets/*',
    schema: { hide: true },
    handler: async (request, reply) => answerFromShelf(build, request.params['*'], reply),
  });

  await app.register(async (pages) => {
    // React Router reads form posts itself: leave the body stream untouched.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null));

    pages.all('/*', async (request, reply) => {
      // Methods Fastify does not route at all get the same answer from the not-found handler (app.ts).
      if (!PAGE_METHODS.includes(request.method)) return refusePageMethod(reply);
      const loadContext: PageContext = {
        services: context.services,
        publicUrl: context.config.publicUrl,
        cspNonce: (reply.raw as ServerResponse & { cspNonce?: string }).cspNonce ?? '',
        clientIp: request.ip,
        identity: pageIdentity(request, reply, cookies),
      };
      const response = await handle(toFetchRequest(request, reply), createLoadContext(loadContext) as never);
      return sendFetchResponse(reply, response, cookies);
    });
  });
}

/** A hashed file from the shelf (asset-shelf.ts), or a plain 404: never a page, nor a 405. */
export async function answerFromShelf(build: Pick<WebBuild, 'shelf'>, name: string, reply: FastifyReply): Promise<FastifyReply> {
  const found = await build.shelf?.read(name);
  if (!found) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  return reply.type(found.contentType).header('cache-control', `public, max-age=${ONE_YEAR}, immutable`).send(found.bytes);
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  // React Router refuses a form post whose Origin differs from this URL's: X-Forwarded-* count only from trusted proxies.
  const origin = requestOrigin(request);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  // Stop rendering for a visitor who has gone; 'close' also fires after a finished response, harmlessly.
  reply.raw.once('close', () => controller.abort());
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (BODY_METHODS.has(request.method)) {
    init.body = Readable.toWeb(request.raw);
    init.duplex = 'half';
  }
  return new Request(new URL(request.url, origin), init);
}

/**
 * A page's own cookies (the flash message, the guest cart, the checkout steps) with the session cookies' policy:
 * Secure when the shop is served over https, so none of them ever travels over plain http.
 */
export function withCookiePolicy(setCookie: string, policy: CookiePolicy): string {
  if (!policy.secure || /;\s*secure\s*(;|$)/i.test(setCookie)) return setCookie;
  return `${setCookie}; Secure`;
}

async function sendFetchResponse(reply: FastifyReply, response: Response, policy: CookiePolicy): Promise<FastifyReply> {
  void reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') void reply.header(name, value);
  }
  // Cookies the identity set with reply.setCookie (a login, a sliding admin session) are added to these by
  // @fastify/cookie when the answer is sent.
  const cookies = response.headers.getSetCookie().map((cookie) => withCookiePolicy(cookie, policy));
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body));
}
