import { expect, type Route } from '@playwright/test';
import { formatINR, istDay, type WeeklyReport } from '@shop/core';
import { toast } from './support/checkout.js';
import { billableItem, type BrowserWindow, signInOwner } from './support/counter.js';
import { test } from './support/test.js';

// The counter: the owner bills a scanned SKU, a second item and a free-text line with a discount using only the
// keyboard, saves, prints the GST invoice, finds the bill in All Bills, and reads the weekly sales.

// The race CI caught once (be1d725): the suggestions for a scanned SKU answered while Enter was still asking for
// it, and the next scan's Enter took that stale suggestion, so the first item was billed twice and the second
// not at all. Here the answers come in that order every time.
test('a late suggestion for one scan is never taken by the next scan', async ({ page }, testInfo) => {
  await signInOwner(page);
  const [firstWords, secondWords] = testInfo.project.name === 'phone' ? ['saree', 'dupatta'] : ['kurti', 'dress'];
  const first = await billableItem(page, firstWords, 2);
  const second = await billableItem(page, secondWords, 2);
  // Every question about the first SKU waits until the test answers it.
  const held: Route[] = [];
  await page.route(
    (url) => url.pathname === '/api/admin/bill/findItems' && url.searchParams.get('q') === first.sku,
    (route) => void held.push(route),
  );
  const answer = async (route: Route) => route.fulfill({ response: await route.fetch() });

  await page.goto('/admin/billing');
  const search = page.getByRole('combobox', { name: 'Scan a barcode or type a name or SKU' });
  await expect(search).toBeFocused();
  await search.fill(first.sku!);
  await expect.poll(() => held.length, { message: 'the suggestions are asked for' }).toBe(1);
  await page.keyboard.press('Enter');
  await expect.poll(() => held.length, { message: 'Enter asks for the SKU itself' }).toBe(2);
  // The suggestions answer first, then Enter's own question: the first item is billed.
  await answer(held[0]!);
  await expect(page.getByRole('option').first()).toBeVisible();
  await answer(held[1]!);
  await expect(search).toHaveValue('');
  await expect(page.getByRole('spinbutton', { name: /^Quantity of / })).toHaveCount(1);

  // The next scan comes at once, before its own suggestions could.
  await page.keyboard.type(second.sku!);
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue('');
  const quantities = page.getByRole('spinbutton', { name: /^Quantity of / });
  await expect(quantities).toHaveCount(2);
  await expect(quantities.nth(0)).toHaveValue('1');
  await expect(quantities.nth(1)).toHaveValue('1');
  await expect(page.getByRole('cell', { name: new RegExp(second.sku!) }).first()).toBeVisible();
});

test('the owner bills with the keyboard, prints the GST invoice and finds the bill', async ({ page }, testInfo) => {
  await signInOwner(page);
  const [firstWords, secondWords] = testInfo.project.name === 'phone' ? ['saree', 'dupatta'] : ['kurti', 'dress'];
  const first = await billableItem(page, firstWords, 2);
  const second = await billableItem(page, secondWords, 2);
  const customer = `Walk-in ${testInfo.project.name} ${Date.now()}`;

  await page.goto('/admin/billing');
  const search = page.getByRole('combobox', { name: 'Scan a barcode or type a name or SKU' });
  await expect(search).toBeFocused();
  // A barcode scanner types the SKU and Enter.
  await page.keyboard.type(first.sku!);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('cell', { name: new RegExp(first.sku!) }).first()).toBeVisible();
  await expect(search).toBeFocused();
  // The second item twice: its quantity becomes 2.
  for (let i = 0; i < 2; i++) {
    await page.keyboard.type(second.sku!);
    await page.keyboard.press('Enter');
    await expect(search).toHaveValue('');
  }
  await expect(page.getByRole('spinbutton', { name: /^Quantity of / }).nth(1)).toHaveValue('2');

  // A free-text line: Tab from the search box to its fields, Enter adds it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Item not in the catalogue' })).toBeFocused();
  await page.keyboard.type('Alteration');
  await page.keyboard.press('Tab');
  await page.keyboard.type('150');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('cell', { name: 'Alteration Not in the catalogue · 9988 · GST 5%' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Customer name' }).focus();
  await page.keyboard.type(customer);
  await page.keyboard.press('Tab');
  // As the customer says it: the bill keeps the 10-digit mobile (it once kept '9198765432').
  await page.keyboard.type('+91 98765 43210');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('10');

  // Σ item totals × (1 − 10/100), half up to the paisa, then to the nearest rupee (issue 40).
  const subtotal = first.price + second.price * 2 + 15_000;
  const total = Math.round(Math.round((subtotal * 90) / 100) / 100) * 100;
  await expect(page.getByTestId('bill-subtotal')).toHaveText(formatINR(subtotal));
  await expect(page.getByTestId('bill-total')).toHaveText(formatINR(total));

  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Bill saved' })).toBeVisible();
  const invoiceNumber = (await page.getByTestId('invoice-number').textContent()) ?? '';
  expect(invoiceNumber).toMatch(/^INV\/\d{2}-\d{2}\/\d{5}$/);
  await expect(page.getByText(formatINR(total)).first()).toBeVisible();

  // 'Print Invoice' has the focus: Enter opens the 800×600 invoice window, which prints.
  const print = page.getByRole('button', { name: 'Print Invoice' });
  await expect(print).toBeFocused();
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
  await expect(popup.getByText(invoiceNumber)).toBeVisible();
  await expect(popup.getByText(/GSTIN/).first()).toBeVisible();
  await expect(popup.getByRole('columnheader', { name: 'CGST' })).toBeVisible();
  await expect(popup.getByRole('columnheader', { name: 'SGST' })).toBeVisible();
  await expect(popup.getByText('Place of supply: Karnataka')).toBeVisible();
  await expect(popup.getByText(formatINR(total)).first()).toBeVisible();
  await expect.poll(() => popup.evaluate(() => (globalThis as unknown as BrowserWindow).printed)).toBeGreaterThan(0);
  expect(
    await popup.evaluate(() => {
      const view = globalThis as unknown as BrowserWindow;
      return [view.innerWidth, view.innerHeight];
    }),
  ).toEqual([800, 600]);
  await popup.screenshot({ path: testInfo.outputPath('invoice.png') });
  await popup.close();

  // All Bills, filtered by the customer's name and today's date.
  const today = istDay(new Date());
  await page.goto(`/admin/totalBills?customer=${encodeURIComponent(customer.toUpperCase())}&from=${today}&to=${today}`);
  const bills = page.getByRole('list', { name: 'Bills' }).getByRole('listitem');
  await expect(bills).toHaveCount(1);
  await expect(bills.first()).toContainText(customer);
  await expect(bills.first()).toContainText(formatINR(total));
  await expect(bills.first()).toContainText('Discount: 10%');
  await expect(bills.first()).toContainText('9876543210');
  await expect(bills.first()).not.toContainText('9198765432');
  await page.goto(`/admin/totalBills?customer=${encodeURIComponent(`${customer} nobody`)}`);
  await expect(page.getByText('No matching bills found.')).toBeVisible();

  // This week's sales include the bill.
  await page.goto('/admin/weeklySelling');
  await expect(page.getByText('Current Week')).toBeVisible();
  const totalRevenue = page.getByText('Total Revenue').locator('..');
  const shown = Number(((await totalRevenue.textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(Math.round(shown * 100)).toBeGreaterThanOrEqual(total);
});

test("the weekly page shows the spec's sample week of March 10-16, 2025", async ({ page }) => {
  await signInOwner(page);
  // The spec's 153 pieces at catalogue prices (issue 40): the figures are the API's report of the same week.
  const answer = await page.request.get('/api/admin/report/weekly?weekStart=2025-03-10');
  expect(answer.ok()).toBe(true);
  const week = ((await answer.json()) as { data: WeeklyReport }).data;
  await page.goto('/admin/weeklySelling?weekStart=2025-03-10');
  await expect(page.getByText('March 10-16, 2025')).toBeVisible();
  await expect(page.getByText('Current Week')).toHaveCount(0);
  const tile = (label: string) => page.getByText(label, { exact: true }).locator('..');
  await expect(tile('Total Revenue')).toContainText(formatINR(week.totalRevenue));
  await expect(tile('Total Units')).toContainText('153');
  await expect(tile('Best Day')).toContainText(week.bestDay!.day);
  await expect(tile('Best Day')).toContainText(formatINR(week.bestDay!.revenue));
  await expect(tile('Avg. Daily Sales')).toContainText(formatINR(week.avgDailySales));
  const days = page.getByRole('table').last().getByRole('row');
  await expect(days.nth(1)).toContainText('Mon');
  await expect(days.nth(1)).toContainText(formatINR(week.days[0]!.revenue));
  await expect(days.nth(7)).toContainText(formatINR(week.days[6]!.revenue));
});

test('a bill split across cash and UPI: the counter shows the change, saves both, and the invoice says how it was paid', async ({
  page,
}, testInfo) => {
  await signInOwner(page);
  await page.goto('/admin/billing');
  // A free-text line keeps the total exact whatever the catalogue's prices: ₹1,499.
  await page.getByRole('textbox', { name: 'Item not in the catalogue' }).fill(`Blouse stitching ${testInfo.project.name}`);
  await page.getByRole('textbox', { name: 'Price (₹)' }).fill('1499');
  await page.getByRole('textbox', { name: 'Price (₹)' }).press('Enter');
  await expect(page.getByTestId('bill-total')).toHaveText(formatINR(1_49_900));

  // Cash alone first: ₹2,000 handed over, ₹501 back.
  await page.getByLabel('Cash received (₹)').fill('2000');
  await expect(page.getByTestId('cash-change')).toHaveText(`Change ${formatINR(50_100)}`);

  // Then split: ₹500 cash and the rest by UPI; the counter says what is left until it adds up.
  // The modes are radio buttons drawn as a segmented control: a tap lands on the label.
  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Split' }) })
    .click();
  await expect(page.getByRole('radio', { name: 'Split' })).toBeChecked();
  await page.getByLabel('Cash (₹)', { exact: true }).fill('500');
  // The last mode not typed in holds what remains (issue 40).
  await expect(page.getByLabel('Card (₹)', { exact: true })).toHaveValue('999');
  await expect(page.getByTestId('split-remaining')).toHaveText('Adds up to the total');
  await page.getByLabel('UPI (₹)', { exact: true }).fill('900');
  await expect(page.getByLabel('Card (₹)', { exact: true })).toHaveValue('99');
  // Every mode typed: what the cashier typed is what is paid, and it must add up.
  await page.getByLabel('Card (₹)', { exact: true }).fill('0');
  await expect(page.getByTestId('split-remaining')).toHaveText(`Remaining ${formatINR(99_900 - 90_000)}`);
  await page.getByRole('button', { name: 'Save bill' }).click();
  const summary = page.getByRole('complementary', { name: 'Customer and total' });
  const short = "The payments add up to ₹1,400.00; the bill's total is ₹1,499.00.";
  await expect(summary.getByRole('alert')).toHaveText(short);
  // Its toast too; on a phone it sits over the button, and its close button puts it away.
  await toast(page, short).getByRole('button', { name: 'close' }).click();
  await expect(toast(page, short)).toHaveCount(0);
  await page.getByLabel('UPI (₹)', { exact: true }).fill('999');
  await page.getByLabel('Card (₹)', { exact: true }).fill('');
  await expect(page.getByTestId('split-remaining')).toHaveText('Adds up to the total');
  await page.getByRole('button', { name: 'Save bill' }).click();

  await expect(page.getByRole('heading', { name: 'Bill saved' })).toBeVisible();
  await expect(page.getByTestId('bill-payments')).toHaveText('Cash ₹500.00 · UPI ₹999.00');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print Invoice' }).click()]);
  await popup.waitForLoadState();
  await expect(popup.getByText('Paid by Cash ₹500.00 · UPI ₹999.00')).toBeVisible();
  await popup.close();
});

test('a returning customer is found by her mobile at the counter, and her name filled in (issue 26)', async ({ page }, testInfo) => {
  await signInOwner(page);
  // Her earlier bill, under a mobile of this run's own.
  const mobile = `9${String(Date.now()).slice(-8)}${testInfo.project.name === 'phone' ? 1 : 2}`;
  const name = `Lakshmi ${testInfo.project.name}`;
  const earlier = await page.request.post('/api/admin/bill/createBill', {
    data: { customerName: name, customerPhone: mobile, items: [{ name: 'Saree fall and pico', price: 20_000, quantity: 1 }] },
  });
  expect(earlier.ok()).toBe(true);

  await page.goto('/admin/billing');
  const summary = page.getByRole('complementary', { name: 'Customer and total' });
  // As she says it, spaces and all.
  await summary.getByRole('textbox', { name: 'Phone' }).fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  await expect(summary.getByRole('textbox', { name: 'Customer name' })).toHaveValue(name);
  await expect(summary.getByRole('status').filter({ hasText: 'Returning customer' })).toHaveText('Returning customer · 1 bill');
  // A name the cashier typed is never replaced.
  await summary.getByRole('textbox', { name: 'Customer name' }).fill('Lakshmi R');
  await summary.getByRole('textbox', { name: 'Phone' }).fill('');
  await summary.getByRole('textbox', { name: 'Phone' }).fill(mobile);
  await expect(summary.getByRole('status').filter({ hasText: 'Returning customer' })).toBeVisible();
  await expect(summary.getByRole('textbox', { name: 'Customer name' })).toHaveValue('Lakshmi R');
});

// Issue 40: a line's own discount, a flat ₹ discount and the round-off line (the issue's ₹2,429.10 → ₹2,429.00);
// a typed-in item with its HSN/SAC and rate; a split whose cash part records what was handed over, the last mode
// pre-filled with what remains; the invoice prints them.
test('discounts, round-off, a typed-in item with its HSN and rate, and a split with cash received', async ({ page }, testInfo) => {
  await signInOwner(page);
  await page.goto('/admin/billing');
  const name = `Cotton saree ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Item not in the catalogue' }).fill(name);
  await page.getByRole('textbox', { name: 'Price (₹)' }).fill('2699');
  await page.getByRole('textbox', { name: 'HSN/SAC' }).fill('5208');
  await page.getByRole('combobox', { name: 'GST rate' }).selectOption('5');
  await page.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('cell', { name: `${name} Not in the catalogue · 5208 · GST 5%` })).toBeVisible();

  await page.getByRole('textbox', { name: `Discount % on ${name}` }).fill('10');
  await expect(page.getByTestId('bill-round-off')).toHaveText('−₹0.10');
  await expect(page.getByTestId('bill-total')).toHaveText('₹2,429.00');
  await expect(page.getByTestId('bar-total')).toHaveText('₹2,429.00');
  await page.getByRole('textbox', { name: 'Discount (₹)' }).fill('129');
  // ₹2,429.10 − ₹129 = ₹2,300.10 → ₹2,300.00.
  await expect(page.getByTestId('bill-total')).toHaveText('₹2,300.00');

  await page
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: 'Split' }) })
    .click();
  await page.getByLabel('Cash (₹)', { exact: true }).fill('1000');
  await page.getByLabel('Cash received (₹)').fill('1500');
  await expect(page.getByTestId('split-change')).toHaveText(`Change ${formatINR(50_000)}`);
  // The last mode not typed in holds what remains.
  await expect(page.getByLabel('Card (₹)', { exact: true })).toHaveValue('1300');
  await expect(page.getByTestId('split-remaining')).toHaveText('Adds up to the total');
  await page.getByRole('button', { name: 'Save bill' }).click();

  await expect(page.getByRole('heading', { name: 'Bill saved' })).toBeVisible();
  await expect(page.getByTestId('bill-payments')).toHaveText('Cash ₹1,000.00 (received ₹1,500.00, change ₹500.00) · Card ₹1,300.00');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Print Invoice' }).click()]);
  await popup.waitForLoadState();
  const totals = popup.locator('.invoice-totals');
  await expect(totals).toContainText('Item discounts−₹269.90');
  await expect(totals).toContainText('Discount (₹)−₹129.00');
  await expect(totals).toContainText('Round-off−₹0.10');
  await expect(popup.getByRole('cell', { name: '5208' })).toBeVisible();
  await popup.close();
});

// Issue 40: on the counter's tablet Save bill was below the fold with one item. The total and Save stay in view
// at the tablet's, a phone's and a desktop's size, with one line and with many.
test.describe('the total and Save in view', () => {
  test.use({ hasTouch: true });
  for (const [width, height] of [
    [820, 1180],
    [390, 844],
    [1440, 900],
  ] as const) {
    test(`at ${width}×${height}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      await signInOwner(page);
      await page.goto('/admin/billing');
      const save = page.getByRole('button', { name: 'Save bill' });
      for (let line = 1; line <= 6; line++) {
        await page.getByRole('textbox', { name: 'Item not in the catalogue' }).fill(`Alteration ${line}`);
        await page.getByRole('textbox', { name: 'Price (₹)' }).fill('250');
        await page.getByRole('button', { name: 'Add item' }).click();
        await expect(page.getByRole('spinbutton', { name: /^Quantity of / })).toHaveCount(line);
        if (line === 1) {
          await expect(save).toBeInViewport({ ratio: 1 });
          await expect(page.getByTestId('bar-total')).toHaveText('₹250.00');
          await expect(page.getByTestId('bar-total')).toBeInViewport();
          if (process.env.SHOTS_DIR)
            await page.screenshot({ path: `${process.env.SHOTS_DIR}/billing-${width}x${height}-${testInfo.project.name}.png` });
        }
      }
      // Scrolled to the top and to the items: still there.
      await page.mouse.wheel(0, -100_000);
      await expect(save).toBeInViewport({ ratio: 1 });
      await page.getByRole('spinbutton', { name: 'Quantity of Alteration 6' }).scrollIntoViewIfNeeded();
      await expect(save).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('bar-total')).toHaveText('₹1,500.00');
      if (process.env.SHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/billing-6-lines-${width}x${height}-${testInfo.project.name}.png` });
      }
      // The bar covers none of the form's last controls: the payment's fields scroll clear of it.
      const pay = page.getByRole('radio', { name: 'UPI' });
      await pay.scrollIntoViewIfNeeded();
      const [bar, choice] = await Promise.all([
        page.getByTestId('bill-bar').boundingBox(),
        page.locator('label').filter({ has: pay }).boundingBox(),
      ]);
      expect(choice!.y + choice!.height).toBeLessThanOrEqual(bar!.y + 1);
    });
  }
});
