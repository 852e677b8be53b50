import { expect } from '@playwright/test';
import { hydrating, test, untilHydrated } from './support/test.js';
import { toast } from './support/checkout.js';

test('the landing page shows the shop, its search box and links to every policy', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Saanjh Boutique/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'FAQ',
    'Terms and conditions',
    'Payment policy',
    'Shipping policy',
    'Return policy',
    'Refund policy',
    'Cancellation policy',
    'Privacy policy',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
});

test('a shopper reads the shipping policy from the footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping policy' }).click();
  await expect(page).toHaveURL(/\/shippingpolicy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible();
  const charges = page.locator('#charges');
  await expect(charges).toContainText('₹999 or more');
  await expect(charges).toContainText('₹50');
  await expect(page.getByRole('row', { name: /Metro cities/ })).toContainText('3–5 business days');
});

test('the FAQ answers open and close', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByText('How much does shipping cost?');
  const answer = page.getByText(/Shipping is free on orders of ₹999 or more/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
});

test('an unknown page shows the not-found screen; Back to Home and Go Back work', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText("Elegant women's clothing in traditional and modern styles.").first()).toBeVisible();

  // A broken link followed inside the shop (a client-side navigation, as a <Link> makes): Go Back returns.
  await page.goto('/faq');
  await page.evaluate(() =>
    (globalThis as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter.navigate(
      '/no-such-page',
    ),
  );
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/faq$/);

  await page.goto('/another/missing/page');
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('elegance');
});

test('Go Back on a bad address opened in a new tab goes to the landing page, not a blank one', async ({ context }) => {
  const page = hydrating(await context.newPage());
  await page.goto('/no-such-page');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('elegance');
});

test('the search box submits to /productSearch', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search products' }).fill('silk saree');
  await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(/\/productSearch\?q=silk\+saree$/);
});

test('a page carries a fresh CSP nonce, and its inline scripts use it', async ({ request }) => {
  const nonces = [];
  for (let visit = 0; visit < 2; visit++) {
    const response = await request.get('/faq');
    const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    nonces.push(nonce);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

test('scripts are sent as compressed at build time (brotli or gzip, as the browser asks), and kept a year', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const url = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(url).toBeTruthy();
  for (const [asked, sent] of [
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ] as const) {
    const response = await request.get(url!, { headers: { 'accept-encoding': asked } });
    expect(response.status(), asked).toBe(200);
    expect(response.headers()['content-encoding'], asked).toBe(sent);
    // A file read from disk has a length; compressing on the fly would stream it in chunks.
    expect(Number(response.headers()['content-length']), asked).toBeGreaterThan(0);
    expect(response.headers()['cache-control']).toContain('immutable');
    expect(response.headers()['vary']).toContain('accept-encoding');
  }
});

test('a page is painted before its scripts are fetched, then wakes up and navigates without reloading', async ({ page, request }) => {
  // The HTML asks for no script while the browser parses it (ADR 017): no module preloads, no module script to run.
  const html = await (await request.get('/')).text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toContain('type="module"');

  await page.goto('/');
  await page.evaluate(() => Object.assign(globalThis, { sameDocument: true }));
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]!;
    const scripts = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js'));
    return { paint: paint.startTime, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) };
  });
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);

  // Hydrated (`goto` waited for it): a link is followed by the router in the same document, not by a new page load.
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => 'sameDocument' in globalThis)).toBe(true);
});

test('before its scripts have run, the login form is a plain post that the shop answers (no password in the address)', async ({
  context,
}) => {
  const page = await context.newPage(); // not `hydrating`: this page never wakes up
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill('nobody@example.in');
  await page.getByLabel('Password', { exact: true }).fill('a secret 123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // The browser posted the form to the route's action; the answer is a page that says what was wrong.
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  expect(page.url()).toMatch(/\/login$/);
  expect(page.url()).not.toContain('secret');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('nobody@example.in');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

test('text typed before the page has woken up is kept, and is what the form sends once it has', async ({ context }) => {
  const page = await context.newPage(); // not `hydrating`: the page is used before it wakes up
  const held: Array<() => void> = [];
  let holding = true;
  await page.route('**/assets/*.js', async (route) => {
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' }); // the held scripts hold the load event too
  const email = page.getByLabel('Email', { exact: true });
  await email.fill(`nobody-${Date.now()}@example.in`);
  await page.getByLabel('Password', { exact: true }).fill('not the password 1');
  const typed = await email.inputValue();
  holding = false;
  for (const release of held) release();
  await untilHydrated(page);
  await expect(email).toHaveValue(typed);
  // React has the typed text: the form sends it, and the shop answers that the pair is wrong (not that it is empty).
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page, 'Invalid email or password.')).toHaveCount(1);
  await expect(email).toHaveValue(typed);
});

test('a toast shows once however often it is raised, and is cleared when the shopper moves to another page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(`nobody-${Date.now()}@example.in`);
  await page.getByLabel('Password', { exact: true }).fill('not the password 1');
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await login.click();
  const wrong = toast(page, 'Invalid email or password.');
  await expect(wrong).toHaveCount(1);
  await expect(login).toBeEnabled();
  await login.click();
  await expect(login).toBeEnabled();
  await expect(wrong).toHaveCount(1);
  // The contact page is news of its own: the login page's error does not follow the shopper there.
  await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  // Well before its 5 s auto-close.
  await expect(wrong).toHaveCount(0, { timeout: 2_000 });
});

test('on a phone the header shrinks to its one row while scrolling down and comes back on scrolling up; wider screens keep it', async ({
  page,
}) => {
  await page.goto('/filter');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // What the shopper can see or tap at a height of the screen: the header, or the page under it.
  // (The e2e project has no DOM types: the little of the document this needs, typed here.)
  type Hit = { closest(selector: string): unknown } | null;
  const scrollBy = (dy: number) =>
    page.evaluate((by) => (globalThis as unknown as { scrollBy(x: number, y: number): void }).scrollBy(0, by), dy);
  const headerAt = (y: number) =>
    page.evaluate(
      (height) =>
        Boolean(
          (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): Hit } }).document
            .elementFromPoint(195, height)
            ?.closest('header'),
        ),
      y,
    );
  expect(await headerAt(100)).toBe(true); // at the top: strip, the row of logo, search, account and cart, sections
  await scrollBy(900);
  if ((page.viewportSize()?.width ?? 0) >= 640) {
    // Wider screens have room: the whole header stays.
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY)).toBeGreaterThan(300);
    expect(await headerAt(100)).toBe(true);
    return;
  }
  // Scrolling before the page has woken up (hydrated) is not seen: keep scrolling down until it folds.
  await expect
    .poll(async () => {
      await scrollBy(150);
      return headerAt(70);
    })
    .toBe(false);
  expect(await headerAt(30)).toBe(true);
  const logoRow = await page.getByRole('link', { name: /home$/ }).boundingBox();
  expect(logoRow!.y + logoRow!.height).toBeLessThanOrEqual(64);
  // The search field stays in that row, ready to type in.
  const search = page.getByRole('combobox', { name: 'Search products' });
  const box = await search.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(64);
  await search.fill('kurti');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await search.press('Escape');
  await scrollBy(600);
  await expect.poll(() => headerAt(70)).toBe(false);
  await scrollBy(-200);
  await expect.poll(() => headerAt(100)).toBe(true);
});

test('a shop page carries the storefront’s stylesheet, the back-office its own with the rules only it uses', async ({ request }) => {
  const styleOf = async (path: string) => {
    const html = await (await request.get(path)).text();
    const match = /<style data-styles="(shop|admin)">([\s\S]*?)<\/style>/.exec(html);
    expect(match, `${path} carries its stylesheet inline`).not.toBeNull();
    return { part: match![1], text: match![2]! };
  };
  const shop = await styleOf('/');
  const admin = await styleOf('/admin/login');
  expect([shop.part, admin.part]).toEqual(['shop', 'admin']);
  // The counter's and dashboards' classes are the back-office's only (a grid of the counter's lines, say).
  expect(admin.text.length).toBeGreaterThan(shop.text.length);
  expect(admin.text).toContain('.grid-cols-\\[1fr_8rem\\]');
  expect(shop.text).not.toContain('.grid-cols-\\[1fr_8rem\\]');
});
