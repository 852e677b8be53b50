import { describe, expect, it } from 'vitest';
import { describeDatabaseUrl, libpqConnection, maskPassword, parseDatabaseUrl, pgClientConfig } from './database-url.js';

// Issue 39: the guide's postgres://shop@/shop?host=/var/run/postgresql was refused ("must be a URL like…"), and
// node-postgres' own parser would have sent postgres:///shop to TCP localhost where psql uses the socket.

const address = (fields: Partial<ReturnType<typeof parseDatabaseUrl>>) => ({
  host: undefined,
  port: undefined,
  user: undefined,
  password: undefined,
  database: undefined,
  settings: {},
  ...fields,
});

describe('DATABASE_URL by libpq’s rules', () => {
  it.each([
    [
      'postgres://user:secret@db.internal:5433/shop',
      { host: 'db.internal', port: 5433, user: 'user', password: 'secret', database: 'shop' },
    ],
    ['postgres://shop@/shop?host=/var/run/postgresql', { host: '/var/run/postgresql', user: 'shop', database: 'shop' }],
    ['postgresql://shop@%2Fvar%2Frun%2Fpostgresql/shop', { host: '/var/run/postgresql', user: 'shop', database: 'shop' }],
    ['postgres:///shop', { database: 'shop' }],
    ['postgresql://shop@/shop', { user: 'shop', database: 'shop' }],
    ['postgresql://', {}],
    ['postgres://[::1]:5432/shop', { host: '::1', port: 5432, database: 'shop' }],
    ['postgres://u:p%40ss%2Fw@h/db%20x', { host: 'h', user: 'u', password: 'p@ss/w', database: 'db x' }],
    [
      'postgresql://h/x?dbname=shop&port=6543&user=shop&password=pw&sslmode=require&connect_timeout=3',
      { host: 'h', port: 6543, user: 'shop', password: 'pw', database: 'shop', settings: { sslmode: 'require', connect_timeout: '3' } },
    ],
    ['postgres://h/shop?ssl=true', { host: 'h', database: 'shop', settings: { sslmode: 'require' } }],
    ['host=/var/run/postgresql dbname=shop user=shop', { host: '/var/run/postgresql', user: 'shop', database: 'shop' }],
    [
      "host = 'db.internal' port=5433 dbname='my shop' password='it\\'s # ok' sslmode=verify-full",
      { host: 'db.internal', port: 5433, password: "it's # ok", database: 'my shop', settings: { sslmode: 'verify-full' } },
    ],
  ])('reads %s', (value, expected) => {
    expect(parseDatabaseUrl(value)).toEqual(address(expected));
  });

  it.each([
    ['mysql://x@y/z', 'a URL must start with postgres:// or postgresql://'],
    ['shop.example.in', 'it is neither a postgres:// URL nor keyword=value pairs (host=/var/run/postgresql dbname=shop)'],
    ['', 'it is empty'],
    ['postgres://a,b/shop', 'one host only: the shop connects to one PostgreSQL server'],
    ['postgres://a:1,b:2/shop', 'one host only: the shop connects to one PostgreSQL server'],
    ['postgres://h/shop?host=a,b', 'one host only: the shop connects to one PostgreSQL server'],
    ['postgres://h:99999/shop', 'the port must be a number from 1 to 65535'],
    ['postgres://h:port/shop', 'the port must be a number from 1 to 65535'],
    ['postgres://h/shop?colour=blue', 'colour is not a PostgreSQL connection setting'],
    ['postgres://h/shop?service=shop', "service is a libpq setting that the shop's driver (node-postgres) does not use; leave it out"],
    ['postgres://h/shop?sslmode=on', 'sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full'],
    ['postgres://h/sh%zzop', 'it holds a bad percent-encoded character'],
    ['postgres://h/shop?sslmode', 'the setting sslmode has no value (keyword=value)'],
    ['postgres://h/shop # main database', 'a URL has no spaces (percent-encode them as %20)'],
  ])('refuses %s in words', (value, message) => {
    expect(() => parseDatabaseUrl(value)).toThrow(message);
  });

  it('gives node-postgres the libpq meaning: no host is the socket, sslmode=require encrypts without checking', () => {
    expect(pgClientConfig('postgres:///shop', { PGHOST: '/run/pg' })).toMatchObject({ host: '/run/pg', database: 'shop', ssl: false });
    expect(pgClientConfig('postgres:///shop', {}).host).toMatch(/^\/(var\/run\/postgresql|tmp)$/);
    expect(pgClientConfig('postgres://h/shop?sslmode=require', {}).ssl).toEqual({ rejectUnauthorized: false });
    expect(pgClientConfig('postgres://h/shop?sslmode=verify-full', {}).ssl).toEqual({});
    expect(pgClientConfig('postgres://h/shop', { PGSSLMODE: 'require' }).ssl).toEqual({ rejectUnauthorized: false });
    expect(pgClientConfig('postgres://h/shop?sslmode=prefer&connect_timeout=3&options=-c%20work_mem%3D8MB', {})).toMatchObject({
      ssl: false,
      connectionTimeoutMillis: 3000,
      options: '-c work_mem=8MB',
    });
    expect(() => pgClientConfig('postgres://h/shop?sslmode=verify-ca&sslrootcert=/nowhere/root.crt', {})).toThrow(
      'sslrootcert /nowhere/root.crt cannot be read (ENOENT)',
    );
  });

  it('gives pg_dump the same server as keyword/value pairs, the password in PGPASSWORD only', () => {
    expect(libpqConnection("postgres://o'k:pw@/shop?host=/var/run/postgresql&sslmode=disable", {})).toEqual({
      conninfo: "host='/var/run/postgresql' user='o\\'k' dbname='shop' sslmode='disable'",
      env: { PGPASSWORD: 'pw' },
    });
    expect(libpqConnection('postgres:///shop', { PGHOST: '/run/pg' }).conninfo).toBe("host='/run/pg' dbname='shop'");
  });

  it('describes the server without credentials and masks passwords', () => {
    expect(describeDatabaseUrl('postgres://u:pw@db.internal/shop', {})).toBe('db.internal:5432/shop');
    expect(describeDatabaseUrl('postgres://shop@/shop?host=/var/run/postgresql&port=5433', {})).toBe('/var/run/postgresql:5433/shop');
    expect(describeDatabaseUrl('host=::1 user=shop', {})).toBe('[::1]:5432/shop');
    expect(maskPassword('postgres://u:pw@h/shop')).toBe('postgres://u:****@h/shop');
    expect(maskPassword('postgres://u@h/shop?password=pw&sslmode=require')).toBe('postgres://u@h/shop?password=****&sslmode=require');
    expect(maskPassword("host=h password='a b' dbname=x")).toBe('host=h password=**** dbname=x');
    expect(maskPassword('smtp://user:pa$$@mail:587')).toBe('smtp://user:****@mail:587');
  });
});
