// First: warnings printed while the modules below load are JSON lines too.
import './logging/process-output.js';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, withPort, type Config } from './config.js';
import { createDraining, drainAndClose, SHED_MS } from './http/draining.js';
import { openPglite, openPostgres, type Database } from './db/database.js';
import { reconciliationIntervalMs, startReconciliationJob } from './payments/reconciliation-job.js';
import { startRefundJob } from './payments/refund-retries.js';
import { TRACKING_RECONCILIATION_INTERVAL_MS, TRACKING_RECONCILIATION_LOCK_KEY } from './shipping/reconcile.js';
import { heapRoomWarningNow } from './metrics/heap-room.js';
import { createMetrics } from './metrics/metrics.js';
import { startMetricsServer } from './metrics/server.js';
import { createServices } from './services.js';
import { causeOf, fatalLine, startFailure } from './logging/log-errors.js';
import { createAssetShelf } from './web/asset-shelf.js';
import { loadWebBuild } from './web/ssr.js';

const WEB_BUILD_DIR = path.resolve(import.meta.dirname, '../../web/build');
/** After the grace (STOP_GRACE_SECONDS), how long requests in flight and the closing steps may take. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Starts the shop: config → database → migrations → defaults → HTTP. Fails fast with one line. */
async function main(): Promise<void> {
  const loaded = loadConfig();
  // PORT=0 (tests): choose the port now, so PUBLIC_URL and every link built from it are right from the start.
  const config = withPort(loaded, loaded.port === 0 ? await freePort(loaded.host) : loaded.port);
  const database = await openDatabase(config);
  await database.migrate();
  // The services log through the app's logger, which exists only once the app is built.
  const log = { info: (line: string) => app.log.info(line), error: (details: object, line: string) => app.log.error(details, line) };
  const metrics = createMetrics();
  metrics.watchPool(() => database.poolStats?.() ?? null);
  const services = await createServices(database.db, {
    metrics,
    mediaDir: path.join(config.dataDir, 'media'),
    media: config.media,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    production: config.production,
    log,
    razorpay: config.razorpay,
    shipping: config.shipping,
    reservationSeconds: config.reservationSeconds,
  });
  await services.settings.ensureExists();
  // The demo data is dev-only code, imported only when it is wanted: a production start never loads it (ADR 024).
  const demo = config.seedDemo ? await import('./dev/demo/demo-shop.js') : null;
  const demoShop = { db: database.db, services, publicUrl: config.publicUrl, log };
  if (demo) await demo.prepareDemoShop(demoShop);

  // Every instance on one PostgreSQL database hears the others' catalogue changes (NOTIFY/LISTEN).
  const changeChannel = database.channel?.('catalogue_changes');
  const disconnectChanges = changeChannel
    ? await services.catalogueChanges.connect({
        ...changeChannel,
        onError: (error) => app.log.warn({ err: error }, 'a catalogue change notice could not be sent'),
      })
    : async () => {};

  // This build's hashed files go on the shelf before this instance serves a page naming them: an instance still on
  // another build (a rolling upgrade) then answers them too (web/asset-shelf.ts). A shelf out of reach is no
  // reason to stay closed: said, and the instance serves its own files.
  const web = await loadWebBuild(WEB_BUILD_DIR);
  const shelf = createAssetShelf(
    config.media.kind === 'local' ? { kind: 'local', root: path.join(config.dataDir, 'assets') } : config.media,
  );
  let shelfError: unknown;
  const published = await shelf.publish({ version: web.server.assets.version, dir: web.clientDir }).catch((error: unknown) => {
    shelfError = error;
    return 0;
  });

  const draining = createDraining();
  const app: FastifyInstance = await buildApp({ config, db: database.db, services, web: { ...web, shelf }, draining });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await disconnectChanges();
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new ConfigError(`PORT: ${config.port} is already in use on ${config.host}`);
    if ((error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL')
      throw new ConfigError(`HOST: ${config.host} is not an address of this machine`);
    throw error;
  }
  // Prometheus scrapes its own port, never the public one.
  const metricsServer = config.metricsPort
    ? await startMetricsServer(metrics.registry, { port: config.metricsPort, host: config.host })
    : null;
  if (metricsServer) app.log.info(`metrics on http://${config.host}:${config.metricsPort}/metrics`);
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    `shop listening on http://${config.host}:${config.port}`,
  );

  if (shelfError) app.log.error({ err: shelfError }, "assets: this build's files could not be put on the shelf");
  if (published) app.log.info(`assets: ${published} files of this build put on the shelf`);
  // Files only builds long replaced need, in the background.
  shelf
    .prune()
    .then((removed) => {
      if (removed > 0) app.log.info(`assets: ${removed} files of old builds removed from the shelf`);
    })
    .catch((error: unknown) => app.log.warn({ err: error }, 'assets: old builds could not be pruned from the shelf'));

  // The listing index loads now, not on the first shopper's request.
  services.catalogue
    .warmUp()
    .then(() => {
      const warning = heapRoomWarningNow();
      if (warning) app.log.warn(warning);
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'the listing index could not be loaded'));

  // Photos uploaded before a rendition width was added (960 w, say) get it, in the background.
  services.adminProducts
    .addMissingRenditions()
    .then((written) => {
      if (written > 0) app.log.info(`photos: ${written} missing renditions written`);
    })
    .catch((error: unknown) => app.log.error({ err: error }, 'missing photo renditions could not be written'));

  // AVIF renditions of photos that have none yet (uploads wake it again), one photo at a time, in the background;
  // PHOTO_AVIF=0 spares a small server that work (~1 s of a core per photo): photos without AVIF are offered in WebP.
  if (config.photoAvif) services.photoEncoder.start({ log: app.log, exclusive: (key, task) => database.runExclusive(key, task) });

  // The demo owner at once, the demo catalogue and sales in the background (they take half a minute to draw).
  if (demo) await demo.startDemoShop(demoShop);

  // Mail queued by this instance is tried at once; the worker retries failures and sends what others queued.
  services.mail.start();

  const stopReconciliation = startReconciliationJob({
    intervalMs: reconciliationIntervalMs(config.reservationSeconds),
    runExclusive: (key, task) => database.runExclusive(key, task),
    reconcile: () => services.payments.reconcile(),
    log: app.log,
  });
  // Parcels with no scan for a day: their tracking polled from the provider, on one instance at a time (issue 42).
  const stopTrackingReconciliation = services.shipping.books
    ? startReconciliationJob({
        intervalMs: TRACKING_RECONCILIATION_INTERVAL_MS,
        runExclusive: (key, task) => database.runExclusive(key, task),
        reconcile: () => services.shipping.reconcileTracking(),
        log: app.log,
        lockKey: TRACKING_RECONCILIATION_LOCK_KEY,
        name: 'tracking reconciliation',
      })
    : async () => {};
  // Refunds Razorpay refused or did not answer: asked again on every instance, each claimed in the database first.
  const stopRefunds = startRefundJob({ retry: () => services.payments.retryDueRefunds(), log: app.log });

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Ctrl-C in a terminal (SIGINT): no load balancer to leave, so no grace.
    const graceMs = signal === 'SIGTERM' ? config.stopGraceSeconds * 1000 : 0;
    app.log.info(`${signal}: unready now, serving ${graceMs / 1000} s more, then finishing in-flight requests`);
    const force = setTimeout(
      () => {
        app.log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      graceMs + SHED_MS + SHUTDOWN_GRACE_MS,
    );
    force.unref();
    drainAndClose(app, draining, graceMs)
      .then(() => stopReconciliation())
      .then(() => stopTrackingReconciliation())
      .then(() => stopRefunds())
      .then(() => services.mail.stop())
      .then(() => new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined))))
      .then(() => services.photoEncoder.stop())
      .then(() => services.media.close())
      .then(() => shelf.close())
      .then(() => disconnectChanges())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** A port the system is not using now on `host`. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

// Whatever escapes (a throw in a timer, a rejection nobody awaited) ends the process as Node would, but as one
// JSON line in the journal instead of a stack over many lines.
process.on('uncaughtException', (error) => {
  process.stderr.write(fatalLine(`The shop stopped on an unexpected error: ${causeOf(error)}`, error));
  process.exit(1);
});

main().catch((error: unknown) => {
  process.stderr.write(startFailure(error, process.stderr.isTTY === true));
  process.exit(1);
});
