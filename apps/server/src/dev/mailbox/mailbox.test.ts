import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../../db/database.js';
import { useTestApp } from '../../test/app.js';
import { uniqueEmail, uniqueIp } from '../../test/accounts.js';
import { DEV_OUTBOX_SCHEMA, devOutbox, ensureDevOutbox } from './outbox.js';

const lines: string[] = [];
const log = { info: (line: string) => lines.push(line), error: () => {} };

/** Every table of the dev outbox, wherever it is: its own schema, or the shared one's `dev_outbox` of before 0031. */
const devOutboxTables = (db: Db) =>
  selectRows<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema = 'dev_mailbox' or table_name = 'dev_outbox' order by 1`,
  );

describe('without SMTP_URL, mail goes to the dev outbox', () => {
  const t = useTestApp({ services: { log } });

  it('keeps the code mail, logs one line and lists it at /dev/mailbox', async () => {
    const email = uniqueEmail();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/user/auth/sendAccountVerificationOtp',
      payload: { email },
      remoteAddress: uniqueIp(),
    });
    expect(sent.statusCode).toBe(200);
    const [line] = lines.filter((item) => item.includes(email));
    expect(line).toMatch(
      new RegExp(`^dev outbox: mail to ${email.replace(/\./g, '\\.')}: "\\d{6} is your Saanjh Boutique verification code"$`),
    );
    const code = /(\d{6})/.exec(line!)![1]!;

    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    expect(page.body).toContain(`${code} is your Saanjh Boutique verification code`);
  });

  it('keeps its mail in a table of its own that it made when it was turned on, not in the shared migrations’ dev_outbox', async () => {
    expect(await devOutboxTables(t.database.db)).toEqual([{ name: 'dev_mailbox.outbox' }]);
    // Turned on again (another instance, a restart): everything is in place already.
    await ensureDevOutbox(t.database.db);
    const columns = await selectRows<{ column_name: string; data_type: string; is_nullable: string }>(
      t.database.db,
      sql`select column_name, data_type, is_nullable from information_schema.columns
          where table_schema = ${DEV_OUTBOX_SCHEMA} and table_name = 'outbox' order by ordinal_position`,
    );
    const config = getTableConfig(devOutbox);
    expect(config.schema).toBe(DEV_OUTBOX_SCHEMA);
    expect(columns.map((row) => `${row.column_name} ${row.data_type}${row.is_nullable === 'NO' ? ' not null' : ''}`)).toEqual(
      config.columns.map((column) => `${column.name} ${column.getSQLType()}${column.notNull ? ' not null' : ''}`),
    );
  });
});

describe('in production', () => {
  // Production refuses the Razorpay emulator: the shop runs with (here unused) real keys.
  const liveKeys = { keyId: 'rzp_live_test0000000001', keySecret: 'live-secret', webhookSecret: 'live-webhook', emulated: false };
  const t = useTestApp({ services: { log, production: true, razorpay: liveKeys }, config: { production: true } });

  it('has no /dev/mailbox and keeps codes out of the log', async () => {
    const email = uniqueEmail();
    await t.app.inject({ method: 'POST', url: '/api/user/auth/sendAccountVerificationOtp', payload: { email }, remoteAddress: uniqueIp() });
    expect(lines.filter((item) => item.includes(email))).toEqual([`dev outbox: mail to ${email}`]);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

describe('a production database (issue 38: dev_outbox was made by the shared migrations)', () => {
  // What production runs: the migrations, a mail server (config refuses production without SMTP_URL), real keys.
  const liveKeys = { keyId: 'rzp_live_test0000000002', keySecret: 'live-secret', webhookSecret: 'live-webhook', emulated: false };
  const t = useTestApp({
    services: { log, production: true, razorpay: liveKeys, smtpUrl: 'smtp://127.0.0.1:2525' },
    config: { production: true },
  });

  it('has no dev outbox table', async () => {
    expect(t.services.outbox).toBeNull();
    expect(await devOutboxTables(t.database.db)).toEqual([]);
  });
});
