import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { adminInvites, admins } from './tables.js';

export type AdminRow = typeof admins.$inferSelect;
export type InviteRow = typeof adminInvites.$inferSelect;

/** An admin account by e-mail, locked for a change in the caller's transaction when `lock`. */
export async function adminByEmail(db: Db, email: string, options: { lock?: boolean } = {}): Promise<AdminRow | undefined> {
  const query = db.select().from(admins).where(eq(admins.email, email));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function adminById(db: Db, adminId: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, adminId));
  return row;
}

/** Reads and locks an admin account for a change in the caller's transaction. */
export async function lockAdmin(tx: Db, adminId: string): Promise<AdminRow | undefined> {
  const [row] = await tx.select().from(admins).where(eq(admins.id, adminId)).for('update');
  return row;
}

/** A new admin account, or undefined when the address has one already. */
export async function insertAdmin(tx: Db, values: typeof admins.$inferInsert): Promise<AdminRow | undefined> {
  const [row] = await tx.insert(admins).values(values).onConflictDoNothing({ target: admins.email }).returning();
  return row;
}

export async function updateAdmin(tx: Db, adminId: string, values: Partial<typeof admins.$inferInsert>): Promise<AdminRow> {
  const [row] = await tx.update(admins).set(values).where(eq(admins.id, adminId)).returning();
  return row!;
}

/** Every admin account, oldest first. */
export function allAdmins(db: Db): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(asc(admins.createdAt));
}

/** The addresses of the active owners. */
export async function activeOwnerEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: admins.email })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), eq(admins.active, true)));
  return rows.map((row) => row.email);
}

/** Admins' names by id (removed admins are left out). */
export async function adminNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: admins.id, name: admins.name })
    .from(admins)
    .where(inArray(admins.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** An invite by its token's hash, locked for a change in the caller's transaction when `lock`. */
export async function inviteByTokenHash(db: Db, tokenHash: string, options: { lock?: boolean } = {}): Promise<InviteRow | undefined> {
  const query = db.select().from(adminInvites).where(eq(adminInvites.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Reads and locks an invite for a change in the caller's transaction. */
export async function lockInvite(tx: Db, inviteId: string): Promise<InviteRow | undefined> {
  const [row] = await tx.select().from(adminInvites).where(eq(adminInvites.id, inviteId)).for('update');
  return row;
}

export async function insertInvite(tx: Db, values: typeof adminInvites.$inferInsert): Promise<InviteRow> {
  const [row] = await tx.insert(adminInvites).values(values).returning();
  return row!;
}

export async function updateInvite(tx: Db, inviteId: string, values: Partial<typeof adminInvites.$inferInsert>): Promise<void> {
  await tx.update(adminInvites).set(values).where(eq(adminInvites.id, inviteId));
}

/** The newest invites with the name of the admin who sent each. */
export function newestInvites(db: Db, limit: number): Promise<Array<{ invite: InviteRow; invitedBy: string | null }>> {
  return db
    .select({ invite: adminInvites, invitedBy: admins.name })
    .from(adminInvites)
    .leftJoin(admins, eq(admins.id, adminInvites.createdBy))
    .orderBy(desc(adminInvites.createdAt))
    .limit(limit);
}
