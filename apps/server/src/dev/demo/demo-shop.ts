import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { ensureDemoAnnouncements } from './announcements.js';
import { ensureDemoPromotions } from './promotions.js';
import { seedDemoSales } from './demo-sales.js';
import { ensureDemoOwner } from './demo-owner.js';
import { seedDemoCatalogue } from './seed.js';
import { ensureDemoShopperCoupon } from './shopper-coupon.js';

// The demo shop a newcomer's first `npm start` opens on (SEED_DEMO): main.ts imports this module only when
// config.seedDemo is on, so a production start never loads it (docs/decisions/024-dev-only-code.md).

export interface DemoShop {
  db: Db;
  services: Services;
  publicUrl: string;
  log: { info(line: string): void; error(details: object, line: string): void };
}

/** Before the shop listens: the announcements the first page shows, the coupons and offers, a code to try in the bag. */
export async function prepareDemoShop({ db, services }: DemoShop): Promise<void> {
  await ensureDemoAnnouncements(db, services);
  // The back-office's demo codes and offers first: they are made only in a shop with none (SAANJH10 is one).
  await ensureDemoPromotions(db, services);
  await ensureDemoShopperCoupon(db);
}

/**
 * Once the shop listens: the demo owner (awaited, her password printed once), then the catalogue and the sales
 * history in the background. The demo photos take half a minute to draw on a small machine: the shop serves
 * meanwhile and the catalogue fills in. Photos are drawn before any product row is written, so a stop half-way
 * leaves an empty catalogue that the next start seeds again.
 */
export async function startDemoShop({ db, services, publicUrl, log }: DemoShop): Promise<void> {
  // The back-office needs an owner to be tried at once: the password is shown this one time only.
  const owner = await ensureDemoOwner(db);
  if (owner) {
    log.info(
      `demo owner created: log in at ${publicUrl}/admin/login as ${owner.email} with the password ${owner.password} ` +
        `(shown once; set a new one with: npm run admin:create -- --email ${owner.email} --name "Demo Owner", then type it)`,
    );
  }
  seedDemoCatalogue(services, (message) => log.info(message))
    .then(async (seeded) => {
      // Sales history with the demo catalogue, so the dashboards are not empty on the first start.
      const sales = seeded ? await seedDemoSales(db, new Date(), { emulator: Boolean(services.paymentProvider.emulator) }) : null;
      if (sales) log.info(`demo sales: ${sales.bills} bills and ${sales.orders} paid orders`);
      if (seeded) services.photoEncoder.wake();
    })
    .catch((error: unknown) => log.error({ err: error }, 'demo catalogue could not be loaded'));
}
