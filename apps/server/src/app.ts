import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { MAX_PHOTOS_PER_UPLOAD, MAX_PHOTO_BYTES } from '@shop/core';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminUserRoutes, ownerUserRoutes } from './accounts/admin-user-routes.js';
import { profileRoutes } from './accounts/profile-routes.js';
import { accountRoutes } from './accounts/routes.js';
import { addressRoutes } from './addresses/routes.js';
import { adminAuthRoutes, adminSelfRoutes, ownerRoutes } from './admin/routes.js';
import { adminRoutes, authentication, shopperRoutes, type Access } from './auth/plugin.js';
import { billingRoutes, ownerBillingRoutes } from './billing/routes.js';
import { adminReviewRoutes, ownerReviewRoutes, publicReviewRoutes, shopperReviewRoutes } from './reviews/routes.js';
import { inventoryRoutes } from './inventory/routes.js';
import { salesReportRoutes } from './reports/sales-routes.js';
import { gstRoutes } from './gst/routes.js';
import { cartRoutes } from './cart/routes.js';
import { adminCatalogueRoutes, ownerCatalogueRoutes } from './catalogue/admin-routes.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { createReadinessCheck } from './health/readiness.js';
import { healthRoutes } from './health/routes.js';
import { contentSecurityPolicy } from './http/csp.js';
import { registerControlCharacterGuard } from './http/control-characters.js';
import { createDraining, registerDraining, type Draining } from './http/draining.js';
import type { ErrorEnvelope } from './http/envelope.js';
import { registerErrorHandling } from './http/errors.js';
import { PERMISSIONS_POLICY, pagePermissionsPolicy } from './http/permissions-policy.js';
import { acceptEmptyJsonBody } from './http/json-body.js';
import { openapiTransform, openapiTransformObject } from './http/openapi.js';
import { loggerOptions } from './logging/log-errors.js';
import { registerPrivateCaching } from './http/private-caching.js';
import { isApiRequest, originForm, registerEncodedPathGuard, routedPath } from './http/request-path.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { apiHeaders, securityHeaders } from './http/security-headers.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { localMediaRoutes, s3MediaRoutes } from './media/routes.js';
import type { Services } from './services.js';
import { ownerSettingsRoutes, settingsRoutes } from './settings/routes.js';
import { catalogueRoutes } from './catalogue/routes.js';
import { seoRoutes } from './seo/routes.js';
import { adminContactRoutes, contactRoutes } from './contact/routes.js';
import { adminAnnouncementRoutes, announcementRoutes } from './announcements/routes.js';
import { adminPromotionRoutes, ownerPromotionRoutes } from './promotions/admin-routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { adminOrderRoutes, ownerOrderRoutes } from './orders/admin-routes.js';
import { orderRoutes } from './orders/routes.js';
import { adminInvoiceRoutes, shopperInvoiceRoutes } from './orders/invoice-routes.js';
import { paymentRoutes, webhookRoutes } from './payments/routes.js';
import { reportCountsRoutes } from './reports/counts-routes.js';
import { pincodeRoutes } from './pincodes/routes.js';
import { deliveryEstimateRoutes, shippingAdminRoutes, trackingWebhookRoutes } from './shipping/routes.js';
import { answerFromShelf, refusePageMethod, registerWeb, type WebBuild } from './web/ssr.js';
import { wishlistRoutes } from './wishlist/routes.js';

export interface AppOptions {
  /** `trustProxy` unset: nobody's X-Forwarded-* headers count (as with TRUST_PROXY unset). */
  config: Pick<Config, 'publicUrl' | 'logLevel' | 'production'> & Partial<Pick<Config, 'trustProxy'>>;
  db: Db;
  services: Services;
  /** The built React app; without it only /api is served (API tests). */
  web?: WebBuild;
  logger?: boolean;
  /** Where the log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How the instance leaves the rotation when it stops (main.ts begins it on SIGTERM). */
  draining?: Draining;
}

type ResponseWithNonce = ServerResponse & { cspNonce?: string };

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route (HEAD included) and who may call it. */
    routeTable: readonly RouteEntry[];
  }
}

/** A caller's own request id is kept for tracing across services only when it is short and plain. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;
/** Our own ids: this process's random prefix and a counter, unique across instances without a random draw per request. */
const PROCESS_ID = randomBytes(4).toString('hex');
let requestCount = 0;
const requestId = (header: string | string[] | undefined) =>
  typeof header === 'string' && CLIENT_REQUEST_ID.test(header) ? header : `${PROCESS_ID}-${(++requestCount).toString(36)}`;

function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-request-id', request.id);
  const message = error.code === 'FST_ERR_BAD_URL' ? 'This address is not valid.' : error.message;
  void reply.status(error.statusCode ?? 400).send({ success: false, error: message } satisfies ErrorEnvelope);
}

/** Builds the whole HTTP app without listening, so tests can drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { ...loggerOptions(options.config.logLevel), stream: options.logStream },
    // Fastify would take any x-request-id as is (log and header injection); genReqId checks it instead.
    requestIdHeader: false,
    genReqId: (raw) => requestId(raw.headers['x-request-id']),
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A request line in absolute form (GET http://host/path) reaches every hook and page as its origin form.
    rewriteUrl: (raw) => originForm(raw.url ?? '/'),
    // A URL that cannot be decoded (GET /api/%) never reaches a route or the error handler: answer it here.
    frameworkErrors: answerFrameworkError,
    // A request that reaches a stopping instance is answered, not refused with 503 (which nginx would not send
    // elsewhere for a POST): http/draining.ts stops accepting connections first and closes each after its answer.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered, with the access its scope gave it: the route-guard test walks this table.
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    // Read the access later: a guarded scope's own onRoute hook runs after this one.
    for (const method of [route.method].flat())
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access ?? 'public';
        },
      });
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const helmetHeaders = securityHeaders({
    contentSecurityPolicy: false, // set below, as precomputed text
    // Razorpay's checkout frame needs to open popups for netbanking and 3-D Secure.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // With helmet's default 'no-referrer', Chromium sends `Origin: null` on a plain form post, and React Router
    // refuses it as a possible CSRF (400 "Bad Request"): every form would break without JavaScript.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Over plain http, HSTS (with includeSubDomains) would be wrong for every other site on the domain.
    hsts: options.config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Every answer turns the browser's powerful features off; pages then set their own policy below.
  const documentHeaders = Object.freeze({ ...helmetHeaders, 'permissions-policy': PERMISSIONS_POLICY.none });
  const jsonHeaders = apiHeaders(documentHeaders);
  // Only pages run inline script (React Router's hydration data), so only they need a nonce. API answers are
  // JSON (but the API's own documentation page).
  // Photos linked from MEDIA_PUBLIC_URL (a CDN or public bucket) load from its origin.
  const mediaBase = options.services.media.baseUrl;
  const csp = contentSecurityPolicy(options.config.production, /^https?:/.test(mediaBase) ? [new URL(mediaBase).origin] : []);
  const isApi = (path: string) => path.startsWith('/api/') && !path.startsWith('/api/docs');
  const isPage = (path: string) => !path.startsWith('/api/') && !path.startsWith('/media/') && !path.startsWith('/assets/');
  // Plain callbacks, not async functions, for hooks that run on every request: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    // The route the router matched, not the URL as sent: the router decodes it first.
    const path = routedPath(request);
    if (isApi(path)) {
      void reply.headers(jsonHeaders).header('x-request-id', request.id).header('content-security-policy', csp.api);
      return done();
    }
    void reply.headers(documentHeaders).header('x-request-id', request.id);
    if (isPage(path)) {
      const nonce = randomBytes(16).toString('base64');
      (reply.raw as ResponseWithNonce).cspNonce = nonce;
      void reply.header('content-security-policy', csp.withNonce(nonce)).header('permissions-policy', pagePermissionsPolicy(request.url));
    } else {
      void reply.header('content-security-policy', csp.fixed);
    }
    done();
  });
  registerEncodedPathGuard(app);
  const draining = options.draining ?? createDraining();
  registerDraining(app, draining);
  // Request durations for Prometheus, by the route's pattern (never the raw URL: one series per route, not per product).
  const { httpRequestDuration } = options.services.metrics;
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode };
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  registerSameOriginCheck(app, options.config.publicUrl);
  registerControlCharacterGuard(app);
  registerPrivateCaching(app);
  // Pages, JSON and scripts travel compressed to browsers that ask: a phone on mobile data loads the
  // React bundle at a third of its size. Brotli at quality 4 costs little CPU per answer.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);

  // Before any route scope: each copies the root's body parsers when registered.
  acceptEmptyJsonBody(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Shop API',
        version: '1.0.0',
        description: 'Storefront and back-office API. Every answer is { success, data } or { success: false, error }.',
      },
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes(draining.guard(createReadinessCheck(options.db))));
  await app.register(settingsRoutes(options.services));
  await app.register(authentication, { accounts: options.services.accounts, admins: options.services.admins });
  await app.register(accountRoutes(options.services.accounts, options.config));
  await app.register(adminAuthRoutes(options.services.admins, options.config));
  // The back-office: one guard per scope (auth/plugin.ts); owners' calls in a scope of their own.
  await app.register(
    adminRoutes(async (admin) => {
      // Uploads (photos, the catalogue CSV) only here, each file held to the photo limits while it streams in.
      await admin.register(multipart, {
        limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS_PER_UPLOAD, fields: 10, parts: MAX_PHOTOS_PER_UPLOAD + 10 },
      });
      await admin.register(adminSelfRoutes(options.services.admins, options.config));
      await admin.register(
        adminCatalogueRoutes({
          products: options.services.adminProducts,
          categories: options.services.adminCategories,
          csv: options.services.catalogueCsv,
        }),
      );
      await admin.register(adminOrderRoutes(options.services.adminOrders));
      await admin.register(adminInvoiceRoutes(options.services.adminOrders, options.services.settings));
      await admin.register(adminUserRoutes(options.services.adminUsers));
      await admin.register(billingRoutes(options.services.billing));
      await admin.register(adminReviewRoutes(options.services.reviews));
      await admin.register(adminAnnouncementRoutes(options.services));
      await admin.register(adminPromotionRoutes(options.services.promotionsAdmin));
      await admin.register(inventoryRoutes(options.services.inventory));
      await admin.register(reportCountsRoutes(options.services.reportCounts));
      await admin.register(adminContactRoutes(options.services.contact));
      await admin.register(shippingAdminRoutes(options.services.shipping, options.services.adminOrders));
    }),
  );
  // Owners only: admin accounts and invites, the audit log, money going back, blocking shoppers, revenue, exports, the shop's details.
  await app.register(
    adminRoutes(
      async (owner) => {
        await owner.register(ownerRoutes(options.services.admins, options.services.audit));
        await owner.register(ownerOrderRoutes(options.services.adminOrders));
        await owner.register(ownerUserRoutes(options.services.adminUsers));
        await owner.register(ownerBillingRoutes(options.services.billing));
        // Exports: every bill's takings and customers, the whole catalogue with its stock (issue 40).
        await owner.register(ownerCatalogueRoutes(options.services.catalogueCsv));
        await owner.register(ownerReviewRoutes(options.services.reviews));
        // Revenue is the owner's (the invite tells staff so): the dashboard's sales, the weekly and monthly reports.
        await owner.register(salesReportRoutes(options.services.salesReports));
        // The GST return (issue 43), as the other accountant's exports.
        await owner.register(gstRoutes(options.services.gst));
        // The shop's own details: what every invoice states, and production's checkout waits for (issue 39).
        await owner.register(ownerSettingsRoutes(options.services.settings));
        // Deleting a coupon or an offer (issue 41); any admin creates, edits and disables them.
        await owner.register(ownerPromotionRoutes(options.services.promotionsAdmin));
      },
      { role: 'owner' },
    ),
  );
  // Everything that belongs to one shopper: one guard for the whole scope (auth/plugin.ts).
  await app.register(
    shopperRoutes(async (shopper) => {
      await shopper.register(profileRoutes(options.services.accounts));
      await shopper.register(addressRoutes(options.services.addresses));
      await shopper.register(wishlistRoutes(options.services.wishlist));
      await shopper.register(notificationRoutes(options.services.notifications));
      await shopper.register(cartRoutes(options.services.cart));
      await shopper.register(orderRoutes(options.services.orders, options.services.payments));
      await shopper.register(shopperInvoiceRoutes(options.services.orders, options.services.settings));
      await shopper.register(paymentRoutes(options.services.payments));
      await shopper.register(shopperReviewRoutes(options.services.reviews));
    }),
  );
  await app.register(webhookRoutes(options.services.payments));
  await app.register(trackingWebhookRoutes(options.services.shipping));
  // The stand-in for Razorpay when no keys are set (services.paymentProvider); never in production, where it
  // would take fake payments.
  const emulator = options.services.paymentProvider.emulator;
  if (emulator && !options.config.production) await app.register(emulator.plugin);
  // The stand-in for Shiprocket when no API user is set (issue 42); never in production either.
  const shiprocketEmulator = options.services.shippingProvider?.emulator;
  if (shiprocketEmulator && !options.config.production) await app.register(shiprocketEmulator.plugin);
  // The mail the shop kept instead of sending; never in production, where it would expose codes.
  if (!options.config.production && options.services.outbox) await app.register(options.services.outbox.routes);
  await app.register(catalogueRoutes(options.services.catalogue));
  await app.register(publicReviewRoutes(options.services.reviews));
  await app.register(seoRoutes(options.services, options.config));
  await app.register(contactRoutes(options.services));
  await app.register(announcementRoutes(options.services));
  await app.register(pincodeRoutes(options.services.pincodes));
  await app.register(deliveryEstimateRoutes(options.services.shipping));

  // Stored images: content-hashed names, so browsers and CDNs may keep them for a year. From S3 they are served
  // even with MEDIA_PUBLIC_URL set: links written before it (orders, mails, cached pages) keep working.
  const mediaOrigin = options.services.media.origin;
  await app.register(mediaOrigin.kind === 'local' ? localMediaRoutes(mediaOrigin.root) : s3MediaRoutes(mediaOrigin.read), {
    prefix: '/media',
  });

  // Unknown API paths answer in the envelope, never with the HTML not-found page.
  const apiNotFound = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ success: false, error: `No API route ${request.method} ${request.url.split('?')[0]}` });
  app.all('/api/*', { schema: { hide: true } }, apiNotFound);
  // With the pages served, every path outside the API has a route for every method Fastify knows: what is left
  // is a method it does not route (CONNECT, PROPFIND…), refused as the pages refuse TRACE.
  // A file of this build that went missing from its folder (a build in place, which the guide's releases avoid)
  // is handed here by @fastify/static: the shelf may still have it, else a 404 (it answered 405, issue 39).
  app.setNotFoundHandler(async (request, reply) => {
    const asset = /^\/assets\/([^/?]+)/.exec(request.url)?.[1];
    if (options.web && asset && (request.method === 'GET' || request.method === 'HEAD')) return answerFromShelf(options.web, asset, reply);
    return options.web && !isApiRequest(request) ? refusePageMethod(reply) : apiNotFound(request, reply);
  });

  if (options.web) {
    await registerWeb(app, options.web, { services: options.services, config: options.config });
  }
  return app;
}
