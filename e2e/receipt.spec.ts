import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { signInOwner } from './support/counter.js';
import { ownNetworkTest as test } from './support/test.js';

// The 80 mm receipt (issue 40): it cut the Total column ('₹8,099.0', 'Tota') at 302 and 280 px and dropped HSN and
// GST %. Printed (print media) at the roll's 80 mm and its 72 mm of printable width, no cell's content is wider than
// its cell, nothing is wider than the page, and every line keeps its HSN/SAC and its rate.

const MM = 96 / 25.4;

/** What the check reads of the page's elements (the e2e files are compiled without the DOM library). */
interface Box {
  getBoundingClientRect(): { right: number };
  querySelectorAll(selector: string): Iterable<Box>;
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
}

test('the 80 mm receipt fits 72 mm printed, every figure whole, HSN and rate on every line', async ({ page }, testInfo) => {
  await signInOwner(page);
  const saved = await page.request.post('/api/admin/bill/createBill', {
    data: {
      customerName: 'Receipt Width',
      discount: 5,
      items: [
        { name: 'Banarasi silk saree with zari border', price: 8_09_900, quantity: 1, hsnCode: '50072010', gstRate: 5, discount: 10 },
        { name: 'Blouse stitching', price: 1_20_000, quantity: 2 },
        { name: 'Bridal lehenga', price: 1_25_000_00, quantity: 12, hsnCode: '6204', gstRate: 18 },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const bill = ((await saved.json()) as { data: { bill: { _id: string } } }).data.bill;

  await page.emulateMedia({ media: 'print' });
  for (const width of [Math.round(80 * MM), Math.round(72 * MM)]) {
    await page.setViewportSize({ width, height: 1400 });
    await page.goto(`/admin/invoice/${bill._id}?paper=80mm`);
    const receipt = page.locator('article.tax-invoice');
    await expect(receipt).toHaveAttribute('data-paper', '80mm');
    await page.screenshot({ path: testInfo.outputPath(`receipt-${width}.png`), fullPage: true });
    if (process.env.SHOTS_DIR) {
      mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/receipt-print-${width}-${testInfo.project.name}.png`, fullPage: true });
    }
    const overflow = await receipt.evaluate((article: Box) => {
      const edge = article.getBoundingClientRect().right + 0.5;
      const cells = [...article.querySelectorAll('th, td, dt, dd')];
      const view = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
      return {
        cells: cells.length,
        clipped: cells
          .filter((cell) => cell.scrollWidth > cell.clientWidth || cell.getBoundingClientRect().right > edge)
          .map((cell) => `${cell.textContent} (${cell.scrollWidth} > ${cell.clientWidth})`),
        page: [view.document.documentElement.scrollWidth, view.innerWidth] as const,
      };
    });
    expect(overflow.cells).toBeGreaterThan(20);
    expect(overflow.clipped, `at ${width} px`).toEqual([]);
    expect(overflow.page[0], `the page at ${width} px`).toBeLessThanOrEqual(overflow.page[1]);
    // Every figure whole, the largest included; HSN/SAC and rate on every line.
    for (const total of ['₹15,00,000.00', '₹8,099.00', '₹2,400.00'])
      await expect(receipt.getByRole('cell', { name: total, exact: true })).toBeVisible();
    await expect(receipt.locator('[data-receipt="hsn"]')).toHaveText(['50072010', '9988', '6204']);
    await expect(receipt.locator('[data-receipt="rate"]')).toHaveText(['5%', '5%', '18%']);
    await expect(receipt.getByRole('columnheader', { name: 'Total' })).toHaveText('Total');
    await expect(receipt.getByText('Round-off')).toBeVisible();
  }
});
