import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { instanceEnvironment, parseEnvironmentFile } from './test/systemd-env.js';

// Issue 39: followed to the letter, the guide's shop.env (PORT=3000, METRICS_PORT=9464 and inline comments)
// gave shop@3001 the first instance's port under systemd's rules, and its DATABASE_URL was refused. The guide's
// own files are read here as systemd reads them.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const UNIT = path.join(ROOT, 'docs/deploy/shop@.service');
const ENV_FILE = '/etc/shop/shop.env';
const guideFile = (file: string) => (file === ENV_FILE ? read('docs/deploy/shop.env') : undefined);
const root = mkdtempSync(path.join(tmpdir(), 'shop-guide-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("systemd's environment rules (test support)", () => {
  it('reads an EnvironmentFile as systemd does: comments only at a line’s start, quotes, continuations', () => {
    const text = [
      '# a comment',
      '; another',
      '   # an indented comment',
      'PORT=3000 # not a comment',
      'A = spaced out  ',
      "B='single # quoted'",
      'C="double \\"quoted\\" \\$HOME \\n"',
      'D=one\\',
      'two',
      'E=',
      'F="a"b',
      'no equals sign',
      'G=\\#hash',
      'H=last',
    ].join('\n');
    expect(parseEnvironmentFile(text)).toEqual({
      PORT: '3000 # not a comment',
      A: 'spaced out',
      B: 'single # quoted',
      C: 'double "quoted" $HOME \\n',
      D: 'onetwo',
      E: '',
      F: 'ab',
      G: '#hash',
      H: 'last',
    });
  });

  it('lets EnvironmentFile= win over Environment=, expands %i and %%, and reads quoted assignments whole', () => {
    const unit = path.join(root, 'demo@.service');
    writeFileSync(
      unit,
      [
        '[Unit]',
        'Description=demo %i',
        '[Service]',
        'Environment=PORT=%i',
        'EnvironmentFile=/etc/demo.env',
        'Environment="OPTS=--a=1 --b=%%i" NAME=%p-%i \\',
        '  LATER=x',
        'EnvironmentFile=-/etc/missing.env',
      ].join('\n'),
    );
    const files: Record<string, string> = { '/etc/demo.env': 'PORT=3000\nLATER=from-file\n' };
    expect(instanceEnvironment(unit, '3001', (file) => files[file])).toEqual({
      PORT: '3000',
      OPTS: '--a=1 --b=%i',
      NAME: 'demo-3001',
      LATER: 'from-file',
    });
  });
});

describe("the guide's env file and unit (docs/deploy)", () => {
  const instances = ['3000', '3001'].map((port) => ({ port, env: instanceEnvironment(UNIT, port, guideFile) }));
  // What differs on a test machine: the placeholder secret (the shop refuses '…', as it should).
  const configOf = (env: Record<string, string>) => loadConfig({ ...env, SESSION_SECRET: 'x'.repeat(48), DATA_DIR: root });

  it('gives each instance its own PORT and METRICS_PORT, matching the Prometheus example', () => {
    const configs = instances.map(({ env }) => configOf(env));
    expect(configs.map((config) => [config.port, config.metricsPort])).toEqual([
      [3000, 13000],
      [3001, 13001],
    ]);
    expect(configs.every((config) => config.production && config.databaseUrl === 'postgres://shop@/shop?host=/var/run/postgresql')).toBe(
      true,
    );
    const prometheus = /```yaml\n# prometheus\.yml\n[\s\S]*?targets: \[([^\]]*)\]/.exec(read('docs/deploy.md'))?.[1];
    expect(prometheus?.split(',').map((target) => target.trim())).toEqual(configs.map((config) => `'127.0.0.1:${config.metricsPort}'`));
  });

  it('keeps per-instance values out of the env file, and no value holds a stray comment', () => {
    const shared = parseEnvironmentFile(read('docs/deploy/shop.env'));
    expect(Object.keys(shared)).not.toContain('PORT');
    expect(Object.keys(shared)).not.toContain('METRICS_PORT');
    // Whatever the unit sets from the instance name must not be overridden by the shared file.
    const perInstance = Object.keys(instances[0]!.env).filter((key) => instances[0]!.env[key] !== instances[1]!.env[key]);
    expect(perInstance.sort()).toEqual(['METRICS_PORT', 'PORT']);
    for (const { env } of instances) {
      for (const [key, value] of Object.entries(env)) expect(`${key}=${value}`).not.toMatch(/\s[#;]/);
    }
  });

  it('reads the same in the shell as under systemd (the guide’s shop-run sources it)', () => {
    const shared = parseEnvironmentFile(read('docs/deploy/shop.env'));
    const shell = execFileSync('sh', ['-c', 'set -a; . "$1"; set +a; env -0', 'sh', path.join(ROOT, 'docs/deploy/shop.env')], {
      env: {},
      encoding: 'utf8',
    });
    const fromShell = Object.fromEntries(
      shell.split('\0').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    for (const [key, value] of Object.entries(shared)) expect(fromShell[key], key).toBe(value);
  });

  it('accepts every DATABASE_URL the README and the guide show', () => {
    // DATABASE_URL=… (quoted or not), and each `postgres://…` or `host=… dbname=…` example in code quotes.
    const patterns = [/DATABASE_URL=(?:'([^']*)'|"([^"]*)"|([^\s`'"]+))/g, /`(postgres(?:ql)?:\/\/[^`]*)`/g, /`(host=[^`]*)`/g];
    const examples = ['README.md', 'docs/deploy.md', 'docs/deploy/shop.env'].flatMap((file) =>
      patterns.flatMap((pattern) => [...read(file).matchAll(pattern)].map((match) => ({ file, url: match[1] ?? match[2] ?? match[3]! }))),
    );
    expect(examples.length).toBeGreaterThanOrEqual(12);
    for (const { file, url } of examples) {
      expect(() => loadConfig({ DATA_DIR: root, DATABASE_URL: url }), `${file}: DATABASE_URL=${url}`).not.toThrow();
    }
  });
});
