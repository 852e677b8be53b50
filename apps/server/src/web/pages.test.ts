import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { PERMISSIONS_POLICY } from '../http/permissions-policy.js';
import { useTestApp } from '../test/app.js';
import { PAGE_METHODS, withCookiePolicy } from './ssr.js';

// The pages through the real registerWeb and React Router's request handler, on a stand-in build (API tests run
// without `react-router build`): one catch-all route whose document names the path it rendered.
const t = useTestApp();
let app: FastifyInstance;
let clientDir: string;
const rendered: string[] = [];
const errors: unknown[] = [];

function standInBuild(assetsBuildDirectory: string): ServerBuild {
  const entryRoute = {
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
  };
  const build = {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers) => {
          rendered.push(new URL(request.url).pathname);
          headers.set('content-type', 'text/html; charset=utf-8');
          // A page that leaves a message for the next one, as the web's flash cookie does.
          if (new URL(request.url).pathname === '/with-flash') headers.append('set-cookie', 'flash=saved; Path=/; HttpOnly; SameSite=Lax');
          return new Response(`<!doctype html><p>${new URL(request.url).pathname}</p>`, { status, headers });
        },
        // As apps/web/app/entry.server.tsx does: registerWeb hands the page context to the build to wrap.
        createLoadContext: (page: unknown) => page,
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null, loader: () => ({ ok: true }) } },
    },
    assets: {
      entry: { imports: [], module: '/assets/entry.js' },
      routes: {
        root: { ...entryRoute, id: 'root', path: '', module: '/assets/root.js', hasLoader: false },
        page: { ...entryRoute, id: 'page', parentId: 'root', path: '*', module: '/assets/page.js', hasLoader: true },
      },
      url: '/assets/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory,
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  };
  return build as unknown as ServerBuild;
}

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'shop-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js'), 'console.log(1);');
  // Removed once the app has started (a build in place): its route stays, its file is gone.
  writeFileSync(path.join(clientDir, 'assets', 'removed-5678.js'), 'removed();');
  app = await buildApp({
    config: { publicUrl: 'http://localhost:3000', logLevel: 'silent', production: false },
    db: t.database.db,
    services: t.services,
    web: {
      server: standInBuild(clientDir),
      clientDir,
      // Another build's file, and one of this build, as the shelf holds them (asset-shelf.ts).
      shelf: {
        read: async (name) =>
          ['older-9z8y.js', 'removed-5678.js'].includes(name)
            ? { bytes: Buffer.from(`shelf:${name}`), contentType: 'text/javascript; charset=utf-8' }
            : null,
      },
    },
    logger: false,
  });
  app.addHook('onError', (_request, _reply, error, done) => {
    errors.push(error);
    done();
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

describe('pages', () => {
  it('render through React Router for GET and HEAD', async () => {
    const page = await app.inject({ method: 'GET', url: '/filter?category=sarees' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>/filter</p>');
    expect((await app.inject({ method: 'HEAD', url: '/filter' })).statusCode).toBe(200);
  });

  // Regression: TRACE on any page answered 500, with a stack trace in the log (the fetch Request React Router
  // reads cannot be made for it).
  it.each(['TRACE', 'OPTIONS', 'CONNECT', 'PROPFIND'])('answer %s with 405 and the methods they take, logging nothing', async (method) => {
    const before = rendered.length;
    for (const url of ['/', '/admin/orders', '/user/profile?x=1']) {
      const response = await app.inject({ method: method as 'GET', url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(PAGE_METHODS).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect(rendered.length).toBe(before);
    expect(errors).toEqual([]);
  });

  // Regression: a photo that is not there (removed, or a mistyped link) answered 405 Method Not Allowed once the
  // pages were served: @fastify/static handed it to the app's not-found handler, which refuses unrouted methods.
  it('leave a missing photo under /media a 404', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await app.inject({ method, url: '/media/products/0123456789abcdef0123-640.webp' });
      expect(response.statusCode, method).toBe(404);
      expect(response.headers.allow, method).toBeUndefined();
    }
    expect(errors).toEqual([]);
  });

  // Regression (issue 39): a page the other instance rendered during a rolling upgrade names that build's scripts;
  // the instance that lacks one answered it with its not-found page, and the page broke.
  it("serve another build's hashed file from the shelf, and a file no build has as a plain 404", async () => {
    const before = rendered.length;
    const own = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('console.log(1);');
    const older = await app.inject({ method: 'GET', url: '/assets/older-9z8y.js' });
    expect(older.statusCode).toBe(200);
    expect(older.body).toBe('shelf:older-9z8y.js');
    expect(older.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(older.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const method of ['GET', 'HEAD'] as const) {
      const gone = await app.inject({ method, url: '/assets/gone-0000.js' });
      expect(gone.statusCode, method).toBe(404);
      expect(gone.headers['content-type'], method).toBe('text/plain; charset=utf-8');
    }
    expect(rendered.length).toBe(before);
    expect(errors).toEqual([]);
  });

  // Regression (issue 39): after a build in place, a running instance answered its own build's removed scripts 405.
  it('serve a file of this build that went missing from the shelf, or a 404, never a 405', async () => {
    rmSync(path.join(clientDir, 'assets', 'removed-5678.js'));
    const removed = await app.inject({ method: 'GET', url: '/assets/removed-5678.js' });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toBe('shelf:removed-5678.js');
    rmSync(path.join(clientDir, 'assets', 'app-1a2b.js'));
    for (const method of ['GET', 'HEAD'] as const) {
      const gone = await app.inject({ method, url: '/assets/app-1a2b.js' });
      expect(gone.statusCode, method).toBe(404);
      expect(gone.headers.allow, method).toBeUndefined();
    }
    writeFileSync(path.join(clientDir, 'assets', 'app-1a2b.js'), 'console.log(1);');
  });

  it('leave TRACE on the API to the API: refused in the envelope, nothing logged', async () => {
    const response = await app.inject({ method: 'TRACE', url: '/api/health' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false });
    expect(errors).toEqual([]);
  });
});

// Regression: the pages' own cookies (flash, guest cart, checkout steps) lacked Secure on an https shop, which
// the session cookies have.
describe("the pages' own cookies", () => {
  it('are Secure when the shop is served over https, as the session cookies are', async () => {
    const plain = await app.inject({ method: 'GET', url: '/with-flash' });
    expect(plain.headers['set-cookie']).toEqual(['flash=saved; Path=/; HttpOnly; SameSite=Lax']);
    const https = await buildApp({
      config: { publicUrl: 'https://shop.example.in', logLevel: 'silent', production: false },
      db: t.database.db,
      services: t.services,
      web: { server: standInBuild(clientDir), clientDir },
      logger: false,
    });
    try {
      const page = await https.inject({ method: 'GET', url: '/with-flash', headers: { host: 'shop.example.in' } });
      expect(page.headers['set-cookie']).toEqual(['flash=saved; Path=/; HttpOnly; SameSite=Lax; Secure']);
    } finally {
      await https.close();
    }
  });

  it('keep a Secure they already have, once', () => {
    expect(withCookiePolicy('a=1; Secure; Path=/', { secure: true })).toBe('a=1; Secure; Path=/');
    expect(withCookiePolicy('a=1; Path=/; secure', { secure: true })).toBe('a=1; Path=/; secure');
    expect(withCookiePolicy('a=1; Path=/', { secure: false })).toBe('a=1; Path=/');
  });
});

describe('Permissions-Policy', () => {
  const features = (policy: string) => Object.fromEntries(policy.split(', ').map((entry) => entry.split('=') as [string, string]));

  it('turns every feature off on API answers, errors, files and assets', async () => {
    for (const value of Object.values(features(PERMISSIONS_POLICY.none))) expect(value).toBe('()');
    expect(features(PERMISSIONS_POLICY.none)).toMatchObject({ camera: '()', microphone: '()', geolocation: '()', payment: '()' });
    for (const url of ['/api/health', '/api/user/auth/me', '/api/nowhere', '/assets/app-1a2b.js', '/media/none.webp', '/api/docs']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY.none);
    }
    const refused = await app.inject({ method: 'POST', url: '/api/user/auth/logout', headers: { 'content-type': 'text/plain' } });
    expect(refused.statusCode).toBe(415);
    expect(refused.headers['permissions-policy']).toBe(PERMISSIONS_POLICY.none);
  });

  it("lets only Razorpay's checkout frame (and the page) use payments, one-time codes and passkeys on shop pages", async () => {
    const razorpay = '(self "https://api.razorpay.com")';
    expect(features(PERMISSIONS_POLICY.storefront)).toMatchObject({
      payment: razorpay,
      'otp-credentials': razorpay,
      'publickey-credentials-get': razorpay,
      camera: '()',
      microphone: '()',
      geolocation: '()',
    });
    for (const url of ['/', '/payment', '/checkout', '/product/3f1c', '/user/orders', '/administrator']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY.storefront);
    }
  });

  // Regression: no answer carried a Permissions-Policy, and back-office pages with shoppers' names, phones and
  // addresses could be stored by browsers and proxies.
  it('gives the back-office pages the camera (the product photo modal), this origin only, and never stores them', async () => {
    expect(features(PERMISSIONS_POLICY.backOffice)).toMatchObject({ camera: '(self)', microphone: '()', payment: '()' });
    for (const url of [
      '/admin',
      '/admin/login',
      '/admin/productView/3f1c',
      '/ADMIN/Users/3f1c',
      '/Admin/orders?page=2',
      '/adminCheckout',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY.backOffice);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
    expect((await app.inject({ method: 'GET', url: '/filter' })).headers['cache-control']).toBeUndefined();
  });
});
