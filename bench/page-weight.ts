/**
 * What a phone downloads: each page's document (its inline stylesheet apart) and, on the listing, the photo
 * each card fetches. The built shop with the demo catalogue, once its photos have their AVIF renditions, in
 * Debian's Chromium at a Pixel 7's size (390×844 CSS px, 2.625 device pixels per CSS px).
 *
 *   npm run bench:page-weight
 *
 * Targets from issue 27: a storefront page carries only the storefront's rules (the back-office its own), and a
 * phone's listing fetches at most 40 KB per card photo. Figures are printed, not asserted.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.js';
import { removeDataDir, startShop } from '../e2e/support/shop-process.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);

async function main() {
  const shop = await startShop({ env: { SEED_DEMO: '1' }, waitFor: /photos: AVIF renditions made/, timeoutMs: 600_000 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const listing = (await (await fetch(`${shop.url}/api/user/product/filter?limit=1&inStock=true`)).json()) as {
      data: { products: Array<{ _id: string }> };
    };
    const pages = [
      ['landing', '/'],
      ['filter', '/filter?style=traditional'],
      ['product', `/product/${listing.data.products[0]?._id}`],
      ['login', '/login'],
      ['admin login', '/admin/login'],
    ] as const;
    console.log('page          document   gzip      brotli    stylesheet (part)');
    for (const [name, path] of pages) {
      const response = await fetch(`${shop.url}${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      const html = Buffer.from(await response.arrayBuffer());
      const style = /<style data-styles="(\w+)">([\s\S]*?)<\/style>/.exec(html.toString('utf8'));
      console.log(
        `${name.padEnd(12)} ${kb(html.length)} ${kb(gzipSync(html).length)} ${kb(brotliCompressSync(html).length)}  ` +
          `${kb(Buffer.byteLength(style?.[2] ?? ''))} (${style?.[1] ?? 'none'})`,
      );
    }

    // The listing on a phone: the photo bytes each card's <img> fetched (AVIF where the browser takes it).
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2.625, isMobile: true });
    const page = await context.newPage();
    const photos: Array<{ url: string; bytes: number }> = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/media/')) return;
      const body = await response.body().catch(() => null);
      if (body) photos.push({ url: response.url(), bytes: body.length });
    });
    await page.goto(`${shop.url}/filter`, { waitUntil: 'networkidle' });
    for (let y = 0; y < 6; y++) {
      await page.mouse.wheel(0, 800);
      await page.waitForLoadState('networkidle');
    }
    const widths = new Map<string, number>();
    for (const photo of photos) {
      const width = /-(\d+)\.(webp|avif)$/.exec(photo.url);
      if (width) widths.set(`${width[1]} w ${width[2]}`, (widths.get(`${width[1]} w ${width[2]}`) ?? 0) + 1);
    }
    const sizes = photos.map((photo) => photo.bytes).sort((a, b) => a - b);
    const mean = sizes.reduce((sum, each) => sum + each, 0) / Math.max(1, sizes.length);
    console.log(
      `\nphone listing: ${photos.length} card photos, mean ${kb(mean).trim()}, largest ${kb(sizes.at(-1) ?? 0).trim()} ` +
        `(renditions: ${[...widths].map(([rendition, count]) => `${count}× ${rendition}`).join(', ')}); target ≤ 40 KB each`,
    );
    await context.close();
  } finally {
    await browser.close();
    await shop.stop();
    removeDataDir(shop.dataDir);
  }
}

await main();
