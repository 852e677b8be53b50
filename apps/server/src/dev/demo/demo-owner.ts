import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { count } from 'drizzle-orm';
import { ARGON2 } from '../../accounts/service.js';
import { accountSnapshot } from '../../admin/service.js';
import { admins } from '../../admin/tables.js';
import { recordAudit, type AuditActor } from '../../audit/service.js';
import type { Db } from '../../db/database.js';
import { advisoryLock } from '../../db/statements.js';

export const DEMO_OWNER_EMAIL = 'owner@example.in';
export const DEMO_START: AuditActor = { id: null, label: 'first start with the demo data', role: 'owner' };

/**
 * With the demo data: an owner with a random password when there is no admin at all, so the back-office can
 * be tried at once. Answers the password (to print once) or null when admins exist.
 */
export async function ensureDemoOwner(db: Db, now = new Date()): Promise<{ email: string; password: string } | null> {
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hash(password, ARGON2);
  return db.transaction(async (tx) => {
    // Instances starting together on one database: one creates the owner, the others find it.
    await advisoryLock(tx, 'demo-owner');
    const [existing] = await tx.select({ n: count() }).from(admins);
    if (Number(existing?.n ?? 0) > 0) return null;
    const [row] = await tx
      .insert(admins)
      .values({ name: 'Demo Owner', email: DEMO_OWNER_EMAIL, passwordHash, role: 'owner', createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, DEMO_START, { action: 'admin.create', entity: 'admin', entityId: row!.id, after: accountSnapshot(row!) }, now);
    return { email: DEMO_OWNER_EMAIL, password };
  });
}
