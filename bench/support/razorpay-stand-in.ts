// Razorpay's stand-in for the benches, in its own process as Razorpay is in production: the shop's built-in
// emulator (same REST API, checkout sheet and signed webhooks) on a bare Fastify app, with its tables in the
// bench's database. Webhooks go over real HTTP to WEBHOOK_URL. The shop then talks to it with real keys and
// RAZORPAY_API_BASE, so the shop's CPU figures hold only the shop's own work, as they would in production.
//
//   DATABASE_URL=... WEBHOOK_URL=http://127.0.0.1:PORT/api/payment/razorpay/webhook node --import tsx bench/support/razorpay-stand-in.ts
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Agent, request } from 'undici';
import { EMULATOR_KEYS } from '../../apps/server/src/config.js';
import { openPostgres } from '../../apps/server/src/db/database.js';
import { createEmulator } from '../../apps/server/src/dev/razorpay-emulator/emulator.js';

const databaseUrl = process.env.DATABASE_URL;
const webhookUrl = process.env.WEBHOOK_URL;
if (!databaseUrl || !webhookUrl) throw new Error('DATABASE_URL and WEBHOOK_URL are needed');

const database = await openPostgres(databaseUrl, { max: 10 });
// Keep-alive connections to the shop, as a busy sender keeps them.
const dispatcher = new Agent({ connections: 50 });
const emulator = createEmulator({
  db: database.db,
  keys: EMULATOR_KEYS,
  webhookUrl,
  deliver: async (delivery) => {
    const response = await request(delivery.url, { method: 'POST', headers: delivery.headers, body: delivery.body, dispatcher });
    await response.body.dump();
    return { status: response.statusCode };
  },
  log: { info: () => {}, error: (details, line) => process.stderr.write(`${line} ${JSON.stringify(details)}\n`) },
});

const app = Fastify({ logger: false }).setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
await app.register(emulator.plugin);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`razorpay stand-in listening on ${address}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await emulator.webhooksSettled();
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
