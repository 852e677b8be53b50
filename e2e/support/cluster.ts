import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailCatcher, type CaughtMail } from '../../apps/server/src/test/mail-catcher.js';
import { instanceEnvironment } from '../../apps/server/src/test/systemd-env.js';
import { createEmptyDatabase, POSTGRES_URL } from './postgres.js';

// Two shop instances on one PostgreSQL database, photos in a loopback S3 server, behind nginx with the site
// configuration of docs/deploy (TLS included): what docs/deploy.md tells a boutique to run. The test can cut the
// database (a TCP proxy in between), take SMTP down and bring it back, and kill an instance.

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A TCP proxy in front of PostgreSQL that the test can cut (every connection dropped, new ones refused) and restore. */
export async function startDatabaseProxy(target = new URL(POSTGRES_URL)) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    port,
    /** The database "goes away": open connections drop and new ones are refused. */
    async cut() {
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => (closing ? closing.close(resolve) : resolve(undefined)));
    },
    restore: listen,
    async stop() {
      await this.cut();
    },
  };
}

export interface Instance {
  name: string;
  /** The Node.js version it runs on. */
  version: string;
  url: string;
  port: number;
  metricsPort: number;
  metricsUrl: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A free four-digit port whose guide metrics port (1 before it, shop@.service's METRICS_PORT=1%i) is free too. */
async function freeInstancePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 2000 + Math.floor(Math.random() * 3536);
    if ((await canListen(port)) && (await canListen(Number(`1${port}`)))) return port;
  }
  throw new Error('no free port pair for an instance');
}

// Settings of the guide's env file that a test machine replaces (startCluster's env), or drops: the placeholders
// for live Razorpay keys, and production with them (the test pays on the built-in emulator).
const SWAPPED = ['DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'SESSION_SECRET'];
const DROPPED = ['NODE_ENV', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'];

/**
 * What systemd gives `shop@<port>` from docs/deploy/shop@.service and docs/deploy/shop.env (installed as
 * /etc/shop/shop.env), by systemd's rules, with only what differs on a test machine swapped.
 */
function guideEnvironment(port: number, dataDir: string, env: Record<string, string>): Record<string, string> {
  const guide = instanceEnvironment(path.join(ROOT, 'docs/deploy/shop@.service'), String(port), (file) =>
    file === '/etc/shop/shop.env' ? readFileSync(path.join(ROOT, 'docs/deploy/shop.env'), 'utf8') : undefined,
  );
  for (const key of [...SWAPPED, ...DROPPED, 'PORT', 'METRICS_PORT']) {
    if (guide[key] === undefined) throw new Error(`docs/deploy/shop.env or shop@.service changed shape: ${key} not set`);
  }
  for (const key of DROPPED) delete guide[key];
  return { ...guide, DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: '0', ...env };
}

/** Where an instance runs: new ports and DATA_DIR unless given (a restart in place keeps them), the repository's build unless `main` says which release's. */
interface Placement {
  port?: number;
  metricsPort?: number;
  dataDir?: string;
  main?: string;
}

function startInstance(name: string, env: Record<string, string>, placement: Placement = {}): Promise<Instance> {
  return (async () => {
    const port = placement.port ?? (await freeInstancePort());
    const dataDir = placement.dataDir ?? mkdtempSync(path.join(tmpdir(), `shop-${name}-`));
    const environment = guideEnvironment(port, dataDir, env);
    const metricsPort = placement.metricsPort ?? Number(environment.METRICS_PORT);
    environment.METRICS_PORT = String(metricsPort);
    // Instance b runs on the current Node.js LTS when scripts/test-postgres.mjs hands it over (SHOP_NODE_B), a
    // on this machine's Node: a mixed pair, as during a rolling upgrade.
    const node = name === 'b' && process.env.SHOP_NODE_B ? process.env.SHOP_NODE_B : process.execPath;
    const child = spawn(node, [placement.main ?? MAIN], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The log's last 200 KB: enough to read a failure, bounded however long a soak runs.
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} before listening:\n${output}`))),
    );
    exited.catch(() => {});
    // Listening once liveness answers (whatever LOG_LEVEL says); an instance that never does is not left running.
    try {
      await Promise.race([
        exited,
        until(`${name} to listen`, async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined), 60_000, 100),
      ]);
    } catch (error) {
      child.kill('SIGKILL');
      if (!placement.dataDir) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    return {
      name,
      version,
      url: `http://127.0.0.1:${port}`,
      port,
      metricsPort,
      metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
      dataDir,
      child,
      output: () => output,
    };
  })();
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A self-signed certificate for 127.0.0.1, made with Debian's openssl. */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/**
 * docs/deploy/nginx-shop.conf as a boutique installs it, with only what differs on a test machine swapped: the
 * instances' ports, the https port, the certificate, and the cache folder. The proxy snippet is included as it is.
 */
export function renderSiteConfig(options: { upstreams: number[]; httpsPort: number; cert: string; key: string; cacheDir: string }): string {
  const site = readFileSync(path.join(ROOT, 'docs/deploy/nginx-shop.conf'), 'utf8');
  // The file's own passive-check settings (max_fails, fail_timeout) on each test port: the rolling upgrade waits by them.
  const settings = / {4}server 127\.0\.0\.1:\d+ ([^;\n]*);/.exec(site)?.[1] ?? '';
  const servers = options.upstreams.map((port) => `    server 127.0.0.1:${port} ${settings};`).join('\n');
  const rendered = site
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `${servers}\n`)
    .replace('/var/cache/nginx/shop', options.cacheDir)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${options.httpsPort} ssl http2;`)
    .replace(/ {4}listen \[::\]:443 ssl http2;\n/, '')
    .replace('/etc/letsencrypt/live/shop.example.in/fullchain.pem', options.cert)
    .replace('/etc/letsencrypt/live/shop.example.in/privkey.pem', options.key)
    .replace('/etc/nginx/snippets/shop-proxy.conf', path.join(ROOT, 'docs/deploy/shop-proxy.conf'));
  for (const expected of [String(options.httpsPort), options.cert, options.cacheDir, ...options.upstreams.map(String)]) {
    if (!rendered.includes(expected)) throw new Error(`docs/deploy/nginx-shop.conf changed shape: ${expected} not placed`);
  }
  return rendered;
}

/**
 * docs/deploy/nginx-shop-http.conf, the site enabled first, on its own and before any certificate exists: only the
 * port and the webroot swapped. nginx checks it (nginx -t) and serves it; `stop` ends nginx and removes its folder.
 */
export async function startHttpSiteAlone(): Promise<{ url: string; webroot: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-http-site-'));
  const webroot = path.join(dir, 'letsencrypt');
  mkdirSync(path.join(webroot, '.well-known/acme-challenge'), { recursive: true });
  const port = await freePort();
  const site = readFileSync(path.join(ROOT, 'docs/deploy/nginx-shop-http.conf'), 'utf8');
  const rendered = site
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace(/ {4}listen \[::\]:80;\n/, '')
    .replace('/var/www/letsencrypt', webroot);
  if (!rendered.includes(String(port)) || !rendered.includes(webroot)) throw new Error('docs/deploy/nginx-shop-http.conf changed shape');
  if (/ssl|443|letsencrypt\/live/.test(rendered)) throw new Error('docs/deploy/nginx-shop-http.conf must not need a certificate');
  // Workers run as nobody when nginx is started by root: they must read the challenge files.
  for (const folder of [webroot, path.join(webroot, '.well-known'), path.join(webroot, '.well-known/acme-challenge')])
    chmodSync(folder, 0o755);
  const nginx = await startNginx(dir, rendered);
  return {
    url: `http://127.0.0.1:${port}`,
    webroot,
    async stop() {
      await stopProcess(nginx.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The upstream's fail_timeout (seconds) in a rendered site file. */
export function failTimeoutSeconds(site: string): number {
  const match = /fail_timeout=(\d+)s/.exec(site);
  if (!match) throw new Error('docs/deploy/nginx-shop.conf changed shape: no fail_timeout=<n>s in the upstream');
  return Number(match[1]);
}

async function startNginx(dir: string, site: string): Promise<{ child: ChildProcess; output: () => string }> {
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  // nginx's workers run as nobody when started by root: the folders they write to must let them.
  chmodSync(dir, 0o777);
  chmodSync(path.join(dir, 'temp'), 0o777);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
${site}
}
`,
  );
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'pipe' });
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output + readFileSync(path.join(dir, 'error.log'), 'utf8') };
}

export interface Cluster {
  /** https://127.0.0.1:port: nginx, the address shoppers use (PUBLIC_URL). */
  url: string;
  /** What the instances connect to: PostgreSQL through the proxy the test can cut. */
  databaseUrl: string;
  /** The same database without the proxy, for the test's own look at it. */
  directDatabaseUrl: string;
  instances: [Instance, Instance];
  mails: CaughtMail[];
  database: Awaited<ReturnType<typeof startDatabaseProxy>>;
  smtp: { stop(): Promise<void>; start(): Promise<void> };
  /** Starts an instance again (after a kill), on a new port; nginx is not told (the test talks to it directly). */
  restart(index: 0 | 1): Promise<Instance>;
  /**
   * What `systemctl restart shop@PORT` does: SIGTERM (the instance's grace, then its requests in flight), wait for
   * the exit, start again on the same ports and DATA_DIR (nginx's upstream names the port), from `main` if given
   * (a release's entry through the `current` link). Resolves once the new process listens.
   */
  restartInPlace(
    index: 0 | 1,
    main?: string,
  ): Promise<{ instance: Instance; stoppedMs: number; startedMs: number; exitCode: number | null }>;
  /** nginx's error log so far (its upstream errors say why a request failed). */
  nginxLog(): string;
  /** The upstream's fail_timeout in the site file nginx runs, in ms: how long nginx leaves an instance it marked failed. */
  failTimeoutMs: number;
  /** Creates an owner as `npm run admin:create` does. */
  createOwner(email: string, password: string): void;
  stop(): Promise<void>;
}

/**
 * Starts the pair: a new database, loopback S3 and SMTP, both instances at the same moment (their migrations
 * race), then nginx in front of them.
 */
export async function startCluster(
  options: {
    /** More environment for both instances (the S3 settings, LOG_LEVEL…). */
    env?: Record<string, string>;
    /** Runs on the new database before the instances start (a catalogue for a bench). */
    prepare?: (databaseUrl: string) => Promise<void>;
  } = {},
): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-cluster-'));
  const database = await createEmptyDatabase();
  const proxy = await startDatabaseProxy();
  const databaseUrl = new URL(database.url);
  databaseUrl.port = String(proxy.port);
  databaseUrl.hostname = '127.0.0.1';

  const mails: CaughtMail[] = [];
  let catcher = await startMailCatcher(0, mails);
  const smtpPort = Number(new URL(catcher.url).port);

  const httpsPort = await freePort();
  const url = `https://127.0.0.1:${httpsPort}`;
  // What differs from the guide's env file on a test machine (guideEnvironment); the rest is the guide's.
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    PUBLIC_URL: url,
    SMTP_URL: catcher.url,
    // One secret for every instance (docs/deploy.md): a code mailed by one is checked by the other.
    SESSION_SECRET: 'cluster-test-secret-shared-by-both-instances-0001',
    // Reconciliation runs at least three times per reservation: a short one lets the crash test see it act.
    RESERVATION_TTL_SECONDS: '60',
    ...options.env,
  };
  // Whatever started is stopped again if a later step fails: a failed start leaves no process behind.
  const undo: Array<() => Promise<void>> = [() => catcher.stop(), () => proxy.stop(), () => database.drop()];
  try {
    await options.prepare?.(database.url);
    const started = await Promise.allSettled([startInstance('a', env), startInstance('b', env)]);
    for (const result of started) if (result.status === 'fulfilled') undo.unshift(() => stopProcess(result.value.child, 'SIGKILL'));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const instances = started.map((result) => (result as PromiseFulfilledResult<Instance>).value) as [Instance, Instance];
    return await frontWithNginx(instances);
  } catch (error) {
    for (const step of undo) await step().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  async function frontWithNginx(instances: [Instance, Instance]): Promise<Cluster> {
    const { cert, key } = selfSignedCertificate(dir);
    const site = renderSiteConfig({
      upstreams: instances.map((instance) => instance.port),
      httpsPort,
      cert,
      key,
      cacheDir: path.join(dir, 'cache'),
    });
    const nginx = await startNginx(dir, site);
    undo.unshift(() => stopProcess(nginx.child));
    await until(
      'nginx to answer',
      async () => {
        const socket = net.connect(httpsPort, '127.0.0.1');
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('error', reject);
        });
        socket.destroy();
        return true;
      },
      10_000,
    );

    return {
      url,
      databaseUrl: databaseUrl.toString(),
      directDatabaseUrl: database.url,
      instances,
      mails,
      database: proxy,
      smtp: {
        stop: () => catcher.stop(),
        async start() {
          catcher = await startMailCatcher(smtpPort, mails);
        },
      },
      async restart(index) {
        const name = index === 0 ? 'a' : 'b';
        const instance = await startInstance(name, env);
        instances[index] = instance;
        return instance;
      },
      async restartInPlace(index, main) {
        const old = instances[index];
        const at = Date.now();
        await stopProcess(old.child);
        const stoppedMs = Date.now() - at;
        const instance = await startInstance(old.name, env, { port: old.port, metricsPort: old.metricsPort, dataDir: old.dataDir, main });
        instances[index] = instance;
        return { instance, stoppedMs, startedMs: Date.now() - at - stoppedMs, exitCode: old.child.exitCode };
      },
      nginxLog: () => nginx.output(),
      failTimeoutMs: failTimeoutSeconds(site) * 1000,
      createOwner(email, password) {
        execFileSync(
          process.execPath,
          [path.join(ROOT, 'apps/server/dist/cli/admin-create.js'), '--email', email, '--name', 'Cluster Owner'],
          { env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, ADMIN_PASSWORD: password }, stdio: 'pipe' },
        );
      },
      async stop() {
        await stopProcess(nginx.child);
        await Promise.all(instances.map((instance) => stopProcess(instance.child)));
        for (const instance of instances) rmSync(instance.dataDir, { recursive: true, force: true });
        await catcher.stop().catch(() => {});
        await proxy.stop();
        await database.drop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}
