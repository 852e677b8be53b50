import { expect, test } from '@playwright/test';

// The HTTP layer of the built shop, as a browser or an attacker's page would meet it: no page is driven here.

// Regression: a hand-written cookie parser in the pages threw on it, and every page answered 500.
test('a malformed session cookie gives the signed-out page, not 500', async ({ request }) => {
  const home = await request.get('/', { headers: { cookie: 'sid=%E0%A4' } });
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('>Login</span>');
  // A shopper's own page sends the signed-out visitor home, as it does without a cookie.
  const orders = await request.get('/user/orders', { headers: { cookie: 'sid=%E0%A4' }, maxRedirects: 0 });
  expect(orders.status()).toBe(302);
  expect((await request.get('/api/user/auth/me', { headers: { cookie: 'sid=%E0%A4' } })).status()).toBe(401);
});

// Regression: TRACE on any page answered 500, with a stack trace in the log.
test('a method no page takes is answered 405 with the ones they do', async ({ request }) => {
  for (const method of ['TRACE', 'OPTIONS']) {
    const response = await request.fetch('/filter', { method });
    expect(response.status(), method).toBe(405);
    expect(response.headers().allow, method).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
  }
});

// Regression: /%61pi/... reached the API while the cross-site checks, which read the URL as sent, let it through.
test('a path spelling a plain character as %XX is refused before any check or route', async ({ request }) => {
  const response = await request.post('/%61pi/user/auth/logout', {
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' },
    data: 'x',
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({ success: false, error: 'This address is not valid.' });
});

test('every answer carries a Permissions-Policy; the camera only on back-office pages, which are never stored', async ({ request }) => {
  const api = await request.get('/api/health');
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
    expect(api.headers()['permissions-policy']).toContain(feature);
  }

  const shop = await request.get('/');
  expect(shop.headers()['permissions-policy']).toContain('camera=()');
  expect(shop.headers()['permissions-policy']).toContain('payment=(self "https://api.razorpay.com")');

  const backOffice = await request.get('/admin/login');
  expect(backOffice.status()).toBe(200);
  expect(backOffice.headers()['permissions-policy']).toContain('camera=(self)');
  expect(backOffice.headers()['permissions-policy']).toContain('payment=()');
  expect(backOffice.headers()['cache-control']).toBe('private, no-store');
});
