import { removeDataDir, startShop } from './support/shop-process.js';

/** One shop for the browser journeys: the built server on a free port with a temporary DATA_DIR. */
export default async function globalSetup() {
  // The browser journeys browse the demo catalogue: wait until it is loaded.
  const shop = await startShop({ env: { SEED_DEMO: '1' }, waitFor: /demo catalogue: .* products loaded/, timeoutMs: 180_000 });
  process.env.E2E_BASE_URL = shop.url;
  return async () => {
    await shop.stop();
    removeDataDir(shop.dataDir);
  };
}
