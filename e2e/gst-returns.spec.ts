import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { signInOwner } from './support/counter.js';
import { test } from './support/test.js';

// Issue 43, GST returns: the owner opens the page from the sidebar, chooses this month, reads the return's summary,
// downloads its CSV sheets and opens b2cs.csv; a month not begun is refused in words; staff get 403 and no link.
// Desktop only (DESKTOP_ONLY); the phone's screenshot is taken here at 390×844 too.

const SHOTS = '/tmp/shots/gst-returns';
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** This month in India: its `period` ('2026-11'), its name ('November 2026'), and next month's `period`. */
function thisMonth() {
  const india = new Date(Date.now() + 330 * 60_000);
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth();
  const next = new Date(Date.UTC(year, month + 1, 1));
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    period: `${year}-${two(month + 1)}`,
    label: `${MONTHS[month]} ${year}`,
    fp: `${two(month + 1)}${year}`,
    next: `${next.getUTCFullYear()}-${two(next.getUTCMonth() + 1)}`,
  };
}

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the owner reads this month’s GSTR-1, downloads its CSV sheets and opens b2cs.csv; staff get 403', async ({
  browser,
  page,
}, testInfo) => {
  const month = thisMonth();
  await signInOwner(page);
  // A counter bill of today: this month has a B2C (small) supply whatever days the demo's orders fell on.
  const saved = await page.request.post('/api/admin/bill/createBill', {
    data: { customerName: 'GST Return', items: [{ name: 'Alteration', price: 50_000, quantity: 1 }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'GST returns' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'GST returns' })).toBeVisible();
  const period = page.getByRole('combobox', { name: 'Period' });
  // Last month by default (the return most often due); this month chosen.
  await expect(period).not.toHaveValue(month.period);
  await period.selectOption(month.period);
  await page.getByRole('button', { name: 'Show return' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/gstReturns\\?period=${month.period}$`));
  await expect(page.getByText(`GSTR-1 of ${month.label}`)).toBeVisible();
  await expect(period).toHaveValue(month.period);

  const summary = page.getByRole('region', { name: 'Summary by table' });
  await expect(summary.getByRole('rowheader', { name: '7 – B2C (small), net of credit notes' })).toBeVisible();
  await expect(summary.getByRole('rowheader', { name: '13 – Documents issued' })).toBeVisible();
  const b2cs = page.getByRole('region', { name: 'B2C small by place of supply and rate' });
  await expect(b2cs.getByRole('row').nth(1)).toContainText(/₹[\d,]+\.\d\d/);
  await expect(page.getByRole('region', { name: 'Documents issued' })).toContainText('Invoices for outward supply');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shots(page, `month-${testInfo.project.name}`);

  // The JSON link downloads the return alone, as the offline tool imports it (fp MMYYYY); the zip is its sheets.
  const json = await page.request.get(await page.getByRole('link', { name: 'Download JSON' }).getAttribute('href').then(String));
  expect(json.status()).toBe(200);
  expect(json.headers()['content-disposition']).toMatch(new RegExp(`^attachment; filename="GSTR1_\\w*_${month.fp}\\.json"$`));
  expect(((await json.json()) as { fp: string }).fp).toBe(month.fp);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV (zip)' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^GSTR1_\\w*_${month.fp}\\.zip$`));
  const files = unzipSync(readFileSync(await download.path()));
  expect(Object.keys(files)).toContain('b2cs.csv');
  const [heading, first] = strFromU8(files['b2cs.csv']!)
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  expect(heading).toBe('Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN');
  expect(first).toMatch(/^OE,\d\d-[A-Za-z ]+,/);

  // A month not begun: refused in words, with the API's status; no downloads.
  const refused = await page.goto(`/admin/gstReturns?period=${month.next}`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('has not begun yet');
  await expect(page.getByRole('link', { name: 'Download CSV (zip)' })).toHaveCount(0);
  await shots(page, `refused-${testInfo.project.name}`);

  // Staff (invited and signed up through the API): no sidebar link, 403 on the page and on the API.
  const email = `gst.helper.${testInfo.project.name}.${Date.now()}@example.in`;
  const invite = await page.request.post('/api/admin/invites', { data: { email, role: 'staff' } });
  expect(invite.ok(), await invite.text()).toBe(true);
  const inviteUrl = new URL(((await invite.json()) as { data: { invite: { url: string } } }).data.invite.url);
  const helper = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  const registered = await helper.request.post('/api/admin/register', {
    data: {
      adminName: 'Gst Helper',
      adminEmail: email,
      adminPassword: 'helper-pass-123',
      inviteToken: inviteUrl.searchParams.get('token'),
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const login = await helper.request.post('/api/admin/login', { data: { adminEmail: email, adminPassword: 'helper-pass-123' } });
  expect(login.ok()).toBe(true);
  await helper.goto('/admin/dashboard');
  await expect(helper.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Total Bills' })).toBeVisible();
  await expect(helper.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'GST returns' })).toHaveCount(0);
  const page403 = await helper.goto(`/admin/gstReturns?period=${month.period}`);
  expect(page403?.status()).toBe(403);
  await expect(helper.getByRole('heading', { name: 'GST returns' })).toHaveCount(0);
  expect((await helper.request.get(`/api/admin/gst/gstr1?period=${month.period}`)).status()).toBe(403);
  expect((await helper.request.get(`/api/admin/gst/gstr1.zip?period=${month.period}`)).status()).toBe(403);
  await helper.close();
});
