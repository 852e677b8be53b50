import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { capturingMailer, signedInUser } from '../test/accounts.js';
import { adminCall, signedInStaff } from '../test/admins.js';

const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

// Public calls, named one by one: a new route is either registered in a guarded scope or added here on
// purpose, so no route can forget its guard by accident.
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/shop/settings',
  'GET /api/user/auth/me',
  'GET /api/user/auth/checkLogin',
  'POST /api/user/auth/logout',
  'POST /api/user/auth/sendLoginOtp',
  'POST /api/user/auth/loginUsingPassword',
  'POST /api/user/auth/verifyLoginOtp',
  'POST /api/user/auth/sendAccountVerificationOtp',
  'POST /api/user/auth/verifyAccountOtp',
  'POST /api/user/auth/register',
  'POST /api/user/auth/forgotPassword',
  'POST /api/user/auth/resetPassword',
  'GET /api/user/product/categories',
  'GET /api/user/product/filter',
  'GET /api/user/product/search',
  'GET /api/user/product/suggest',
  'GET /api/user/product/getProductDetails/:productId',
  'GET /api/user/review/getProductReviews/:productId',
  'GET /api/user/product/related/:productId',
  'POST /api/user/contact/sendMessage',
  'GET /api/user/announcements',
  // India Post's directory: the address form and the product page's delivery check.
  'GET /api/user/pincode/:pincode',
  // The product page's and the checkout's delivery date and cash on delivery for a pincode (issue 42).
  'GET /api/user/delivery/estimate',
  // Razorpay's server-to-server calls: the signature over the body is the authentication.
  'POST /api/payment/razorpay/webhook',
  // Shiprocket's tracking scans: the shared x-api-key token is the authentication (issue 42).
  'POST /api/shipping/tracking',
  // The back-office's way in: everything else under /api/admin/ needs an admin session.
  'POST /api/admin/login',
  'POST /api/admin/register',
  'POST /api/admin/forgotPassword',
  'POST /api/admin/resetPassword',
  'POST /api/admin/logout',
]);
// Prefixes whose every route belongs to one signed-in shopper.
const SHOPPER_PREFIXES = ['/api/user/profile/', '/api/user/cart/'];

const apiRoutes = () =>
  t.app.routeTable.filter(
    (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/docs') && route.url !== '/api/*',
  );
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('route guards', () => {
  it('registers every API route either in a guarded scope or in the public list', () => {
    const unguarded = apiRoutes()
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`)
      .filter((name) => !PUBLIC.has(name));
    expect(unguarded).toEqual([]);
  });

  it('puts every route under a shopper prefix in the shopper scope', () => {
    const misplaced = apiRoutes().filter(
      (route) => SHOPPER_PREFIXES.some((prefix) => route.url.startsWith(prefix)) && route.access !== 'shopper',
    );
    expect(misplaced).toEqual([]);
  });

  it('answers 401 to every shopper route without a session, and with an unknown session', async () => {
    const guarded = apiRoutes().filter((route) => route.access === 'shopper');
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      for (const cookie of [undefined, 'sid=not-a-session']) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          payload: route.method === 'GET' ? undefined : '{}',
        });
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
        });
        expect(response.json()).toEqual({ success: false, error: 'Please log in.' });
      }
    }
  });

  it('lets a signed-in shopper through the guard', async () => {
    const { sid } = await signedInUser(t.app, mail);
    const response = await t.app.inject({ method: 'GET', url: '/api/user/profile/getMyProfile', headers: { cookie: `sid=${sid}` } });
    expect(response.statusCode).toBe(200);
  });
});

describe('back-office route guards', () => {
  const adminApiRoutes = () =>
    apiRoutes().filter((route) => route.url.startsWith('/api/admin/') && !PUBLIC.has(`${route.method} ${route.url}`));
  const call = (route: { method: string; url: string }, cookies: { sid?: string; asid?: string }) =>
    adminCall(t.app, route.method as 'GET', concrete(route.url), { ...cookies, body: route.method === 'GET' ? undefined : {} });

  it('registers every /api/admin/ route but login, register, the password reset and logout in an admin or owner scope, tagged admin in OpenAPI', async () => {
    const routes = adminApiRoutes();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((route) => route.access !== 'admin' && route.access !== 'owner')).toEqual([]);
    const document = t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const untagged = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ route: `${method} ${path}`, tags: operation.tags ?? [] })),
      )
      .filter((operation) => !operation.tags.includes('admin'));
    expect(untagged).toEqual([]);
    const documented = Object.keys(document.paths).filter((path) => path.startsWith('/api/admin/')).length;
    expect(documented).toBeGreaterThan(20);
  });

  it('answers 401 to every guarded back-office route without a session, with a bad one, and with a shopper’s session', async () => {
    const { sid } = await signedInUser(t.app, mail);
    for (const route of adminApiRoutes()) {
      for (const cookies of [{}, { asid: 'not-a-session' }, { sid }, { asid: sid }]) {
        const response = await call(route, cookies);
        expect({ route: `${route.method} ${route.url}`, status: response.statusCode, body: response.json<unknown>() }).toEqual({
          route: `${route.method} ${route.url}`,
          status: 401,
          body: { success: false, error: 'Please log in as an admin.' },
        });
      }
    }
  });

  it("puts an order's invoice as data in the shopper's scope and the back-office's, staff included (issue 41)", () => {
    const access = new Map(apiRoutes().map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(access.get('GET /api/user/order/getInvoice/:orderId')).toBe('shopper');
    expect(access.get('GET /api/admin/order/getInvoice/:orderId')).toBe('admin');
  });

  it('answers 403 to staff on every owner-only route, and lets staff through the others’ guard', async () => {
    const staff = await signedInStaff(t);
    const ownerOnly = adminApiRoutes().filter((route) => route.access === 'owner');
    expect(ownerOnly.map((route) => `${route.method} ${route.url}`)).toEqual(
      // Revenue too: staff see what the invite promised them (issue 26).
      expect.arrayContaining([
        'POST /api/admin/invites',
        'GET /api/admin/audit',
        'GET /api/admin/report/dashboard',
        'GET /api/admin/report/weekly',
        // Deleting coupons and offers (issue 41): staff create, edit and disable them.
        'DELETE /api/admin/coupon/deleteCoupon/:couponId',
        'DELETE /api/admin/offer/deleteOffer/:offerId',
        // The accountant's exports (issue 43), as exportBills.
        'GET /api/admin/bill/exportCreditNotes',
        'GET /api/admin/order/exportOrders',
      ]),
    );
    for (const route of ownerOnly) {
      const response = await call(route, { asid: staff.asid });
      expect({ route: `${route.method} ${route.url}`, status: response.statusCode, body: response.json<unknown>() }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
        body: { success: false, error: 'Only the shop owner can do this.' },
      });
    }
    for (const route of adminApiRoutes().filter((item) => item.access === 'admin')) {
      const response = await call(route, { asid: staff.asid });
      expect({ route: `${route.method} ${route.url}`, passed: ![401, 403].includes(response.statusCode) }).toEqual({
        route: `${route.method} ${route.url}`,
        passed: true,
      });
    }
  });
});
