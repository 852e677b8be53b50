import { removeDataDir, startShop } from './support/shop-process.js';

/** One shop for the browser journeys: the built server on a free port with a temporary DATA_DIR. */
export default async function globalSetup() {
  // The browser journeys browse the demo catalogue and its sales history: wait until both are loaded.
  const shop = await startShop({ env: { SEED_DEMO: '1' }, waitFor: /demo sales: \d+ bills/, timeoutMs: 180_000 });
  process.env.E2E_BASE_URL = shop.url;
  // The back-office journeys log in as the demo owner, whose password the first start prints once.
  const owner = /demo owner created: .* as (\S+) with the password (\S+) /.exec(shop.output());
  if (owner) {
    process.env.E2E_ADMIN_EMAIL = owner[1];
    process.env.E2E_ADMIN_PASSWORD = owner[2];
  }
  return async () => {
    await shop.stop();
    removeDataDir(shop.dataDir);
  };
}
