import type { Page } from '@playwright/test';

// Finding things on a page whose scripts never run (the no-script journeys, ADR 026).

/** The line a plain post's page shows where a toast would be. */
export const said = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
