import { ADMIN_PAGE_SIZE, istDayEnd, istDayStart, type AuditActor, type AuditEntity, type AuditEntry, type AuditQuery } from '@shop/core';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { auditLog } from './tables.js';

// Who made a change (a signed-in admin, or the command line): the pages name the actor too, so the type is core's.
export { actorOf, type AuditActor } from '@shop/core';

export const COMMAND_LINE: AuditActor = { id: null, label: 'command line (admin:create)' };

export interface AuditRecord {
  action: string;
  entity: AuditEntity;
  entityId: string;
  before?: object | null;
  after?: object | null;
}

type Executor = Pick<Db, 'insert'>;

/** Dates and other values as JSON would carry them, so what is stored is what is read back. */
const snapshot = (value: object | null | undefined): Record<string, unknown> | null =>
  value ? (JSON.parse(JSON.stringify(value)) as Record<string, unknown>) : null;

/** Writes one audit entry in the caller's transaction: it commits or rolls back with the change it describes. */
export async function recordAudit(tx: Executor, actor: AuditActor, record: AuditRecord, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorLabel: actor.label,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId,
    before: snapshot(record.before),
    after: snapshot(record.after),
    createdAt: at,
  });
}

/** The owners' view of the audit log, newest first. */
export function createAuditService(db: Db) {
  return {
    async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number; page: number; limit: number }> {
      const page = query.page ?? 1;
      const limit = ADMIN_PAGE_SIZE;
      const where: SQL[] = [];
      if (query.actor) where.push(eq(auditLog.actorId, query.actor));
      if (query.entity) where.push(eq(auditLog.entity, query.entity));
      if (query.entityId) where.push(eq(auditLog.entityId, query.entityId));
      if (query.from) where.push(gte(auditLog.createdAt, istDayStart(query.from)));
      if (query.to) where.push(lt(auditLog.createdAt, istDayEnd(query.to)));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(auditLog).where(condition),
      ]);
      return {
        entries: rows.map((row) => ({
          _id: row.id,
          at: row.createdAt.toISOString(),
          actor: { _id: row.actorId, label: row.actorLabel },
          action: row.action,
          entity: row.entity as AuditEntity,
          entityId: row.entityId,
          before: row.before ?? null,
          after: row.after ?? null,
        })),
        total: Number(counted?.n ?? 0),
        page,
        limit,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
