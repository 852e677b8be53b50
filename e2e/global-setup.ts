import { removeDataDir, startShop } from './support/shop-process.js';

/** One shop for the browser journeys: the built server on a free port with a temporary DATA_DIR. */
export default async function globalSetup() {
  const shop = await startShop();
  process.env.E2E_BASE_URL = shop.url;
  return async () => {
    await shop.stop();
    removeDataDir(shop.dataDir);
  };
}
