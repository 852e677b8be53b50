import { expect, type Page } from '@playwright/test';

// The back-office counter's specs (billing, bill returns) sign the demo owner in and pick items to bill.

export interface BillableItem {
  productId: string;
  variantId: string | null;
  name: string;
  sku: string | null;
  price: number;
  stock: number;
}

/** The page's window, typed here: the e2e files are compiled without the DOM library. */
export interface BrowserWindow {
  print(): void;
  printed: number;
  innerWidth: number;
  innerHeight: number;
}

const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

/** Signs the demo owner in on the page's context; window.print() is counted instead of opening the dialog. */
export async function signInOwner(page: Page) {
  expect(ADMIN_EMAIL, 'global-setup reads the demo owner from the shop log').not.toBe('');
  const login = await page.request.post('/api/admin/login', { data: { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD } });
  expect(login.ok()).toBe(true);
  await page.context().addInitScript(() => {
    const view = globalThis as unknown as BrowserWindow;
    view.printed = 0;
    view.print = () => {
      view.printed += 1;
    };
  });
}

/**
 * An item with a SKU and at least `minStock` pieces whose name has `words`; the phone and desktop runs ask for
 * different words, so they never race for the same pieces.
 */
export async function billableItem(page: Page, words: string, minStock: number): Promise<BillableItem> {
  const answer = await page.request.get(`/api/admin/bill/findItems?q=${encodeURIComponent(words)}`);
  expect(answer.ok()).toBe(true);
  const item = ((await answer.json()) as { data: { items: BillableItem[] } }).data.items.find(
    (found) => found.sku && found.stock >= minStock,
  );
  expect(item, `an item in stock for '${words}'`).toBeDefined();
  return item!;
}
