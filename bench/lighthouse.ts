/**
 * Lighthouse (mobile, its default throttling) on the landing page, /filter and a product page of the
 * built shop with the demo catalogue, in Debian's Chromium. Prints the four category scores and the
 * JavaScript each page loads (transferred, i.e. compressed when the server compresses).
 *
 *   npm run bench:lighthouse        (CHROME_PATH defaults to /usr/bin/chromium)
 *
 * Targets from the catalogue issue: performance ≥ 95, accessibility ≥ 95, SEO 100, landing JS ≤ 100 KB.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.js';
import { removeDataDir, startShop } from '../e2e/support/shop-process.js';

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

async function main() {
  const shop = await startShop({ env: { SEED_DEMO: '1' }, waitFor: /demo catalogue: .* products loaded/, timeoutMs: 180_000 });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const listing = (await (await fetch(`${shop.url}/api/user/product/filter?limit=1&inStock=true`)).json()) as {
      data: { products: Array<{ _id: string }> };
    };
    const productId = listing.data.products[0]?._id;
    const pages = [
      ['landing', '/'],
      ['filter', '/filter?style=traditional'],
      ['product', `/product/${productId}`],
    ] as const;
    console.log('page       perf  a11y  seo  best-practices  JS (transferred)');
    for (const [name, path] of pages) {
      const result = await lighthouse(`${shop.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100)).padStart(4);
      const items = (audits['resource-summary']?.details as { items?: ResourceSummaryItem[] } | undefined)?.items ?? [];
      const scriptBytes = items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
      console.log(
        `${name.padEnd(9)} ${score('performance')}  ${score('accessibility')}  ${score('seo')}  ${score('best-practices')}            ${(scriptBytes / 1024).toFixed(1)} KB`,
      );
    }
  } finally {
    chrome.kill();
    await shop.stop();
    removeDataDir(shop.dataDir);
  }
}

await main();
