import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMULATOR_KEYS } from '../../apps/server/src/config.js';
import { EMULATOR_PREFIX } from '../../apps/server/src/dev/razorpay-emulator/emulator.js';
import { freePort } from '../../e2e/support/cluster.js';

// What every bench starts the same way: its PostgreSQL database, the built shop in its own process, and the bare
// Fastify route the figures are compared with.

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Debian's socket of the local PostgreSQL server. */
const LOCAL_SOCKET_DIRECTORY = '/var/run/postgresql';

/**
 * The PostgreSQL server the benches use: BENCH_POSTGRES, else the local one as a shop on the same machine reaches it
 * (docs/deploy.md): over its Unix socket, where a query's round trip costs both processes less CPU than over TCP
 * (ADR 030), or on 127.0.0.1:5432 where there is no socket.
 */
export const BENCH_POSTGRES =
  process.env.BENCH_POSTGRES ??
  (existsSync(`${LOCAL_SOCKET_DIRECTORY}/.s.PGSQL.5432`)
    ? `postgres://postgres@${encodeURIComponent(LOCAL_SOCKET_DIRECTORY)}/postgres`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

/** The URL of database `name` on the bench's server. */
export function databaseUrl(name: string): string {
  const url = new URL(BENCH_POSTGRES);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance database (create or drop a database). */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_POSTGRES });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The settings a shop runs with (npm start, the systemd unit of docs/deploy.md; ADR 029), as 'NAME=value' pairs:
 * two malloc arenas that give freed memory back, V8's old generation capped (320 MB for a catalogue of 20,000
 * products) and its young generation at 4 MB a semi-space. BENCH_SHOP_ENV replaces them ('' for glibc's and V8's
 * defaults), to see what a setting does.
 */
export function shopSettings(products = 0): { text: string; env: Record<string, string> } {
  const deployed =
    'MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 ' +
    `NODE_OPTIONS=--max-old-space-size=${products >= 20_000 ? 320 : 256} --max-semi-space-size=4`;
  const text = (process.env.BENCH_SHOP_ENV ?? deployed).trim();
  // A value may hold spaces (NODE_OPTIONS='--a=1 --b=2'): a pair ends where the next NAME= begins.
  const env = Object.fromEntries(
    text
      .split(/\s+(?=[A-Z_][A-Z0-9_]*=)/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return { text, env };
}

export interface Started {
  url: string;
  child: ChildProcess;
}

/**
 * The built shop (apps/server/dist) in its own process on a free port, once /api/health answers. BENCH_SHOP_NODE_FLAGS
 * passes Node flags to it alone, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' for a profile of the run (written when
 * it stops).
 */
export async function startShop(env: Record<string, string>): Promise<Started> {
  const port = env.PORT ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const flags = (process.env.BENCH_SHOP_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, 'apps/server/dist/main.js'], {
    cwd: ROOT,
    // STOP_GRACE_SECONDS=0: no load balancer to leave, the bench's SIGTERM stops the shop at once.
    env: { ...process.env, HOST: '127.0.0.1', SEED_DEMO: '0', LOG_LEVEL: 'warn', STOP_GRACE_SECONDS: '0', ...env, PORT: String(port) },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the shop did not answer /api/health within 60 s');
}

/** The yardstick: bench/bare-server.ts (a bare Fastify route) in its own process. */
export function startBare(): Promise<Started> {
  return startListening('bench/bare-server.ts', 'bare', {});
}

/**
 * Razorpay's stand-in (bench/support/razorpay-stand-in.ts) in its own process, its tables in `databaseUrl`,
 * posting webhooks to `webhookUrl`. Start the shop with `razorpayEnv(standIn.url)`.
 */
export function startRazorpayStandIn(databaseUrl: string, webhookUrl: string): Promise<Started> {
  return startListening('bench/support/razorpay-stand-in.ts', 'razorpay stand-in', { DATABASE_URL: databaseUrl, WEBHOOK_URL: webhookUrl });
}

/** What points a shop at the stand-in: its keys as real ones, and its address as Razorpay's API. */
export function razorpayEnv(standInUrl: string): Record<string, string> {
  return {
    RAZORPAY_KEY_ID: EMULATOR_KEYS.keyId,
    RAZORPAY_KEY_SECRET: EMULATOR_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: EMULATOR_KEYS.webhookSecret,
    RAZORPAY_API_BASE: `${standInUrl}${EMULATOR_PREFIX}`,
  };
}

/** A TypeScript program in its own process, once it prints '<name> listening on <url>'. */
function startListening(script: string, name: string, env: Record<string, string>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const listening = new RegExp(`${name} listening on (http:\\/\\/[\\d.]+:\\d+)`);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = listening.exec(output);
      if (match?.[1]) resolve({ url: match[1], child });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with code ${code}:\n${output}`)));
  });
}

/** SIGTERM, resolved once the process has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
