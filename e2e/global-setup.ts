import { removeDataDir, startShop } from './support/shop-process.js';

/** One shop for the browser journeys: the built server on a free port with a temporary DATA_DIR. */
export default async function globalSetup() {
  // The browser journeys browse the demo catalogue and its sales history: wait until both are loaded.
  // TRUST_PROXY: each test says which network it is on (support/test.ts), as nginx says for a real shopper.
  // PHOTO_AVIF=0: the journeys look at WebP photos; AVIF encoding (apps/server/src/catalogue/photo-encoder.test.ts)
  // would take ~2.5 minutes of a core beside the first tests.
  const shop = await startShop({
    env: { SEED_DEMO: '1', TRUST_PROXY: '127.0.0.1', PHOTO_AVIF: '0' },
    waitFor: /demo sales: \d+ bills/,
    timeoutMs: 180_000,
  });
  process.env.E2E_BASE_URL = shop.url;
  // The demo owner's password is printed once at first start: the back-office journeys log in with it.
  const owner = /demo owner created: log in at \S+ as (\S+) with the password (\S+) /.exec(shop.output());
  if (owner?.[1] && owner[2]) {
    process.env.E2E_ADMIN_EMAIL = owner[1];
    process.env.E2E_ADMIN_PASSWORD = owner[2];
  }
  return async () => {
    await shop.stop();
    removeDataDir(shop.dataDir);
  };
}
