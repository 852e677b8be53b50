import { existsSync, readFileSync } from 'node:fs';
import type { ClientConfig } from 'pg';

// DATABASE_URL in every form libpq (psql, pg_dump) accepts for one server: a URI (postgres:// or postgresql://,
// the host a name, an address, a socket directory percent-encoded or in ?host=, or left out for the default
// socket) or keyword/value pairs (host=/var/run/postgresql dbname=shop). It is parsed here once, by libpq's
// rules, and handed to node-postgres as a config object and to pg_dump/pg_restore as keyword/value pairs, so the
// shop and its backup tools connect to the same server. node-postgres' own connection-string parser differs from
// libpq's: no host meant TCP to localhost (libpq: the Unix socket), ?dbname= was ignored, sslmode=require verified
// the certificate.

/** Why a DATABASE_URL is refused, in words, without its value. */
export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

export interface DatabaseAddress {
  /** A host name, an IP address, or a Unix-socket directory (starts with /); undefined: PGHOST or the default socket. */
  host: string | undefined;
  port: number | undefined;
  user: string | undefined;
  password: string | undefined;
  database: string | undefined;
  /** The other libpq settings given (sslmode, connect_timeout…), by libpq's keyword. */
  settings: Partial<Record<Setting, string>>;
}

const SETTINGS = [
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
  'connect_timeout',
  'application_name',
  'fallback_application_name',
  'options',
  'client_encoding',
  'keepalives',
  'keepalives_idle',
] as const;
type Setting = (typeof SETTINGS)[number];

// libpq's other keywords (PostgreSQL 17): accepted by psql, but node-postgres would ignore them without a word.
const UNSUPPORTED = new Set([
  'service',
  'passfile',
  'channel_binding',
  'hostaddr',
  'keepalives_interval',
  'keepalives_count',
  'tcp_user_timeout',
  'sslnegotiation',
  'sslcompression',
  'sslpassword',
  'sslcertmode',
  'sslcrl',
  'sslcrldir',
  'sslsni',
  'requirepeer',
  'ssl_min_protocol_version',
  'ssl_max_protocol_version',
  'gssencmode',
  'krbsrvname',
  'gsslib',
  'gssdelegation',
  'replication',
  'target_session_attrs',
  'load_balance_hosts',
  'require_auth',
]);

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];

export const DATABASE_URL_EXAMPLES = 'postgres://user:password@host:5432/shop or postgres://shop@/shop?host=/var/run/postgresql';

const isUri = (value: string) => /^postgres(ql)?:\/\//i.test(value);

/** Parses DATABASE_URL by libpq's rules; throws DatabaseUrlError saying what is wrong. */
export function parseDatabaseUrl(value: string): DatabaseAddress {
  const pairs = isUri(value) ? uriPairs(value) : keywordPairs(value);
  const address: DatabaseAddress = {
    host: undefined,
    port: undefined,
    user: undefined,
    password: undefined,
    database: undefined,
    settings: {},
  };
  for (const [keyword, raw] of pairs) {
    // libpq's JDBC-compatible spelling in a URI.
    const [key, setting] = keyword === 'ssl' && raw === 'true' ? ['sslmode', 'require'] : [keyword, raw];
    if (key === 'host') address.host = setting === '' ? undefined : setting;
    else if (key === 'port') address.port = setting === '' ? undefined : portOf(setting);
    else if (key === 'user') address.user = setting || undefined;
    else if (key === 'password') address.password = setting;
    else if (key === 'dbname') address.database = setting || undefined;
    else if ((SETTINGS as readonly string[]).includes(key)) address.settings[key as Setting] = setting;
    else if (UNSUPPORTED.has(key)) {
      throw new DatabaseUrlError(`${key} is a libpq setting that the shop's driver (node-postgres) does not use; leave it out`);
    } else throw new DatabaseUrlError(`${key} is not a PostgreSQL connection setting`);
  }
  if (address.host?.includes(',')) throw new DatabaseUrlError('one host only: the shop connects to one PostgreSQL server');
  const { sslmode, connect_timeout: timeout, keepalives, keepalives_idle: idle } = address.settings;
  if (sslmode !== undefined && !SSL_MODES.includes(sslmode)) throw new DatabaseUrlError(`sslmode must be one of ${SSL_MODES.join(', ')}`);
  for (const [name, setting] of [
    ['connect_timeout', timeout],
    ['keepalives_idle', idle],
  ] as const) {
    if (setting !== undefined && !/^\d+$/.test(setting)) throw new DatabaseUrlError(`${name} must be a whole number of seconds`);
  }
  if (keepalives !== undefined && !['0', '1'].includes(keepalives)) throw new DatabaseUrlError('keepalives must be 0 or 1');
  return address;
}

function portOf(value: string): number {
  if (value.includes(',')) throw new DatabaseUrlError('one host only: the shop connects to one PostgreSQL server');
  const port = /^\d{1,5}$/.test(value) ? Number(value) : 0;
  if (port < 1 || port > 65_535) throw new DatabaseUrlError('the port must be a number from 1 to 65535');
  return port;
}

/** libpq's percent-decoding: %XX anywhere, nothing else (a + stays a +). */
function decode(part: string): string {
  if (/%(?![0-9a-f]{2})/i.test(part) || /%00/.test(part)) throw new DatabaseUrlError('it holds a bad percent-encoded character');
  try {
    return decodeURIComponent(part);
  } catch {
    throw new DatabaseUrlError('it holds a bad percent-encoded character');
  }
}

/** postgresql://[user[:password]@][host][:port][/dbname][?keyword=value&…], as libpq's conninfo_uri_parse_options. */
function uriPairs(value: string): Array<[string, string]> {
  if (/\s/.test(value)) throw new DatabaseUrlError('a URL has no spaces (percent-encode them as %20)');
  let rest = value.slice(value.indexOf('://') + 3);
  const pairs: Array<[string, string]> = [];
  // Credentials end at the first @ before any /.
  const at = /^[^@/]*@/.exec(rest);
  if (at) {
    const userInfo = at[0].slice(0, -1);
    const colon = userInfo.indexOf(':');
    pairs.push(['user', decode(colon === -1 ? userInfo : userInfo.slice(0, colon))]);
    if (colon !== -1) pairs.push(['password', decode(userInfo.slice(colon + 1))]);
    rest = rest.slice(at[0].length);
  }
  const netloc = /^(\[[^\]]*\]|[^:/?,[\]]*)(?::([^/?,]*))?/.exec(rest)!;
  rest = rest.slice(netloc[0].length);
  if (rest.startsWith(',')) throw new DatabaseUrlError('one host only: the shop connects to one PostgreSQL server');
  if (rest !== '' && !/^[/?]/.test(rest)) throw new DatabaseUrlError(`unexpected '${rest[0]}' after the host`);
  const host = netloc[1]!.startsWith('[') ? netloc[1]!.slice(1, -1) : netloc[1]!;
  if (host !== '') pairs.push(['host', decode(host)]);
  if (netloc[2] !== undefined) pairs.push(['port', decode(netloc[2])]);
  const question = rest.indexOf('?');
  const path = question === -1 ? rest : rest.slice(0, question);
  if (path.length > 1) pairs.push(['dbname', decode(path.slice(1))]);
  if (question !== -1) {
    for (const parameter of rest.slice(question + 1).split('&')) {
      if (parameter === '') continue;
      const equals = parameter.indexOf('=');
      if (equals === -1) throw new DatabaseUrlError(`the setting ${parameter} has no value (keyword=value)`);
      pairs.push([decode(parameter.slice(0, equals)), decode(parameter.slice(equals + 1))]);
    }
  }
  return pairs;
}

/** keyword=value pairs separated by spaces, values optionally in single quotes with \ escapes (libpq's conninfo_parse). */
function keywordPairs(value: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const token = /\s*([^\s=]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|((?:[^\s'\\]|\\.)*))(?=\s|$)/y;
  let index = 0;
  const text = value.trimEnd();
  while (index < text.length) {
    token.lastIndex = index;
    const match = token.exec(text);
    if (!match) {
      throw new DatabaseUrlError(
        /^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())
          ? 'a URL must start with postgres:// or postgresql://'
          : 'it is neither a postgres:// URL nor keyword=value pairs (host=/var/run/postgresql dbname=shop)',
      );
    }
    pairs.push([match[1]!, (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1')]);
    index = token.lastIndex;
  }
  if (pairs.length === 0) throw new DatabaseUrlError('it is empty');
  return pairs;
}

// libpq's compiled-in socket directory: Debian's and Ubuntu's packages use /var/run/postgresql, upstream /tmp.
const defaultSocketDir = () => (existsSync('/var/run/postgresql') ? '/var/run/postgresql' : '/tmp');

/** The host both the shop and pg_dump connect to: the one given, else PGHOST, else the default socket directory. */
export function hostOf(address: DatabaseAddress, env: NodeJS.ProcessEnv = process.env): string {
  return address.host ?? (env.PGHOST || defaultSocketDir());
}

/** host:port/database, without credentials, for messages. */
export function describeDatabaseUrl(value: string, env: NodeJS.ProcessEnv = process.env): string {
  try {
    const address = parseDatabaseUrl(value);
    const port = address.port ?? (env.PGPORT || 5432);
    const host = hostOf(address, env);
    return `${host.includes(':') ? `[${host}]` : host}:${port}/${address.database ?? env.PGDATABASE ?? address.user ?? env.PGUSER ?? ''}`;
  } catch {
    return 'the database';
  }
}

/** The value with any password (a URL's, or libpq's password=) replaced by ****, for error messages. */
export function maskPassword(value: string): string {
  return value
    .replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/[^@/:]*:)[^@/]*@/i, '$1****@')
    .replace(/(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'?|[^\s&]*)/gi, '$1****');
}

const readSslFile = (file: string, setting: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new DatabaseUrlError(`${setting} ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
};

/**
 * node-postgres' config for DATABASE_URL, by libpq's meaning of each setting. What it leaves out (port, user,
 * database when not given) node-postgres takes from PGPORT, PGUSER, PGDATABASE as libpq does.
 */
export function pgClientConfig(value: string, env: NodeJS.ProcessEnv = process.env): ClientConfig {
  const address = parseDatabaseUrl(value);
  const s = address.settings;
  const config: ClientConfig = { host: hostOf(address, env) };
  if (address.port !== undefined) config.port = address.port;
  if (address.user !== undefined) config.user = address.user;
  if (address.password !== undefined) config.password = address.password;
  if (address.database !== undefined) config.database = address.database;
  if (s.connect_timeout !== undefined && s.connect_timeout !== '0') config.connectionTimeoutMillis = Number(s.connect_timeout) * 1000;
  if (s.application_name !== undefined) config.application_name = s.application_name;
  if (s.fallback_application_name !== undefined) config.fallback_application_name = s.fallback_application_name;
  if (s.options !== undefined) config.options = s.options;
  if (s.client_encoding !== undefined) config.client_encoding = s.client_encoding;
  if (s.keepalives !== undefined) config.keepAlive = s.keepalives === '1';
  if (s.keepalives_idle !== undefined) config.keepAliveInitialDelayMillis = Number(s.keepalives_idle) * 1000;
  config.ssl = sslOf(s, env);
  return config;
}

function sslOf(s: DatabaseAddress['settings'], env: NodeJS.ProcessEnv): ClientConfig['ssl'] {
  const mode = s.sslmode ?? env.PGSSLMODE ?? 'prefer';
  // node-postgres cannot fall back from TLS to plain as libpq's allow and prefer do (neither checks the server);
  // it connects without TLS. Say require or verify-full to encrypt.
  if (!['require', 'verify-ca', 'verify-full'].includes(mode)) return false;
  const ca = s.sslrootcert && s.sslrootcert !== 'system' ? readSslFile(s.sslrootcert, 'sslrootcert') : undefined;
  const cert = s.sslcert ? readSslFile(s.sslcert, 'sslcert') : undefined;
  const key = s.sslkey ? readSslFile(s.sslkey, 'sslkey') : undefined;
  const client = { ...(cert ? { cert } : {}), ...(key ? { key } : {}) };
  // libpq: require with a root certificate checks it as verify-ca does; without one it only encrypts.
  if (mode === 'require' && !ca) return { rejectUnauthorized: false, ...client };
  if (mode === 'verify-full') return { ...(ca ? { ca } : {}), ...client };
  return { ...(ca ? { ca } : {}), ...client, checkServerIdentity: () => undefined };
}

/** libpq keyword/value pairs for pg_dump/pg_restore --dbname, and the password for PGPASSWORD (never in `ps`). */
export function libpqConnection(value: string, env: NodeJS.ProcessEnv = process.env): { conninfo: string; env: NodeJS.ProcessEnv } {
  const address = parseDatabaseUrl(value);
  const quote = (setting: string) => `'${setting.replace(/[\\']/g, '\\$&')}'`;
  const pairs: Array<[string, string | number | undefined]> = [
    ['host', hostOf(address, env)],
    ['port', address.port],
    ['user', address.user],
    ['dbname', address.database],
    ...Object.entries(address.settings),
  ];
  const conninfo = pairs
    .filter((pair): pair is [string, string | number] => pair[1] !== undefined)
    .map(([keyword, setting]) => `${keyword}=${quote(String(setting))}`)
    .join(' ');
  return { conninfo, env: address.password ? { PGPASSWORD: address.password } : {} };
}

/** Whether `value` is libpq's keyword/value form rather than a URI. */
export const isKeywordForm = (value: string) => !isUri(value.trim());
