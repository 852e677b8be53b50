import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import net from 'node:net';
import path from 'node:path';
import { removeDataDir, runShopExpectingExit, startShop } from './support/shop-process.js';

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// These checks start their own servers and need no page: they run once, in the 'server' project.

/** The one line a failed start writes when its output is not a terminal (the journal under systemd, a pipe here). */
function startFailureLine(result: { stdout: string; stderr: string }) {
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as { level: number; msg: string; err: { type: string; message: string; stack: string } };
}

test('a bad PORT stops the start with one JSON line naming it and exit code 1', async () => {
  const result = await runShopExpectingExit({ PORT: 'abc', DATA_DIR: '/tmp/never-created' });
  expect(result.code).toBe(1);
  const line = startFailureLine(result);
  expect(line.level).toBe(60);
  expect(line.msg).toMatch(/^Cannot start the shop: PORT: must be a port number/);
  expect(line.err).toMatchObject({ type: 'ConfigError', message: expect.stringMatching(/^PORT: /) });
  expect(line.err.stack).toMatch(/\n\s+at loadConfig /);
});

test('an unreachable DATABASE_URL stops the start with one JSON line naming it and exit code 1', async () => {
  const result = await runShopExpectingExit({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x' });
  expect(result.code).toBe(1);
  const line = startFailureLine(result);
  expect(line).toMatchObject({
    level: 60,
    msg: 'Cannot start the shop: DATABASE_URL: cannot connect to 127.0.0.1:1/x (connection refused)',
  });
  expect(line.err.stack).toContain('\n    at ');
});

test('every line a running shop writes is one JSON object, a Node.js warning over two lines included', async () => {
  // A warning emitted once the shop runs, as a library would (the AWS SDK warns about Node 20 over six lines).
  const warn = `process.on('SIGUSR2', () => process.emitWarning('a test warning\\nover two lines', 'TestWarning'))`;
  const shop = await startShop({ nodeArgs: ['--import', `data:text/javascript,${encodeURIComponent(warn)}`] });
  try {
    shop.child.kill('SIGUSR2');
    await until(() => shop.output().includes('TestWarning'), 10_000);
    expect(await shop.stop()).toBe(0);
    const lines = shop.output().trimEnd().split('\n');
    const parsed = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(parsed.find((line) => line.level === 40)).toMatchObject({
      msg: 'a test warning over two lines',
      warning: { name: 'TestWarning' },
    });
  } finally {
    await shop.stop();
    removeDataDir(shop.dataDir);
  }
});

test('data in DATA_DIR survives a restart, and SIGTERM stops the shop cleanly', async ({ request }) => {
  const first = await startShop();
  try {
    expect((await request.get(`${first.url}/api/health`)).ok()).toBe(true);
    expect(await first.stop()).toBe(0);

    // Change the stored settings while the shop is down, as an owner's edit would.
    const db = await PGlite.create({ dataDir: path.join(first.dataDir, 'pgdata') });
    await db.query(`update shop_settings set name = 'Meera Threads'`);
    await db.close();

    const second = await startShop({ dataDir: first.dataDir });
    const page = await request.get(`${second.url}/`);
    expect(await page.text()).toContain('Meera Threads');
    expect(await second.stop()).toBe(0);
  } finally {
    await first.stop();
    removeDataDir(first.dataDir);
  }
});

test('a second shop on the same DATA_DIR is refused while the first runs', async () => {
  const first = await startShop();
  try {
    const second = await runShopExpectingExit({ DATA_DIR: first.dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('DATA_DIR:');
    expect(second.stderr).toContain('in use by another shop process');
  } finally {
    await first.stop();
    removeDataDir(first.dataDir);
  }
});

// A request running when SIGTERM arrives is answered keep-alive; a client that keeps such a connection open
// (nginx's upstream keepalive, a fetch whose body nobody read) used to hold the stop until the 10 s grace ran
// out and the shop exited 1 (CI saw it once). The answer must arrive, then the connection close, then exit 0.
test('SIGTERM during a request answers it, closes its kept-alive connection and exits 0 at once', async () => {
  const shop = await startShop();
  try {
    const { hostname, port } = new URL(shop.url);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const serverClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const body = JSON.stringify({ email: 'someone@example.in' });
    // The headers and half the body: the request is under way when the signal comes.
    socket.write(
      `POST /api/user/auth/forgotPassword HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    const exited = shop.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    // The socket is never ended from this side: only the server can close it.
    expect(await exited, shop.output()).toBe(0);
    await serverClosed;
    expect(received).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
  } finally {
    await shop.stop();
    removeDataDir(shop.dataDir);
  }
});
