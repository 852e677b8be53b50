import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { auditLog } from './tables.js';

export type AuditRow = typeof auditLog.$inferSelect;

/** Writes one entry in the caller's transaction. */
export async function insertAuditEntry(tx: Pick<Db, 'insert'>, values: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(values);
}

export interface AuditFilter {
  actorId?: string;
  entity?: string;
  entityId?: string;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  before?: Date;
}

/** One page of the entries of a filter, newest first, and how many there are in all. */
export async function auditPage(db: Db, filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.before) where.push(lt(auditLog.createdAt, filter.before));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [counted]] = await Promise.all([
    db.select().from(auditLog).where(condition).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
