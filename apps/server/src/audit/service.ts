import { userInfo } from 'node:os';
import { ADMIN_PAGE_SIZE, istDayEnd, istDayStart, type AuditActor, type AuditEntity, type AuditEntry, type AuditQuery } from '@shop/core';
import type { Db } from '../db/database.js';
import { auditPage, insertAuditEntry } from './queries.js';

// Who made a change (a signed-in admin, or the command line): the pages name the actor too, so the type is core's.
// requireOwner is the one check of an owner-only change, made by the service that makes it (ADR 033).
export { actorOf, requireOwner, type AuditActor } from '@shop/core';

export const COMMAND_LINE: AuditActor = { id: null, label: 'command line (admin:create)', role: 'owner' };

/**
 * A command run on the server (`npm run sessions:end`), named with the login that ran it: under `sudo -u shop`
 * the shop user runs it, and sudo says who asked (SUDO_USER).
 */
export function commandLineActor(command: string, env: NodeJS.ProcessEnv = process.env): AuditActor {
  let user = env.SUDO_USER;
  if (!user) {
    try {
      user = userInfo().username;
    } catch {
      user = undefined;
    }
  }
  return { id: null, label: `command line (${command}${user ? `, run by ${user}` : ''})`, role: 'owner' };
}

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
  await insertAuditEntry(tx, {
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
      const { rows, total } = await auditPage(
        db,
        {
          actorId: query.actor,
          entity: query.entity,
          entityId: query.entityId,
          from: query.from ? istDayStart(query.from) : undefined,
          before: query.to ? istDayEnd(query.to) : undefined,
        },
        limit,
        (page - 1) * limit,
      );
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
        total,
        page,
        limit,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
