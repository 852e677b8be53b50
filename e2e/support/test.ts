import { createHash } from 'node:crypto';
import { test as playwrightTest, type Page, type Response } from '@playwright/test';

/**
 * A built page paints before its scripts are fetched (ADR 017, apps/web/app/lib/scripts-after-paint.tsx): until
 * React has hydrated it, links are plain links and a tap on a button does nothing. The root layout marks `<html>`
 * with `data-hydrated` once it has; a shopper's first tap in the tests waits for it.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

const isAppPage = (response: Response | null) => response?.headers()['content-type']?.startsWith('text/html') === true;

/** The page, with `goto` and `reload` that return once the page they load has hydrated. */
export function hydrating(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    if (isAppPage(response)) await untilHydrated(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    if (isAppPage(response)) await untilHydrated(page);
    return response;
  };
  return page;
}

/** An address of 10.0.0.0/8 of its own for each test, the same on every run of it. */
export function networkOf(testId: string): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(testId).digest();
  return `10.${a}.${b}.${(c % 254) + 1}`;
}

/**
 * Playwright's `test` where each test is a shopper on a network of her own: the demo shop trusts the loopback
 * proxy (TRUST_PROXY, as behind the deploy guide's nginx), and every request of the test's browser and API client
 * says it comes from the test's own address. The shop's limits per client address (codes per hour, logins) then
 * count each test alone, as they would count shoppers, instead of the whole suite as one client.
 */
export const ownNetworkTest = playwrightTest.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': networkOf(testInfo.testId) });
  },
});

/** The same, with a `page` fixture that waits for hydration after every page load it asks for. */
export const test = ownNetworkTest.extend({
  page: async ({ page }, use) => {
    await use(hydrating(page));
  },
});
