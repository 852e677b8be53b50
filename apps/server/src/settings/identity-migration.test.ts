import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, selectRows, type Database } from '../db/database.js';
import { createTestDatabase } from '../test/database.js';

// Migration 0032 on a shop that issued bills before it: they keep the details they were printed with (the demo's
// GSTIN with its wrong check character included), while the settings row gets the valid demo GSTIN.
describe('migration 0032 on a shop with bills issued before it', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('backfills the seller of earlier documents from the settings as they were, then mends the demo GSTIN', async () => {
    const { db } = database;
    await db.execute(sql`
      insert into shop_settings (id, name, legal_name, tagline, logo_url, address, phone, email, social_handle, gstin, state)
      values (1, 'Saanjh Boutique', '', '', '/logo.svg', 'Jayanagar, Bengaluru', '+91 80 4123 5678', 'hello@saanjh.example', '', '29ABCDE1234F1Z5', 'Karnataka')`);
    await db.execute(sql`
      insert into bills (invoice_number, financial_year, sequence, subtotal_paise, total_paise, place_of_supply, created_by_label, created_at)
      values ('INV/25-26/00001', '25-26', 1, 149900, 149900, 'Karnataka', 'old counter', '2025-06-01T10:00:00+05:30')`);
    // As the bill stood before the migration: no seller kept.
    await db.execute(sql`update bills set seller = null`);
    const statements = readFileSync(path.join(MIGRATIONS_FOLDER, '0032_shop_identity_seller_snapshots.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*UPDATE/.test(statement));
    expect(statements).toHaveLength(5);
    for (const statement of statements) await db.execute(sql.raw(statement));

    const [bill] = await selectRows<{ seller: Record<string, string> }>(db, sql`select seller from bills`);
    expect(bill!.seller).toEqual({
      name: 'Saanjh Boutique',
      legalName: 'Saanjh Boutique',
      address: 'Jayanagar, Bengaluru',
      state: 'Karnataka',
      gstin: '29ABCDE1234F1Z5',
      phone: '+91 80 4123 5678',
      email: 'hello@saanjh.example',
    });
    const [settings] = await selectRows<{ gstin: string; legal_name: string; saved_at: Date | null }>(
      db,
      sql`select gstin, legal_name, saved_at from shop_settings`,
    );
    expect(settings).toEqual({ gstin: '29ABCDE1234F1ZW', legal_name: 'Saanjh Boutique', saved_at: null });
  });
});
