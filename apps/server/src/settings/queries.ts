import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { statement } from '../db/statements.js';
import { shopSettings } from './tables.js';

export type SettingsRow = typeof shopSettings.$inferSelect;
type SettingsValues = Omit<typeof shopSettings.$inferInsert, 'id' | 'updatedAt' | 'savedAt'>;

/** The one settings row (id 1), or undefined before the shop is set up. */
export async function settingsRow(executor: Db): Promise<SettingsRow | undefined> {
  const [row] = await settingsStatement(executor, { id: 1 });
  return row;
}

// Every order's mail reads it: built once (db/statements.ts).
const settingsStatement = statement('shop_settings_row', (db, name) =>
  db
    .select()
    .from(shopSettings)
    .where(eq(shopSettings.id, sql.placeholder('id')))
    .prepare(name),
);

/** The settings row locked for the rest of the transaction: two owners saving at once write one after the other. */
export async function lockedSettingsRow(tx: Db): Promise<SettingsRow | undefined> {
  const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
  return row;
}

/** Writes the settings row as the owner saved them (saved_at: no longer the demo's), creating it when there is none. */
export async function saveSettings(db: Db, values: SettingsValues, at: Date): Promise<SettingsRow> {
  const [row] = await db
    .insert(shopSettings)
    .values({ id: 1, ...values, updatedAt: at, savedAt: at })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: at, savedAt: at } })
    .returning();
  return row!;
}

/** Creates the settings row with these values when there is none; never overwrites. */
export async function createSettingsOnce(db: Db, values: SettingsValues): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ id: 1, ...values })
    .onConflictDoNothing({ target: shopSettings.id });
}
