import { test as base, type Page, type Response } from '@playwright/test';

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

/** Playwright's `test`, whose `page` fixture waits for hydration after every page load it asks for. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(hydrating(page));
  },
});
