import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, EMULATOR_KEYS, loadConfig, SHIPROCKET_API, SHIPROCKET_EMULATOR, withPort } from './config.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-config-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      mailFrom: 'shop@localhost',
      seedDemo: true,
      production: false,
      trustProxy: false,
      metricsPort: undefined,
    });
    expect(config.razorpay).toEqual({ ...EMULATOR_KEYS, apiBase: 'https://api.razorpay.com', emulated: true });
  });

  it('generates a session secret into DATA_DIR once and reuses it', () => {
    const first = load({}).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first);
    expect(load({}).sessionSecret).toBe(first);
  });

  it('does not seed demo data by default on PostgreSQL', () => {
    expect(load({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop' }).seedDemo).toBe(false);
    expect(load({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('makes AVIF renditions of photos unless PHOTO_AVIF=0', () => {
    expect(load({}).photoAvif).toBe(true);
    expect(load({ PHOTO_AVIF: '0' }).photoAvif).toBe(false);
  });

  // Regression: with PORT=0 the e-mail links pointed at http://localhost:0 (publicUrl was rewritten after
  // the services had copied it). The port is now chosen first and PUBLIC_URL derived once from it.
  it('derives PUBLIC_URL from the port chosen for PORT=0, and keeps a PUBLIC_URL that was set', () => {
    expect(withPort(load({ PORT: '0' }), 41234).publicUrl).toBe('http://localhost:41234');
    expect(withPort(load({ PORT: '0', PUBLIC_URL: 'https://shop.example.in' }), 41234).publicUrl).toBe('https://shop.example.in');
    expect(load({ RESERVATION_TTL_SECONDS: '120' }).reservationSeconds).toBe(120);
    expect(load({}).reservationSeconds).toBe(900);
  });

  it('keeps an instance in service 5 s after SIGTERM unless STOP_GRACE_SECONDS says otherwise', () => {
    expect(load({}).stopGraceSeconds).toBe(5);
    expect(load({ STOP_GRACE_SECONDS: '0' }).stopGraceSeconds).toBe(0);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(load({ PUBLIC_URL: 'https://shop.example.in/' }).publicUrl).toBe('https://shop.example.in');
  });

  it.each<[Record<string, string>, string]>([
    [{ PORT: 'abc' }, "PORT: must be a port number from 0 to 65535 (got 'abc')"],
    [{ RESERVATION_TTL_SECONDS: '10' }, "RESERVATION_TTL_SECONDS: must be from 60 to 86400 seconds (got '10')"],
    [{ STOP_GRACE_SECONDS: '90' }, "STOP_GRACE_SECONDS: must be from 0 to 60 seconds (got '90')"],
    [{ STOP_GRACE_SECONDS: '2.5' }, "STOP_GRACE_SECONDS: must be a whole number of seconds (got '2.5')"],
    [{ PORT: '70000' }, "PORT: must be a port number from 0 to 65535 (got '70000')"],
    [{ METRICS_PORT: '0' }, "METRICS_PORT: must be a port number from 1 to 65535 (got '0')"],
    [{ METRICS_PORT: 'nine' }, "METRICS_PORT: must be a port number from 1 to 65535 (got 'nine')"],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT: must differ from PORT (3000); metrics never share the public port'],
    [
      { DATABASE_URL: 'mysql://x@y/z' },
      "DATABASE_URL: a URL must start with postgres:// or postgresql://; write it like postgres://user:password@host:5432/shop or postgres://shop@/shop?host=/var/run/postgresql (got 'mysql://x@y/z')",
    ],
    // The password is not printed.
    [
      { DATABASE_URL: 'postgres://shop:s3cret@db.internal:99999/shop' },
      "DATABASE_URL: the port must be a number from 1 to 65535; write it like postgres://user:password@host:5432/shop or postgres://shop@/shop?host=/var/run/postgresql (got 'postgres://shop:****@db.internal:99999/shop')",
    ],
    [
      { DATABASE_URL: 'postgres://shop@/shop?host=/var/run/postgresql&service=shop' },
      "DATABASE_URL: service is a libpq setting that the shop's driver (node-postgres) does not use; leave it out; write it like postgres://user:password@host:5432/shop or postgres://shop@/shop?host=/var/run/postgresql (got 'postgres://shop@/shop?host=/var/run/postgresql&service=shop')",
    ],
    [
      { SMTP_URL: 'smtp://user:pa$$word@mail.example.com:587 # Zoho' },
      "SMTP_URL: holds an inline comment (got 'smtp://user:****@mail.example.com:587 # Zoho'); systemd keeps everything after = as the value, so put comments on a line of their own",
    ],
    // Issue 39: systemd's EnvironmentFile= keeps an inline comment as part of the value.
    ...(
      [
        ['PORT', '3000 # the port'],
        ['METRICS_PORT', '9464           # optional: Prometheus metrics on 127.0.0.1:9464'],
        ['PUBLIC_URL', 'https://shop.example.in # the domain'],
        ['MAIL_FROM', 'orders@shop.example.in\t# sender'],
        ['TRUST_PROXY', '127.0.0.1 # nginx'],
        ['DATABASE_URL', 'postgres://shop@/shop?host=/var/run/postgresql # local socket'],
      ] as const
    ).map(([variable, value]): [Record<string, string>, string] => [
      { [variable]: value },
      `${variable}: holds an inline comment (got '${value}'); systemd keeps everything after = as the value, so put comments on a line of their own`,
    ]),
    [{ PUBLIC_URL: 'shop.example.in' }, "PUBLIC_URL: must be a URL like https://shop.example.in (got 'shop.example.in')"],
    [{ SMTP_URL: 'http://mail' }, "SMTP_URL: must be a URL like smtp://user:pass@host:587 (got 'http://mail')"],
    [{ MAIL_FROM: 'shop' }, "MAIL_FROM: must be an e-mail address (got 'shop')"],
    [{ SEED_DEMO: 'yes' }, "SEED_DEMO: must be 0 or 1 (got 'yes')"],
    [{ PHOTO_AVIF: 'no' }, "PHOTO_AVIF: must be 0 or 1 (got 'no')"],
    [{ NODE_ENV: 'staging' }, "NODE_ENV: must be development, production or test (got 'staging')"],
    [{ SESSION_SECRET: 'short' }, "SESSION_SECRET: must be at least 32 characters (got 'short')"],
    [{ ALLOW_INSECURE_HTTP: 'yes' }, "ALLOW_INSECURE_HTTP: must be 0 or 1 (got 'yes')"],
    ...['true', '11', '10.0.0.300', '10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '::1/129', '10.0.0.1/8/8'].map(
      (value): [Record<string, string>, string] => [
        { TRUST_PROXY: value },
        `TRUST_PROXY: must be a number of proxy hops from 1 to 10, or a comma list of proxy addresses or CIDRs (10.0.0.5,10.1.0.0/16) (got '${value}')`,
      ],
    ),
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(new ConfigError(message));
  });

  // Issue 39: the guide's socket address was refused ("must be a URL like…").
  it.each([
    'postgres://shop@/shop?host=/var/run/postgresql',
    'postgresql://shop@%2Fvar%2Frun%2Fpostgresql/shop',
    'postgres:///shop',
    'postgresql://shop@/shop',
    'postgres://shop:pw@db.internal:5433/shop?sslmode=verify-full&application_name=shop',
    'host=/var/run/postgresql dbname=shop user=shop',
  ])('accepts the DATABASE_URL %s as libpq does', (value) => {
    expect(load({ DATABASE_URL: value }).databaseUrl).toBe(value);
  });

  it('keeps a # that is part of a value: in a secret, or quoted in libpq’s keyword form', () => {
    expect(load({ SESSION_SECRET: 'a #secret that is long enough for the shop' }).sessionSecret).toBe(
      'a #secret that is long enough for the shop',
    );
    expect(load({ DATABASE_URL: "host=/var/run/postgresql dbname=shop password='x #y'" }).databaseUrl).toContain('#y');
    expect(load({ PUBLIC_URL: 'https://shop.example.in/#top' }).publicUrl).toBe('https://shop.example.in/#top');
  });

  it('serves metrics on METRICS_PORT only when it is set', () => {
    expect(load({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
  });

  it('wants all three Razorpay keys or none', () => {
    expect(() => load({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toThrow(
      new ConfigError('RAZORPAY_KEY_SECRET: must be set together with the other Razorpay keys'),
    );
    const config = load({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' });
    expect(config.razorpay).toMatchObject({ keyId: 'rzp_test_x', emulated: false });
  });

  describe('shipping (issue 42)', () => {
    const shiprocket = {
      SHIPROCKET_EMAIL: 'api@shop.example.in',
      SHIPROCKET_PASSWORD: 'pass # word',
      SHIPROCKET_PICKUP_LOCATION: 'Home',
      SHIPROCKET_WEBHOOK_TOKEN: 'tok',
    };

    it('runs the built-in Shiprocket emulator when nothing is set, so a new shop sees the whole flow', () => {
      expect(load({}).shipping).toEqual({ provider: 'shiprocket', ...SHIPROCKET_EMULATOR, apiBase: SHIPROCKET_API, emulated: true });
    });

    it('keeps booking by hand with SHIPPING_PROVIDER=manual, and refuses Shiprocket settings beside it', () => {
      expect(load({ SHIPPING_PROVIDER: 'manual' }).shipping).toEqual({ provider: 'manual' });
      expect(() => load({ SHIPPING_PROVIDER: 'manual', SHIPROCKET_EMAIL: 'api@shop.example.in' })).toThrow(
        new ConfigError('SHIPPING_PROVIDER: must be shiprocket when SHIPROCKET_EMAIL is set (parcels are booked by hand in manual mode)'),
      );
    });

    it('uses a real API user when all four settings are given, on Shiprocket’s own base unless SHIPROCKET_API_BASE says', () => {
      expect(load({ SHIPPING_PROVIDER: 'shiprocket', ...shiprocket }).shipping).toEqual({
        provider: 'shiprocket',
        email: 'api@shop.example.in',
        password: 'pass # word',
        pickupLocation: 'Home',
        webhookToken: 'tok',
        apiBase: 'https://apiv2.shiprocket.in/v1/external',
        emulated: false,
      });
      expect(load({ ...shiprocket, SHIPROCKET_API_BASE: 'http://127.0.0.1:4010/v1/external/' }).shipping).toMatchObject({
        apiBase: 'http://127.0.0.1:4010/v1/external',
        emulated: false,
      });
    });

    it.each([
      [{ SHIPPING_PROVIDER: 'ship' }, "SHIPPING_PROVIDER: must be manual or shiprocket (got 'ship')"],
      [{ SHIPROCKET_EMAIL: 'nobody' }, "SHIPROCKET_EMAIL: must be the e-mail address of a Shiprocket API user (got 'nobody')"],
      [
        { SHIPROCKET_EMAIL: 'api@shop.example.in' },
        'SHIPROCKET_PASSWORD: must be set together with the other Shiprocket settings (SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION, SHIPROCKET_WEBHOOK_TOKEN)',
      ],
      [
        { SHIPROCKET_API_BASE: 'ftp://x' },
        "SHIPROCKET_API_BASE: must be a URL like https://apiv2.shiprocket.in/v1/external (got 'ftp://x')",
      ],
    ])('refuses %o with one line naming the variable', (env, message) => {
      expect(() => load(env)).toThrow(new ConfigError(message));
    });
  });

  it('reads TRUST_PROXY as nobody, a number of hops, or proxy addresses and CIDRs', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(load({ TRUST_PROXY: ' 10.0.0.5, 10.1.0.0/16,::1, fd00::/8,loopback ' }).trustProxy).toEqual({
      addresses: ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  describe('photos (MEDIA_STORE)', () => {
    const s3: Record<string, string> = {
      MEDIA_STORE: 's3',
      S3_BUCKET: 'shop-photos',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('keeps photos in DATA_DIR/media by default, linked under /media unless MEDIA_PUBLIC_URL is set', () => {
      expect(load({}).media).toEqual({ kind: 'local', root: path.join(dataDir, 'media'), publicUrl: undefined });
      expect(load({ MEDIA_PUBLIC_URL: 'https://cdn.example.in/shop/' }).media.publicUrl).toBe('https://cdn.example.in/shop');
    });

    it('reads the S3 bucket, its region, credentials, endpoint and path style', () => {
      expect(load(s3).media).toEqual({
        kind: 's3',
        bucket: 'shop-photos',
        region: 'ap-south-1',
        endpoint: undefined,
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
        forcePathStyle: false,
        publicUrl: undefined,
      });
      expect(
        load({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1', MEDIA_PUBLIC_URL: 'https://photos.example.in' })
          .media,
      ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, publicUrl: 'https://photos.example.in' });
    });

    it.each(['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])('refuses MEDIA_STORE=s3 without %s', (name) => {
      const env = { ...s3 };
      delete env[name];
      expect(() => load(env)).toThrow(new ConfigError(`${name}: must be set when MEDIA_STORE is s3`));
    });

    it.each<[Record<string, string>, string]>([
      [{ MEDIA_STORE: 'disk' }, "MEDIA_STORE: must be local or s3 (got 'disk')"],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, "S3_ENDPOINT: must be a URL like https://s3.example.com (got 'minio:9000')"],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'true' }, "S3_FORCE_PATH_STYLE: must be 0 or 1 (got 'true')"],
      [{ MEDIA_PUBLIC_URL: 'cdn.example.in' }, "MEDIA_PUBLIC_URL: must be a URL like https://cdn.example.in/media (got 'cdn.example.in')"],
      [
        { MEDIA_PUBLIC_URL: 'https://cdn.example.in/?v=1' },
        "MEDIA_PUBLIC_URL: must be a URL like https://cdn.example.in/media (got 'https://cdn.example.in/?v=1')",
      ],
      [{ S3_BUCKET: 'shop-photos' }, "MEDIA_STORE: must be s3 when S3_BUCKET is set (photos would stay on this machine's disk)"],
    ])('refuses %o with one line naming the variable', (env, message) => {
      expect(() => load(env)).toThrow(new ConfigError(message));
    });
  });

  describe('in production', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    const ready: Record<string, string> = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.in',
      SMTP_URL: 'smtp://mail.example.in:587',
      ...keys,
    };
    const readyWithout = (name: string) => Object.fromEntries(Object.entries(ready).filter(([key]) => key !== name));

    it('starts with real keys, an https PUBLIC_URL and SMTP_URL, and loads no demo data', () => {
      expect(load(ready)).toMatchObject({ production: true, publicUrl: 'https://shop.example.in', seedDemo: false });
    });

    it('books by hand when no courier service is chosen, and refuses the Shiprocket emulator', () => {
      expect(load(ready).shipping).toEqual({ provider: 'manual' });
      expect(() => load({ ...ready, SHIPPING_PROVIDER: 'shiprocket' })).toThrow(
        /^SHIPROCKET_EMAIL: production needs a real Shiprocket API user .*, or SHIPPING_PROVIDER=manual$/,
      );
    });

    it('refuses to start without real payment keys, or with demo data', () => {
      expect(() => load({ NODE_ENV: 'production' })).toThrow(/^RAZORPAY_KEY_ID: production needs real Razorpay keys/);
      expect(() => load({ ...ready, SEED_DEMO: '1' })).toThrow(new ConfigError('SEED_DEMO: demo data cannot be loaded in production'));
    });

    it('refuses to start unless PUBLIC_URL is https, or plain http is allowed out loud', () => {
      const message = (url: string) =>
        new ConfigError(
          `PUBLIC_URL: production needs an https address (got '${url}'); set ALLOW_INSECURE_HTTP=1 only on a private network`,
        );
      expect(() => load(readyWithout('PUBLIC_URL'))).toThrow(message('http://localhost:3000'));
      expect(() => load({ ...ready, PUBLIC_URL: 'http://shop.example.in' })).toThrow(message('http://shop.example.in'));
      expect(() => load({ ...ready, PUBLIC_URL: 'http://shop.example.in', ALLOW_INSECURE_HTTP: '0' })).toThrow(
        message('http://shop.example.in'),
      );
      expect(load({ ...ready, PUBLIC_URL: 'http://10.0.0.8:3000', ALLOW_INSECURE_HTTP: '1' }).publicUrl).toBe('http://10.0.0.8:3000');
    });

    it('refuses a plain http MEDIA_PUBLIC_URL unless plain http is allowed out loud', () => {
      expect(() => load({ ...ready, MEDIA_PUBLIC_URL: 'http://cdn.example.in' })).toThrow(
        new ConfigError(
          "MEDIA_PUBLIC_URL: production needs an https address (got 'http://cdn.example.in'); set ALLOW_INSECURE_HTTP=1 only on a private network",
        ),
      );
      expect(load({ ...ready, MEDIA_PUBLIC_URL: 'https://cdn.example.in' }).media.publicUrl).toBe('https://cdn.example.in');
      expect(load({ ...ready, MEDIA_PUBLIC_URL: 'http://10.0.0.9', ALLOW_INSECURE_HTTP: '1' }).media.publicUrl).toBe('http://10.0.0.9');
    });

    it('refuses to start on PostgreSQL without a SESSION_SECRET shared by every instance', () => {
      const onPostgres = { ...ready, DATABASE_URL: 'postgres://shop@db.internal:5432/shop' };
      expect(() => load(onPostgres)).toThrow(
        new ConfigError('SESSION_SECRET: production on PostgreSQL needs one secret shared by every instance (openssl rand -base64 48)'),
      );
      expect(load({ ...onPostgres, SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toBe('x'.repeat(32));
    });

    it('refuses to start without SMTP_URL, so codes never wait in the dev outbox', () => {
      expect(() => load(readyWithout('SMTP_URL'))).toThrow(
        new ConfigError('SMTP_URL: production needs a mail server, e.g. smtp://user:pass@host:587'),
      );
    });
  });
});
