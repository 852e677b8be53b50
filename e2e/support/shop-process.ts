import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MAIN = path.resolve(import.meta.dirname, '../../apps/server/dist/main.js');

export interface ShopProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

export interface ExitedShop {
  code: number | null;
  stdout: string;
  stderr: string;
}

function launch(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): { child: ChildProcess; output: () => string; stdout: () => string; stderr: () => string } {
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    // No demo catalogue unless asked for: process checks do not need 30 s of drawing photos.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: '0',
      // One instance and no load balancer to leave: SIGTERM stops it at once (the cluster suite tests the grace).
      STOP_GRACE_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, output: () => stdout + stderr, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the built server (apps/server/dist) on a free port and resolves once it listens. */
export async function startShop(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    timeoutMs?: number;
    /** Also wait for a log line, such as the one saying the demo catalogue is loaded. */
    waitFor?: RegExp;
    /** Options for node itself, before the server's script (e.g. --import of a module hook). */
    nodeArgs?: string[];
  } = {},
): Promise<ShopProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const { child, output } = launch({ DATA_DIR: dataDir, ...options.env }, options.nodeArgs);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop did not start in time:\n${output()}`)), options.timeoutMs ?? 60_000);
    const check = () => {
      const match = /shop listening on (http:\/\/[\d.]+:\d+)/.exec(output());
      if (match?.[1] && (!options.waitFor || options.waitFor.test(output()))) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      // A signal with no output at all once happened in CI (exit code null): say which, for the next time.
      reject(new Error(`the shop exited with code ${code}${signal ? ` (signal ${signal})` : ''} before listening:\n${output()}`));
    });
  });
  return {
    url,
    dataDir,
    child,
    output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Runs the server with an environment that should make it refuse to start; resolves when it exits. */
export function runShopExpectingExit(env: Record<string, string>, timeoutMs = 30_000): Promise<ExitedShop> {
  const { child, stdout, stderr } = launch(env);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the shop did not exit:\n${stdout()}${stderr()}`));
    }, timeoutMs);
    // 'close', not 'exit': the output is read to its end (a test reads the last line).
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: stdout(), stderr: stderr() });
    });
  });
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
