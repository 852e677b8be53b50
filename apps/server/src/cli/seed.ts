import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemoCatalogue, seedLargeCatalogue } from '../dev/demo/seed.js';
import { ConfigError, loadConfig } from '../config.js';
import { seedDemoSales } from '../dev/demo/demo-sales.js';
import { openPglite, openPostgres } from '../db/database.js';
import { createServices } from '../services.js';

const USAGE = 'usage: npm run seed -- [--demo] [--close-ups] | --products <count>';
const MAX_PRODUCTS = 1_000_000;

/**
 * Loads catalogue data into the configured database (DATABASE_URL, or PGlite in DATA_DIR):
 *   --demo (default)    the demo catalogue with generated photos, only into an empty catalogue
 *   --close-ups         with --demo: also a fabric close-up photo per product (slower)
 *   --products <count>  <count> generated products with variants and no photos, for benchmarks
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { demo: { type: 'boolean' }, 'close-ups': { type: 'boolean' }, products: { type: 'string' } },
    strict: true,
  });
  const count = values.products === undefined ? undefined : Number(values.products);
  if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > MAX_PRODUCTS)) {
    throw new ConfigError(`--products: a whole number from 1 to ${MAX_PRODUCTS} (got '${values.products}')`);
  }
  if (count !== undefined && values.demo) throw new ConfigError(`choose --demo or --products, not both (${USAGE})`);

  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  const say = (message: string) => process.stdout.write(`${message}\n`);
  try {
    await database.migrate();
    const services = await createServices(database.db, { mediaDir: path.join(config.dataDir, 'media'), media: config.media });
    await services.settings.ensureExists();
    if (count === undefined) {
      const result = await seedDemoCatalogue(services, say, { closeUps: values['close-ups'] ?? false });
      if (!result) say('The catalogue already has products; the demo catalogue is loaded only into an empty one.');
      const sales = result ? await seedDemoSales(database.db, new Date(), { emulator: Boolean(services.paymentProvider.emulator) }) : null;
      if (sales) say(`demo sales: ${sales.bills} bills and ${sales.orders} paid orders`);
    } else {
      await seedLargeCatalogue({ ...services, db: database.db }, { products: count, log: say });
    }
    // The S3 client's kept-alive connections would hold the process open.
    services.media.close();
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Cannot seed: ${error.message}`);
  } else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`Cannot seed: ${error.message} (${USAGE})`);
  } else {
    console.error('Cannot seed:', error);
  }
  process.exit(1);
});
