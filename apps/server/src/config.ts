import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DATABASE_URL_EXAMPLES, isKeywordForm, maskPassword, parseDatabaseUrl } from './db/database-url.js';
import type { MediaStoreConfig } from './media/store.js';

/** A start-up problem a person can fix: printed as one line, the process exits with code 1. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL like ${example}`);

// Every form libpq accepts (db/database-url.ts): the guide's socket address has no host in the URL.
const databaseUrl = z
  .string()
  .trim()
  .superRefine((value, context) => {
    try {
      parseDatabaseUrl(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `${(error as Error).message}; write it like ${DATABASE_URL_EXAMPLES}` });
    }
  });

/** Who may set X-Forwarded-For/-Host/-Proto: nobody, the nearest `hops` proxies, or proxies at these addresses. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

// proxy-addr's names for common private ranges, accepted beside addresses and CIDRs.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (entry: string) => {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

const trustProxy = z
  .string()
  .trim()
  .transform((value): TrustProxy => {
    if (value === '' || value === '0') return false;
    if (/^\d+$/.test(value)) return { hops: Number(value) };
    return { addresses: value.split(',').map((entry) => entry.trim()) };
  })
  .refine(
    (value) => value === false || ('hops' in value ? value.hops <= 10 : value.addresses.every(isAddressOrCidr)),
    'must be a number of proxy hops from 1 to 10, or a comma list of proxy addresses or CIDRs (10.0.0.5,10.1.0.0/16)',
  )
  .optional();

/** Shiprocket's own API: the base every path of its documents follows. */
export const SHIPROCKET_API = 'https://apiv2.shiprocket.in/v1/external';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).optional(),
  PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535')
    .transform(Number)
    .refine((port) => port <= 65_535, 'must be a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'must be a port number from 1 to 65535')
    .transform(Number)
    .refine((port) => port >= 1 && port <= 65_535, 'must be a port number from 1 to 65535')
    .optional(),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  PUBLIC_URL: url(['http:', 'https:'], 'https://shop.example.in').optional(),
  ALLOW_INSECURE_HTTP: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  TRUST_PROXY: trustProxy,
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.email('must be an e-mail address').default('shop@localhost'),
  RAZORPAY_KEY_ID: optionalText,
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: url(['http:', 'https:'], 'https://api.razorpay.com').default('https://api.razorpay.com'),
  SHIPPING_PROVIDER: z.enum(['manual', 'shiprocket'], { message: 'must be manual or shiprocket' }).optional(),
  SHIPROCKET_EMAIL: z.email('must be the e-mail address of a Shiprocket API user').optional(),
  SHIPROCKET_PASSWORD: optionalText,
  SHIPROCKET_PICKUP_LOCATION: optionalText,
  SHIPROCKET_WEBHOOK_TOKEN: optionalText,
  // Includes /v1/external, as Shiprocket's documents write it; no query or fragment, since paths are added to it.
  SHIPROCKET_API_BASE: url(['http:', 'https:'], SHIPROCKET_API)
    .refine((value) => !/[?#]/.test(value), `must be a URL like ${SHIPROCKET_API}`)
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  PHOTO_AVIF: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('1'),
  RESERVATION_TTL_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((seconds) => seconds >= 60 && seconds <= 86_400, 'must be from 60 to 86400 seconds')
    .default(900),
  // SIGTERM: how long an instance stays in service, unready, before it stops listening (http/draining.ts).
  STOP_GRACE_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((seconds) => seconds <= 60, 'must be from 0 to 60 seconds')
    .default(5),
  MEDIA_STORE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: url(['http:', 'https:'], 'https://s3.example.com').optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  // A base that links are built on: no query or fragment, which would end up in the middle of every photo URL.
  MEDIA_PUBLIC_URL: url(['http:', 'https:'], 'https://cdn.example.in/media')
    .refine((value) => !/[?#]/.test(value), 'must be a URL like https://cdn.example.in/media')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be a pino level such as info' })
    .default('info'),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  /** Prometheus metrics on their own listener at HOST:METRICS_PORT; undefined: off. */
  metricsPort: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Absolute origin for links in mail, sitemap and payment callbacks; no trailing slash. */
  publicUrl: string;
  /** False when PUBLIC_URL was not set and follows the port (see withPort). */
  publicUrlGiven: boolean;
  /** Whose X-Forwarded-* headers count for the client IP, host and protocol (TRUST_PROXY). */
  trustProxy: TrustProxy;
  smtpUrl: string | undefined;
  mailFrom: string;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string; apiBase: string; emulated: boolean };
  /** How parcels are booked: by hand (manual), or through Shiprocket, real or its built-in emulator (shipping/config.ts). */
  shipping: ShippingConfig;
  sessionSecret: string;
  seedDemo: boolean;
  /** Whether photos get AVIF renditions in the background (PHOTO_AVIF); without them pages offer WebP only. */
  photoAvif: boolean;
  logLevel: string;
  /** How long an unpaid order holds its stock. */
  reservationSeconds: number;
  /** On SIGTERM: how long the instance keeps answering, unready, before it stops listening (STOP_GRACE_SECONDS). */
  stopGraceSeconds: number;
  /** Where photos are kept (MEDIA_STORE: DATA_DIR/media or an S3 bucket) and linked (MEDIA_PUBLIC_URL). */
  media: MediaStoreConfig;
}

/** SHIPPING_PROVIDER and the SHIPROCKET_* variables, checked (shippingConfig). */
export type ShippingConfig =
  | { provider: 'manual' }
  | {
      provider: 'shiprocket';
      email: string;
      password: string;
      /** The pickup location's nickname in the Shiprocket panel (`pickup_location`). */
      pickupLocation: string;
      /** What Shiprocket sends as x-api-key on tracking webhooks. */
      webhookToken: string;
      /** Including /v1/external; the emulator's own when emulated. */
      apiBase: string;
      emulated: boolean;
    };

/** Fixed settings of the built-in Shiprocket emulator, used only when no API user is set (never in production). */
export const SHIPROCKET_EMULATOR = {
  email: 'api-user@emulator.invalid',
  password: 'emulator_password_do_not_use_in_production',
  pickupLocation: 'Home',
  webhookToken: 'emulator_tracking_token',
} as const;

const SHIPROCKET_REQUIRED = ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_PICKUP_LOCATION', 'SHIPROCKET_WEBHOOK_TOKEN'] as const;

/**
 * Unset SHIPPING_PROVIDER: the emulator outside production (a new shop sees the whole flow, as with Razorpay),
 * manual in production (a shop that never chose a courier service goes on as before). Shiprocket's four settings
 * come together or not at all; none outside production is the emulator; production refuses the emulator.
 */
function shippingConfig(e: z.infer<typeof envSchema>, production: boolean): ShippingConfig {
  const given = SHIPROCKET_REQUIRED.filter((name) => e[name] !== undefined);
  const provider = e.SHIPPING_PROVIDER ?? (production && given.length === 0 ? 'manual' : 'shiprocket');
  if (provider === 'manual') {
    const stray = [...given, ...(e.SHIPROCKET_API_BASE ? ['SHIPROCKET_API_BASE'] : [])][0];
    if (stray)
      throw new ConfigError(`SHIPPING_PROVIDER: must be shiprocket when ${stray} is set (parcels are booked by hand in manual mode)`);
    return { provider };
  }
  if (given.length > 0 && given.length < SHIPROCKET_REQUIRED.length) {
    const missing = SHIPROCKET_REQUIRED.find((name) => e[name] === undefined);
    throw new ConfigError(`${missing}: must be set together with the other Shiprocket settings (${SHIPROCKET_REQUIRED.join(', ')})`);
  }
  if (given.length === 0) {
    if (production) {
      throw new ConfigError(
        `SHIPROCKET_EMAIL: production needs a real Shiprocket API user (${SHIPROCKET_REQUIRED.join(', ')}), or SHIPPING_PROVIDER=manual`,
      );
    }
    return { provider, ...SHIPROCKET_EMULATOR, apiBase: e.SHIPROCKET_API_BASE ?? SHIPROCKET_API, emulated: true };
  }
  return {
    provider,
    email: e.SHIPROCKET_EMAIL!,
    password: e.SHIPROCKET_PASSWORD!,
    pickupLocation: e.SHIPROCKET_PICKUP_LOCATION!,
    webhookToken: e.SHIPROCKET_WEBHOOK_TOKEN!,
    apiBase: (e.SHIPROCKET_API_BASE ?? SHIPROCKET_API).replace(/\/+$/, ''),
    emulated: false,
  };
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/** The media store from MEDIA_STORE and the S3_* variables; throws ConfigError naming the first missing one. */
function mediaConfig(e: z.infer<typeof envSchema>, dataDir: string, production: boolean): MediaStoreConfig {
  const publicUrl = e.MEDIA_PUBLIC_URL?.replace(/\/+$/, '');
  // Photos over plain http on an https page are blocked by browsers; like PUBLIC_URL, said out loud or refused.
  if (production && publicUrl?.startsWith('http:') && e.ALLOW_INSECURE_HTTP !== '1') {
    throw new ConfigError(
      `MEDIA_PUBLIC_URL: production needs an https address (got '${publicUrl}'); set ALLOW_INSECURE_HTTP=1 only on a private network`,
    );
  }
  if (e.MEDIA_STORE === 'local') {
    // S3 settings without MEDIA_STORE=s3 would leave photos on this one machine's disk without a word.
    const stray = S3_VARIABLES.find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`MEDIA_STORE: must be s3 when ${stray} is set (photos would stay on this machine's disk)`);
    return { kind: 'local', root: path.join(dataDir, 'media'), publicUrl };
  }
  const missing = S3_REQUIRED.find((name) => !e[name]);
  if (missing) throw new ConfigError(`${missing}: must be set when MEDIA_STORE is s3`);
  return {
    kind: 's3',
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    credentials: { accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY! },
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
    publicUrl,
  };
}

/** Fixed test keys of the built-in Razorpay emulator, used only when no real keys are set. */
export const EMULATOR_KEYS = {
  keyId: 'rzp_test_emulator000001',
  keySecret: 'emulator_secret_do_not_use_in_production',
  webhookSecret: 'emulator_webhook_secret',
} as const;

// Values that may hold " #" for real; any other value with one is an inline comment that systemd kept.
const MAY_HOLD_HASH = new Set([
  'SESSION_SECRET',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'SHIPROCKET_PASSWORD',
  'SHIPROCKET_WEBHOOK_TOKEN',
]);

/**
 * systemd's EnvironmentFile= (and docker's --env-file) keep everything after `=` as the value: `PORT=3000 # web`
 * is "3000 # web". Said as what it is rather than as a bad port or URL.
 */
function refuseInlineComments(env: NodeJS.ProcessEnv): void {
  for (const variable of Object.keys(envSchema.shape)) {
    const value = env[variable];
    if (value === undefined || MAY_HOLD_HASH.has(variable) || !/\s#/.test(value)) continue;
    // libpq's keyword/value form may quote a password holding " #".
    if (variable === 'DATABASE_URL' && isKeywordForm(value)) continue;
    throw new ConfigError(
      `${variable}: holds an inline comment (got '${maskPassword(value)}'); systemd keeps everything after = as the value, so put comments on a line of their own`,
    );
  }
}

/** Reads and checks every environment variable once; throws ConfigError naming the first bad one. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  refuseInlineComments(env);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    // Passwords in URLs (DATABASE_URL, SMTP_URL) are not printed.
    throw new ConfigError(`${variable}: ${issue?.message ?? 'invalid value'} (got '${maskPassword(String(env[variable] ?? ''))}')`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  const razorpayKeys = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET];
  const someKeys = razorpayKeys.some(Boolean);
  if (someKeys && !razorpayKeys.every(Boolean)) {
    const missing = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'][razorpayKeys.findIndex((key) => !key)];
    throw new ConfigError(`${missing}: must be set together with the other Razorpay keys`);
  }
  if (production && !someKeys) {
    throw new ConfigError(
      'RAZORPAY_KEY_ID: production needs real Razorpay keys (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET)',
    );
  }
  if (production && e.SEED_DEMO === '1') {
    throw new ConfigError('SEED_DEMO: demo data cannot be loaded in production');
  }

  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`METRICS_PORT: must differ from PORT (${e.PORT}); metrics never share the public port`);
  }

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  // Session cookies are Secure only over https; plain http in production is a choice someone must make out loud.
  if (production && !publicUrl.startsWith('https:') && e.ALLOW_INSECURE_HTTP !== '1') {
    throw new ConfigError(
      `PUBLIC_URL: production needs an https address (got '${publicUrl}'); set ALLOW_INSECURE_HTTP=1 only on a private network`,
    );
  }
  // One-time codes are keyed with SESSION_SECRET: a secret generated into each instance's DATA_DIR would make a
  // code mailed by one instance fail on another. On PostgreSQL (where instances can be added) production sets it.
  if (production && e.DATABASE_URL && !e.SESSION_SECRET) {
    throw new ConfigError('SESSION_SECRET: production on PostgreSQL needs one secret shared by every instance (openssl rand -base64 48)');
  }
  // The dev outbox would keep login codes in a table anyone with the database can read.
  if (production && !e.SMTP_URL) {
    throw new ConfigError('SMTP_URL: production needs a mail server, e.g. smtp://user:pass@host:587');
  }
  const media = mediaConfig(e, dataDir, production);
  const shipping = shippingConfig(e, production);
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    publicUrlGiven: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    razorpay: someKeys
      ? {
          keyId: e.RAZORPAY_KEY_ID!,
          keySecret: e.RAZORPAY_KEY_SECRET!,
          webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!,
          apiBase: e.RAZORPAY_API_BASE,
          emulated: false,
        }
      : { ...EMULATOR_KEYS, apiBase: e.RAZORPAY_API_BASE, emulated: true },
    shipping,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !production && e.DATABASE_URL === undefined,
    photoAvif: e.PHOTO_AVIF === '1',
    logLevel: e.LOG_LEVEL,
    reservationSeconds: e.RESERVATION_TTL_SECONDS,
    stopGraceSeconds: e.STOP_GRACE_SECONDS,
    media,
  };
}

/** The config for the port actually used (PORT=0 picks one): PUBLIC_URL follows it unless it was set. */
export function withPort(config: Config, port: number): Config {
  return { ...config, port, publicUrl: config.publicUrlGiven ? config.publicUrl : `http://localhost:${port}` };
}

/** Keeps a generated cookie secret in DATA_DIR so sessions survive a restart without any set-up. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    try {
      mkdirSync(dataDir, { recursive: true });
      const secret = randomBytes(32).toString('base64url');
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
      throw new ConfigError(`DATA_DIR: cannot write to ${dataDir} (${(error as Error).message})`);
    }
  }
}
